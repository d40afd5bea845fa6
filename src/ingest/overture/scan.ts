import { type Cell, OversizedValue, type Picked } from "../readers/parquet-leaf.js";
import { MAX_VALUE_BYTES } from "../readers/parquet-limits.js";
import type { PlaceField } from "./columns.js";
import { TERRITORIES } from "./columns.js";
import { incompatibleLicences } from "./licence.js";
import type { PlacesFile } from "./places-file.js";

/** What the scan keeps of a places file: the categories to keep and the lowest confidence. */
export interface PlaceFilter {
  categories: readonly string[];
  minConfidence: number;
}

/** Why a place of a wanted category is not published (the problem codes of docs/ingest.md). */
export type PlaceRejection =
  | "licence_incompatible"
  | "outside_us"
  | "closed"
  | "low_confidence"
  | "row_too_large";

/** The decision on one place of a wanted category: kept, or rejected with every reason. */
export interface Verdict {
  /** Row within its group. */
  row: number;
  reasons: { code: PlaceRejection; message: string }[];
}

const utf8 = new TextDecoder();

/**
 * The rows of a row group whose primary or alternate category is one of the wanted ones (`categories`, else — in
 * the releases that replaced it — `taxonomy`): only their other fields are ever read. The test runs once per
 * dictionary entry of the category columns, so that most of the millions of places are never looked at one by one.
 */
export async function wantedRows(file: PlacesFile, index: number, filter: PlaceFilter): Promise<number[]> {
  const wanted = new Set(filter.categories);
  const lengths = new Set(filter.categories.map((c) => Buffer.byteLength(c)));
  const test = (c: Cell) => c instanceof Uint8Array && lengths.has(c.length) && wanted.has(utf8.decode(c));
  const read = file.group(index);
  const n = read.rows;
  read.charge(n, `a mark for each of the ${n} rows the row group declares`);
  const marks = new Uint8Array(n);
  const fields =
    file.leaves.category !== null
      ? (["category", "alternates"] as const)
      : (["taxonomy", "taxonomyAlternates"] as const);
  for (const chunk of await Promise.all(fields.map((f) => read.chunk(f)))) chunk?.markRows(marks, test);
  const rows: number[] = [];
  for (let i = 0; i < n; i++) if (marks[i]) rows.push(i);
  return rows;
}

/**
 * Decides, for each wanted row, whether it is published: not when a source's licence is not compatible with ours
 * (`licence_incompatible`), the place is outside the United States and its territories (`outside_us`: a bounding
 * box of the US holds Canadian and Mexican places), it is closed for good or for now (`closed`), or Overture's
 * confidence that it exists is under the minimum (`low_confidence`). Every reason is given.
 */
export async function verdicts(
  file: PlacesFile,
  index: number,
  rows: readonly number[],
  filter: PlaceFilter,
): Promise<Verdict[]> {
  const read = file.group(index);
  const fields = ["sourceLicense", "country", "status", "confidence"] as const;
  const [licences, countries, statuses, confidences] = await Promise.all(
    fields.map(async (f) => (await read.chunk(f))?.pick(rows)),
  );
  return rows.map((row, k) => {
    const reasons: Verdict["reasons"] = [];
    const large = oversized(file, fields, [licences, countries, statuses, confidences], k);
    if (large) return { row, reasons: [large] };
    const bad = incompatibleLicences((licences?.[k] ?? []).map((c) => text(c)));
    if (bad.length)
      reasons.push({
        code: "licence_incompatible",
        message: `a source of the place is licensed ${bad.join(", ")}, which does not allow it in a CC-BY-4.0 release; not published`,
      });
    const country = firstText(countries?.[k]);
    if (country !== null && country.toUpperCase() !== "US" && !TERRITORIES.has(country.toUpperCase()))
      reasons.push({
        code: "outside_us",
        message: `the place is outside the United States (country ${country})`,
      });
    const status = firstText(statuses?.[k]);
    if (status === "permanently_closed" || status === "temporarily_closed")
      reasons.push({
        code: "closed",
        message: `Overture marks the place ${status.replace("_", " ")}${status === "temporarily_closed" ? " (a patient must not be sent to a closed door; it comes back when it reopens)" : ""}`,
      });
    const confidence = confidences?.[k]?.[0];
    if (
      typeof confidence === "number" &&
      confidence < filter.minConfidence &&
      status !== "permanently_closed"
    )
      reasons.push({
        code: "low_confidence",
        message: `Overture's confidence that the place exists is ${confidence}, under the minimum of ${filter.minConfidence} (--min-confidence)`,
      });
    return { row, reasons };
  });
}

/**
 * The rejection of a row one of whose values is longer than MAX_VALUE_BYTES (never decoded into text), naming the
 * column and the size; null when every value of the row is within it.
 * @example oversized(file, ["name"], [picked], 0) // { code: "row_too_large", message: "the value of names.primary is 52428800 bytes long, …" }
 */
export function oversized(
  file: PlacesFile,
  fields: readonly PlaceField[],
  values: readonly (Picked[][] | undefined)[],
  k: number,
): { code: "row_too_large"; message: string } | null {
  for (const [i, field] of fields.entries())
    for (const c of values[i]?.[k] ?? [])
      if (c instanceof OversizedValue)
        return {
          code: "row_too_large",
          message: `the value of ${file.leaves[field]?.name ?? field} is ${c.bytes} bytes long, over the ${MAX_VALUE_BYTES}-byte limit of a value; the place is skipped`,
        };
  return null;
}

/** The first value of a field that has one (the first address's country), as text. */
export function firstText(cells: readonly Picked[] | undefined): string | null {
  for (const c of cells ?? []) if (c instanceof Uint8Array) return utf8.decode(c);
  return null;
}

const text = (c: Picked): string | null => (c instanceof Uint8Array ? utf8.decode(c) : null);
