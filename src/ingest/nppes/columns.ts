/**
 * The columns of CMS's NPPES data dissemination files that the importer reads, by their header names (CMS,
 * "NPPES Data Dissemination – Readme", file layouts 2.1–2.3). Columns are found by name, never by position; names
 * are compared by `columnKey` (case, spacing and the spaces around hyphens ignored: CMS's headers are not
 * consistent about them, e.g. `Address- Address Line 1` beside `Address - City Name`).
 */

/** Taxonomy slots of the main file: `Healthcare Provider Taxonomy Code_1` … `_15`. */
export const TAXONOMY_SLOTS = 15;

/** The urgent care taxonomy code (NUCC: Ambulatory Health Care Facilities, Clinic/Center, Urgent Care). */
export const URGENT_CARE_TAXONOMY = "261QU0200X";

/**
 * How messages name taxonomy codes: the ones asked for (`--taxonomy`), not urgent care unless it is among them.
 * @example taxonomyWords(["261QU0200X"]) // "the urgent care taxonomy (261QU0200X)"
 * @example taxonomyWords(["207Q00000X", "208D00000X"]) // "one of the taxonomies 207Q00000X, 208D00000X"
 */
export function taxonomyWords(codes: readonly string[]): string {
  const list = [...new Set(codes.map((c) => c.toUpperCase()))];
  if (list.length === 1 && list[0] === URGENT_CARE_TAXONOMY)
    return `the urgent care taxonomy (${URGENT_CARE_TAXONOMY})`;
  return list.length === 1 ? `the taxonomy ${list[0]}` : `one of the taxonomies ${list.join(", ")}`;
}

/** The main file (`npidata_pfile_<from>-<to>.csv`). */
export const MAIN = {
  npi: "NPI",
  entityType: "Entity Type Code",
  legalName: "Provider Organization Name (Legal Business Name)",
  otherName: "Provider Other Organization Name",
  otherNameType: "Provider Other Organization Name Type Code",
  street: "Provider First Line Business Practice Location Address",
  street2: "Provider Second Line Business Practice Location Address",
  city: "Provider Business Practice Location Address City Name",
  state: "Provider Business Practice Location Address State Name",
  zip: "Provider Business Practice Location Address Postal Code",
  country: "Provider Business Practice Location Address Country Code (If outside U.S.)",
  phone: "Provider Business Practice Location Address Telephone Number",
  lastUpdate: "Last Update Date",
  deactivated: "NPI Deactivation Date",
  reactivated: "NPI Reactivation Date",
  subpart: "Is Organization Subpart",
  parent: "Parent Organization LBN",
} as const;

/** `Healthcare Provider Taxonomy Code_N` for N = 1 … 15. */
export const TAXONOMY_COLUMNS: readonly string[] = Array.from(
  { length: TAXONOMY_SLOTS },
  (_, i) => `Healthcare Provider Taxonomy Code_${i + 1}`,
);

/** `Healthcare Provider Primary Taxonomy Switch_N` for N = 1 … 15: `Y` on the slot the provider calls primary. */
export const PRIMARY_SWITCH_COLUMNS: readonly string[] = Array.from(
  { length: TAXONOMY_SLOTS },
  (_, i) => `Healthcare Provider Primary Taxonomy Switch_${i + 1}`,
);

/** Main-file columns without which no clinic can be read (a file missing one is refused). */
export const MAIN_REQUIRED: readonly string[] = [
  MAIN.npi,
  MAIN.entityType,
  MAIN.legalName,
  MAIN.street,
  MAIN.city,
  MAIN.state,
  MAIN.zip,
  MAIN.lastUpdate,
  MAIN.deactivated,
  TAXONOMY_COLUMNS[0] as string,
];

/** The other-name file (`othername_pfile_…`): every other name of an organisation. */
export const OTHER_NAME = {
  npi: "NPI",
  name: "Provider Other Organization Name",
  type: "Provider Other Organization Name Type Code",
} as const;

/** The practice-location file (`pl_pfile_…`): an NPI's secondary practice locations. */
export const LOCATION = {
  npi: "NPI",
  street: "Provider Secondary Practice Location Address- Address Line 1",
  street2: "Provider Secondary Practice Location Address- Address Line 2",
  city: "Provider Secondary Practice Location Address - City Name",
  state: "Provider Secondary Practice Location Address - State Name",
  zip: "Provider Secondary Practice Location Address - Postal Code",
  country: "Provider Secondary Practice Location Address - Country Code (If outside U.S.)",
  phone: "Provider Secondary Practice Location Address - Telephone Number",
} as const;

/** CMS's deactivation report (`NPPES Deactivated NPI Report`), read as CSV. */
export const DEACTIVATION = { npi: "NPI", date: "NPPES Deactivation Date" } as const;

/** Other-name type code of a "doing business as" name. */
export const DBA_TYPE = "3";

/** The kinds of NPPES file, told apart by their headers. */
export type NppesFileKind = "main" | "othername" | "pl" | "deactivation";

/**
 * The comparison key of a column name: lower case, runs of spaces as one, no spaces around hyphens.
 * @example columnKey("Provider Secondary Practice Location Address-  Address Line 2") // "provider secondary practice location address-address line 2"
 */
export function columnKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/\s*-\s*/g, "-");
}

/**
 * Which NPPES file a header belongs to; null when it is none of them.
 * @example nppesFileKind(["NPI", "Entity Type Code", …, "Healthcare Provider Taxonomy Code_1", …]) // "main"
 */
export function nppesFileKind(header: readonly string[]): NppesFileKind | null {
  const keys = new Set(header.map(columnKey));
  const has = (...names: string[]) => names.every((n) => keys.has(columnKey(n)));
  if (!has("NPI")) return null;
  if (has(MAIN.entityType, TAXONOMY_COLUMNS[0] as string)) return "main";
  if (has(LOCATION.street, LOCATION.zip)) return "pl";
  if (has(OTHER_NAME.name, OTHER_NAME.type) && header.length <= 4) return "othername";
  if (has(DEACTIVATION.date)) return "deactivation";
  return null;
}

/** Column positions of a header by `columnKey`; the first copy of a repeated name wins. */
export function columnIndex(header: readonly string[]): (name: string) => number {
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const k = columnKey(h);
    if (!index.has(k)) index.set(k, i);
  });
  return (name) => index.get(columnKey(name)) ?? -1;
}
