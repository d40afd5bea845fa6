/** Words kept in capitals: degrees, company forms, Roman numerals, acronyms common in clinic names and streets. */
const KEEP_UPPER = new Set([
  "MD",
  "DO",
  "PA",
  "NP",
  "FNP",
  "APRN",
  "DDS",
  "DMD",
  "OD",
  "DPM",
  "RN",
  "PC",
  "PLLC",
  "LLC",
  "LLP",
  "LP",
  "PLC",
  "USA",
  "US",
  "II",
  "III",
  "IV",
  "VI",
  "VII",
  "VIII",
  "IX",
  "XI",
  "XII",
  "ER",
  "ENT",
  "OB",
  "GYN",
  "OBGYN",
  "HIV",
  "ICU",
  "MRI",
  "EKG",
  "ECG",
  "AFC",
  "CVS",
  "HCA",
  "UPMC",
  "NYU",
  "UCLA",
  "UCSF",
  "UCSD",
  "UAB",
  "UNC",
  "USC",
  "VA",
  "YMCA",
  "PO",
  "NE",
  "NW",
  "SE",
  "SW",
  "FM",
  "RR",
  "SR",
  "CR",
  "DBA",
  "ASAP",
  "UC",
  "AMC",
  "SSM",
  "HCMC",
  "MUSC",
]);

/** Short words written in lower case inside a name (never as its first word). */
const SMALL = new Set(["of", "and", "the", "at", "for"]);

/**
 * Proper-cases text written ALL IN CAPITALS, as many registries export it; text with any lower-case letter
 * is taken as already cased and returned unchanged, which makes the rule idempotent. Keeps acronyms and
 * suffixes (MD, LLC, PC, II, III, USA), lower-cases ordinal suffixes (1st, 22nd), and handles Mc, O' and D'.
 * @example properCase("MCALLEN PEDIATRIC URGENT CARE OF THE VALLEY LLC") // "McAllen Pediatric Urgent Care of the Valley LLC"
 * @example properCase("1ST AVE NE") // "1st Ave NE"
 * @example properCase("O'BRIEN FAMILY CLINIC, PC") // "O'Brien Family Clinic, PC"
 */
export function properCase(text: string): string {
  if (/\p{Ll}/u.test(text) || !/\p{Lu}/u.test(text)) return text;
  return text
    .split(" ")
    .map((token, i) => token.replace(/[\p{L}\p{N}'’.]+/gu, (word) => caseWord(word, i === 0)))
    .join(" ");
}

function caseWord(word: string, first: boolean): string {
  const bare = word.replace(/\./g, "");
  if (KEEP_UPPER.has(bare)) return word;
  if (/^\d+(?:ST|ND|RD|TH)$/.test(bare)) return word.toLowerCase();
  if (/\d/.test(word)) return word;
  if (/^(?:\p{Lu}\.){2,}\p{Lu}?$/u.test(word)) return word; // U.S., D.C.
  const lower = word.toLowerCase();
  if (!first && SMALL.has(lower)) return lower;
  const mc = /^mc(\p{L}{2,})$/u.exec(lower);
  if (mc) return `Mc${capitalise(mc[1] as string)}`;
  const od = /^([od])['’](\p{L}{2,})$/u.exec(lower);
  if (od) return `${(od[1] as string).toUpperCase()}'${capitalise(od[2] as string)}`;
  return capitalise(lower);
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
