import { z } from "zod";
import type { ListedRecord } from "../../evidence/kept.js";
import { Evidence, type EvidenceSource, type Taxonomy } from "../../schema/evidence.js";
import { normaliseList } from "../normalise/lists.js";
import { normaliseName } from "../normalise/name.js";
import { cleanText } from "../normalise/text.js";
import type { BoundMapping } from "../row-access.js";

/** Reports a value of the row that could not be read (a repair: the record is published without it). */
type Repair = (field: string, code: string, message: string) => void;

/**
 * What one source record says about its place, as the evidence publishes it: the source and its kind (the
 * profile's `source_type`), the record's id and date, the name it lists the place under and its other names, and
 * what that kind of source adds — a registry's taxonomies with their slots and its parent organisation, a places
 * data set's categories, confidence and the data sets behind it, a brand. Made once per row, in the normalise
 * stage; the merge stage decides the kind and level from the listings of every source (`placeEvidence`).
 * @example listingOf(bound, values, { source: "CMS NPPES", sourceId: "npi:1234567893", name: "Quickmend Urgent Care", date: "2025-03-05", brand: null }, repair)
 */
export function listingOf(
  m: BoundMapping,
  values: Record<string, unknown>,
  r: ListedRecord,
  repair: Repair,
): EvidenceSource {
  const text = (field: Parameters<BoundMapping["raw"]>[1]) => cleanText(m.raw(values, field), m.blanks);
  const recase = m.mapping.proper_case;
  const strip = m.mapping.strip_company_forms;
  const named = (n: string) => normaliseName(n, recase, strip);
  const legalText = text("legal_name");
  const legal = legalText === null ? null : named(legalText);
  const otherNames = normaliseList(m.raw(values, "other_names"), m.mapping.list_separator)
    .map(named)
    .filter((n, i, all) => n !== r.name && n !== legal && all.indexOf(n) === i);
  const parent = text("parent_organisation");
  return {
    type: m.mapping.source_type,
    name: r.source,
    id: r.sourceId,
    date: r.date,
    listed_as: r.name,
    legal_name: legal,
    other_names: otherNames,
    taxonomies: readTaxonomies(m.raw(values, "taxonomies"), m.mapping.list_separator, repair),
    parent_organisation: parent === null ? null : named(parent),
    category: text("category"),
    alternate_categories: normaliseList(m.raw(values, "alternate_categories"), m.mapping.list_separator),
    confidence: readConfidence(text("confidence"), repair),
    based_on: normaliseList(m.raw(values, "based_on"), m.mapping.list_separator),
    brand: r.brand?.name ?? null,
    brand_wikidata: r.brand?.wikidata ?? null,
  };
}

const TAXONOMY_ITEM = /^([0-9A-Z]{9}X)(?:@(\d{1,2}))?(\*)?$/;

/**
 * A registry's taxonomies from a cell: `CODE@SLOT`, `*` after the primary one (`193200000X@1*|261QU0200X@2`, as the
 * NPPES reader writes them), or bare codes (`261QU0200X|207Q00000X`: slots in order, none primary), or a list of
 * `{code, slot, primary}` objects (our own exports); in slot order. An item that is none of these is dropped and
 * reported.
 * @example readTaxonomies("193200000X@1*|261QU0200X@2", "|", report) // [{ code: "193200000X", slot: 1, primary: true }, { code: "261QU0200X", slot: 2, primary: false }]
 */
export function readTaxonomies(raw: unknown, separator: string, repair: Repair): Taxonomy[] {
  if (raw === null || raw === undefined) return [];
  const items: unknown[] = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(separator) : [raw];
  const out: Taxonomy[] = [];
  items.forEach((item, i) => {
    if (typeof item === "object" && item !== null) {
      const t = TaxonomyItem.safeParse(item);
      if (t.success) out.push(t.data);
      else repair("taxonomies", "invalid_evidence", "a taxonomy that is not {code, slot, primary}; dropped");
      return;
    }
    const t = String(item).trim().toUpperCase();
    if (t === "") return;
    const match = TAXONOMY_ITEM.exec(t);
    const slot = match?.[2] === undefined ? i + 1 : Number(match[2]);
    if (!match || slot < 1 || slot > 15) {
      repair("taxonomies", "invalid_evidence", `"${t}" is not a NUCC taxonomy code (and slot 1–15); dropped`);
      return;
    }
    out.push({ code: match[1] as string, slot, primary: match[3] === "*" });
  });
  return out.sort((a, b) => a.slot - b.slot);
}

const TaxonomyItem = z.strictObject({
  code: z.string().regex(/^[0-9A-Z]{9}X$/),
  slot: z.int().min(1).max(15),
  primary: z.boolean(),
});

function readConfidence(text: string | null, repair: Repair): number | null {
  if (text === null) return null;
  const n = /^(?:0(?:\.\d+)?|1(?:\.0+)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isNaN(n)) {
    repair("confidence", "invalid_evidence", `"${text}" is not a confidence from 0 to 1; dropped`);
    return null;
  }
  return n;
}

/**
 * The kind and evidence our own export carries (`evidence` as JSON text in CSV and Parquet, an object in JSON),
 * with its `kind` column; null when absent, and dropped (reported) when it is not the evidence of a place.
 */
export function givenEvidence(
  m: BoundMapping,
  values: Record<string, unknown>,
  repair: Repair,
): Evidence | null {
  const raw = m.raw(values, "evidence");
  if (raw === null || raw === undefined) return null;
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  const parsed = Evidence.safeParse(value);
  const kind = cleanText(m.raw(values, "kind"), m.blanks);
  if (parsed.success && (kind === null || kind === parsed.data.kind)) return parsed.data;
  repair(
    "evidence",
    "invalid_evidence",
    parsed.success
      ? `the kind "${kind}" is not the evidence's ("${parsed.data.kind}"); the evidence was decided again`
      : "not the evidence of a place ({kind, level, reason, against, sources}); decided again",
  );
  return null;
}
