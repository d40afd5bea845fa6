// @ts-check
// The column layouts of CMS's NPPES Data Dissemination files, in file order, with the header names as CMS writes
// them (the "NPPES Data Dissemination – Readme", Exhibits 2-1 to 2-4, checked against the header lists of public
// code that reads the real files: the readme's table says "Other Provider Identifier Issue_N" where the files say
// "Issuer_N", and "Address- Address Line 2" where the files say "Address-  Address Line 2", two spaces; V2 files
// (December 2024 on) say "Provider Sex Code" where older ones said "Provider Gender Code").

/** @param {string} name @param {number} count @returns {string[]} */
const numbered = (name, count) => Array.from({ length: count }, (_, i) => `${name}_${i + 1}`);

/** The 47 identity, name, address, date and authorized-official columns that open the main file. */
const IDENTITY = [
  "NPI",
  "Entity Type Code",
  "Replacement NPI",
  "Employer Identification Number (EIN)",
  "Provider Organization Name (Legal Business Name)",
  "Provider Last Name (Legal Name)",
  "Provider First Name",
  "Provider Middle Name",
  "Provider Name Prefix Text",
  "Provider Name Suffix Text",
  "Provider Credential Text",
  "Provider Other Organization Name",
  "Provider Other Organization Name Type Code",
  "Provider Other Last Name",
  "Provider Other First Name",
  "Provider Other Middle Name",
  "Provider Other Name Prefix Text",
  "Provider Other Name Suffix Text",
  "Provider Other Credential Text",
  "Provider Other Last Name Type Code",
  "Provider First Line Business Mailing Address",
  "Provider Second Line Business Mailing Address",
  "Provider Business Mailing Address City Name",
  "Provider Business Mailing Address State Name",
  "Provider Business Mailing Address Postal Code",
  "Provider Business Mailing Address Country Code (If outside U.S.)",
  "Provider Business Mailing Address Telephone Number",
  "Provider Business Mailing Address Fax Number",
  "Provider First Line Business Practice Location Address",
  "Provider Second Line Business Practice Location Address",
  "Provider Business Practice Location Address City Name",
  "Provider Business Practice Location Address State Name",
  "Provider Business Practice Location Address Postal Code",
  "Provider Business Practice Location Address Country Code (If outside U.S.)",
  "Provider Business Practice Location Address Telephone Number",
  "Provider Business Practice Location Address Fax Number",
  "Provider Enumeration Date",
  "Last Update Date",
  "NPI Deactivation Reason Code",
  "NPI Deactivation Date",
  "NPI Reactivation Date",
  "Provider Sex Code",
  "Authorized Official Last Name",
  "Authorized Official First Name",
  "Authorized Official Middle Name",
  "Authorized Official Title or Position",
  "Authorized Official Telephone Number",
];

/** Number of taxonomy slots (code, licence, licence state, primary switch) and of other-identifier slots. */
export const TAXONOMY_SLOTS = 15;
export const IDENTIFIER_SLOTS = 50;

/**
 * The 330 columns of `npidata_pfile_<from>-<to>.csv`, in file order.
 * @type {readonly string[]}
 */
export const NPPES_COLUMNS = Object.freeze([
  ...IDENTITY,
  ...Array.from({ length: TAXONOMY_SLOTS }, (_, i) => [
    `Healthcare Provider Taxonomy Code_${i + 1}`,
    `Provider License Number_${i + 1}`,
    `Provider License Number State Code_${i + 1}`,
    `Healthcare Provider Primary Taxonomy Switch_${i + 1}`,
  ]).flat(),
  ...Array.from({ length: IDENTIFIER_SLOTS }, (_, i) => [
    `Other Provider Identifier_${i + 1}`,
    `Other Provider Identifier Type Code_${i + 1}`,
    `Other Provider Identifier State_${i + 1}`,
    `Other Provider Identifier Issuer_${i + 1}`,
  ]).flat(),
  "Is Sole Proprietor",
  "Is Organization Subpart",
  "Parent Organization LBN",
  "Parent Organization TIN",
  "Authorized Official Name Prefix Text",
  "Authorized Official Name Suffix Text",
  "Authorized Official Credential Text",
  ...numbered("Healthcare Provider Taxonomy Group", TAXONOMY_SLOTS),
  "Certification Date",
]);

/** Columns of `othername_pfile_<from>-<to>.csv`: every other name of an organisation, one per line. */
export const OTHERNAME_COLUMNS = Object.freeze([
  "NPI",
  "Provider Other Organization Name",
  "Provider Other Organization Name Type Code",
]);

/** Columns of `pl_pfile_<from>-<to>.csv`: the secondary practice locations (spellings, spaces included, as CMS's). */
export const PL_COLUMNS = Object.freeze([
  "NPI",
  "Provider Secondary Practice Location Address- Address Line 1",
  "Provider Secondary Practice Location Address-  Address Line 2",
  "Provider Secondary Practice Location Address - City Name",
  "Provider Secondary Practice Location Address - State Name",
  "Provider Secondary Practice Location Address - Postal Code",
  "Provider Secondary Practice Location Address - Country Code (If outside U.S.)",
  "Provider Secondary Practice Location Address - Telephone Number",
  "Provider Secondary Practice Location Address - Telephone Extension",
  "Provider Practice Location Address - Fax Number",
]);

/** Columns of `endpoint_pfile_<from>-<to>.csv` (Exhibit 2-4). */
export const ENDPOINT_COLUMNS = Object.freeze([
  "NPI",
  "Endpoint Type",
  "Endpoint Type Description",
  "Endpoint",
  "Affiliation",
  "Endpoint Description",
  "Affiliation Legal Business Name",
  "Use Code",
  "Use Description",
  "Other Use Description",
  "Content Type",
  "Content Description",
  "Other Content Description",
  "Affiliation Address Line One",
  "Affiliation Address Line Two",
  "Affiliation Address City",
  "Affiliation Address State",
  "Affiliation Address Country",
  "Affiliation Address Line Postal Code",
]);

/** The header of the deactivation report (the real one is an .xlsx: see docs/benchmarks.md, "NPPES filter"). */
export const DEACTIVATION_COLUMNS = Object.freeze(["NPI", "NPPES Deactivation Date"]);

/**
 * A CSV line the way CMS writes one: every cell quoted, a `"` inside a value replaced by `'` (the readme's rule,
 * so no cell ever needs escaping), the given line end.
 * @param {readonly string[]} cells
 * @param {string} eol
 * @example quotedLine(["1", 'A "B"'], "\r\n") // '"1","A \'B\'"\r\n'
 */
export function quotedLine(cells, eol) {
  return `"${cells.map((c) => c.replaceAll('"', "'")).join('","')}"${eol}`;
}
