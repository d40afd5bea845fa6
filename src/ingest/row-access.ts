import { blankSet } from "./normalise/text.js";
import { columnsOf, type MappableField, type Mapping } from "./profiles/mapping.js";

/** A mapping bound to the actual header of one file: column names resolved case-insensitively, once. */
export interface BoundMapping {
  mapping: Mapping;
  blanks: ReadonlySet<string>;
  /** Actual column names of a field in this file, in order of preference. */
  columns(field: MappableField): readonly string[];
  /** The first non-blank raw value of a field (the raw value itself for arrays and objects). */
  raw(values: Record<string, unknown>, field: MappableField): unknown;
  /** Required fields none of whose columns the file has. */
  missing: MappableField[];
}

/**
 * Binds a mapping to a file's columns.
 * @example bindMapping(HIFLD_PROFILE, ["OBJECTID", "ID", "NAME", …]).missing // []
 */
export function bindMapping(mapping: Mapping, header: readonly string[]): BoundMapping {
  const byLower = new Map<string, string>();
  for (const h of header) if (!byLower.has(h.trim().toLowerCase())) byLower.set(h.trim().toLowerCase(), h);
  const resolved = new Map<MappableField, readonly string[]>();
  const blanks = blankSet(mapping.blanks);
  const columns = (field: MappableField) => {
    let r = resolved.get(field);
    if (!r) {
      r = columnsOf(mapping, field)
        .map((c) => byLower.get(c.toLowerCase()))
        .filter((c): c is string => c !== undefined);
      resolved.set(field, r);
    }
    return r;
  };
  return {
    mapping,
    blanks,
    columns,
    raw(values, field) {
      const cols = columns(field);
      for (const c of cols) {
        const v = values[c];
        if (v === null || v === undefined) continue;
        if (typeof v === "string") {
          const t = v.trim();
          if (t === "" || blanks.has(t.toUpperCase())) continue;
        }
        return v;
      }
      return null;
    },
    missing: mapping.required.filter((f) => columns(f).length === 0),
  };
}
