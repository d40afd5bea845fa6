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
  "TLC",
  "ACC",
  "UT",
  "UVA",
  "VCU",
  "OSF",
  "HCA",
  "MGH",
  "UH",
  "UW",
  "UNM",
  "OHSU",
  "SIU",
  "ASAP",
]);

/**
 * Abbreviations without a vowel that are words, not acronyms: street types and titles. Any other all-consonant
 * word of two or more letters (MGH, TLC, DFW, CVS) is an acronym and keeps its capitals.
 */
const CONSONANT_WORDS = new Set(
  "ST STS MT FT DR JR SR MR MRS MS PL BLVD HWY HWYS RD RDS LN CT CTS PKWY PKWYS SQ TRL CV XING BLDG STE FWY HTS JCT MKT CTR CTRS RM CSWY RDG CRK PLZ BCH CLFS CRST FRST GRN GRNS HL HLS MNR PT PTS SHR SHRS SPG SPGS STA STRM VLG VLY VLYS VW VWS WY BND BRG BYP CNTR CRCL CRSE DL DV EXPY EXT FLD FLDS FLS FRD FRK FRKS FRY GDN GDNS GLN HBR HVN KNL KNLS LCK LDG LGT MDW MDWS ML MLS MSN MTN MTWY NCK PKY PNE PNES PRT PRTS PSGE RNCH RPD RPDS RST SHL SMT STRA STRT TPKE TRCE TRFY TRK TRWY UPAS VIA VIS VL VLGS WLS XRD PH SGT CPL LT CPT GEN HQ NR BR".split(
    " ",
  ),
);
/** Words kept in capitals when they stand together, as in "AM/PM" and "AM PM" (an "AM" alone is a word). */
const PAIRED_UPPER = /^(?:AM\/PM|AM-PM)$/;
/** Street designators whose state code stays in capitals: "NC Highway 55", "TX-71", "FL Route 9". */
const STATE_ROUTE = /^(?:HIGHWAY|HWY|ROUTE|RTE|RT|ROAD|STATE|SPUR|LOOP)$/;
const STATE_CODES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(
    " ",
  ),
);

/** Short words written in lower case inside a name (never as its first word). */
const SMALL = new Set(["of", "and", "the", "at", "for"]);

/**
 * Proper-cases text written ALL IN CAPITALS, as many registries export it; text with any lower-case letter
 * is taken as already cased and returned unchanged, which makes the rule idempotent. Keeps acronyms and
 * suffixes (MD, LLC, PC, II, III, USA), words without a vowel that are not street abbreviations (MGH, TLC, DFW),
 * AM/PM, and a state code before a road word ("NC Highway 55"); lower-cases ordinal suffixes (1st, 22nd), and
 * handles Mc, O' and D'.
 * @example properCase("MCALLEN PEDIATRIC URGENT CARE OF THE VALLEY LLC") // "McAllen Pediatric Urgent Care of the Valley LLC"
 * @example properCase("1ST AVE NE") // "1st Ave NE"
 * @example properCase("O'BRIEN FAMILY CLINIC, PC") // "O'Brien Family Clinic, PC"
 */
export function properCase(text: string): string {
  if (/\p{Ll}/u.test(text) || !/\p{Lu}/u.test(text)) return text;
  const tokens = text.split(" ");
  return tokens
    .map((token, i) => {
      if (PAIRED_UPPER.test(token)) return token;
      const next = (tokens[i + 1] ?? "").replace(/[^\p{L}]/gu, "");
      const stateRoute = STATE_CODES.has(token.replace(/[-,]$/, "")) && STATE_ROUTE.test(next);
      const stateDash = /^[A-Z]{2}-\d/.test(token) && STATE_CODES.has(token.slice(0, 2));
      if (stateRoute || stateDash) return token;
      return token.replace(/[\p{L}\p{N}'’.]+/gu, (word) => caseWord(word, i === 0));
    })
    .join(" ");
}

function caseWord(word: string, first: boolean): string {
  const bare = word.replace(/\./g, "");
  if (KEEP_UPPER.has(bare)) return word;
  if (/^\p{Lu}{2,}$/u.test(bare) && !/[AEIOUY]/.test(bare) && !CONSONANT_WORDS.has(bare)) return word;
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
