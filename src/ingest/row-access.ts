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
  /** Every non-blank raw value of a field, in column order (duplicated columns included). */
  all(values: Record<string, unknown>, field: MappableField): unknown[];
  /** Required fields none of whose columns the file has. */
  missing: MappableField[];
}

/**
 * Binds a mapping to a file's columns.
 * @example bindMapping(HIFLD_PROFILE, ["OBJECTID", "ID", "NAME", …]).missing // []
 */
export function bindMapping(mapping: Mapping, header: readonly string[]): BoundMapping {
  // A duplicated column arrives as "X", "X#2", …: each mapped name binds all its copies, in order.
  const byLower = new Map<string, string[]>();
  for (const h of header) {
    const key = h.trim().toLowerCase().replace(DUPLICATE_SUFFIX, "");
    const list = byLower.get(key);
    if (list) list.push(h);
    else byLower.set(key, [h]);
  }
  const resolved = new Map<MappableField, readonly string[]>();
  const blanks = blankSet(mapping.blanks);
  const columns = (field: MappableField) => {
    let r = resolved.get(field);
    if (!r) {
      r = columnsOf(mapping, field).flatMap((c) => byLower.get(c.toLowerCase()) ?? []);
      resolved.set(field, r);
    }
    return r;
  };
  return {
    mapping,
    blanks,
    columns,
    raw(values, field) {
      for (const c of columns(field)) {
        const v = values[c];
        if (!isBlank(v, blanks)) return v;
      }
      return null;
    },
    all(values, field) {
      return columns(field)
        .map((c) => values[c])
        .filter((v) => !isBlank(v, blanks));
    },
    missing: mapping.required.filter((f) => columns(f).length === 0),
  };
}

/** The suffix a reader gives the second and later copies of a duplicated column name: "X#2". */
export const DUPLICATE_SUFFIX = /#\d+$/;

function isBlank(v: unknown, blanks: ReadonlySet<string>): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v !== "string") return false;
  const t = v.trim();
  return t === "" || blanks.has(t.toUpperCase());
}
