// @ts-check
// Renders provider records as lines of the NPPES files. The main file's 330 cells are written from a template
// (a record's filled cells as text, then constant runs of `"",` for the empty slots copied as bytes) instead of a
// 330-element array per row: most of every line is empty taxonomy and identifier slots, and 8.5 million lines
// go through here.
import { IDENTIFIER_SLOTS, TAXONOMY_SLOTS } from "./columns.mjs";

/**
 * @typedef {object} Address
 * @property {string} line1
 * @property {string} line2
 * @property {string} city
 * @property {string} state
 * @property {string} postal   5 or 9 digits for US addresses, as NPPES writes them
 * @property {string} country  "US", or the country's code
 * @property {string} phone    10 digits or ""
 * @property {string} fax
 */

/**
 * @typedef {object} Taxonomy
 * @property {string} code
 * @property {string} license
 * @property {string} licenseState
 * @property {"Y" | "N" | "X"} primary
 */

/**
 * @typedef {object} Identifier
 * @property {string} id
 * @property {string} type    "01" other, "05" Medicaid, …
 * @property {string} state
 * @property {string} issuer
 */

/**
 * One NPI record, every cell as written (dates MM/DD/YYYY, empty cells ""). Names never contain `"`: the
 * builders apply CMS's rule (a `"` becomes `'`) when they make them.
 * @typedef {object} ProviderRow
 * @property {string} npi
 * @property {"1" | "2"} entity
 * @property {string} ein
 * @property {string} orgName
 * @property {string} lastName
 * @property {string} firstName
 * @property {string} middleName
 * @property {string} prefix
 * @property {string} suffix
 * @property {string} credential
 * @property {string} otherOrgName
 * @property {string} otherOrgType
 * @property {string} otherLast
 * @property {string} otherFirst
 * @property {string} otherLastType
 * @property {Address} mail
 * @property {Address} practice
 * @property {string} enumerated
 * @property {string} updated
 * @property {string} deactivated
 * @property {string} reactivated
 * @property {string} sex
 * @property {string} aoLast
 * @property {string} aoFirst
 * @property {string} aoMiddle
 * @property {string} aoTitle
 * @property {string} aoPhone
 * @property {string} aoPrefix
 * @property {string} aoCredential
 * @property {Taxonomy[]} taxonomies
 * @property {Identifier[]} identifiers
 * @property {string} soleProprietor
 * @property {string} subpart
 * @property {string} parentLbn
 * @property {string} parentTin
 * @property {string} certified
 */

/** `n` empty cells, each followed by a comma, as bytes (copied, never encoded again). */
const empties = (/** @type {number} */ n) => Buffer.from('"",'.repeat(n), "latin1");
/** Empty taxonomy slots from slot k (0-based) to the last, indexed by k. */
const TAXONOMY_REST = Array.from({ length: TAXONOMY_SLOTS + 1 }, (_, k) => empties(4 * (TAXONOMY_SLOTS - k)));
const IDENTIFIER_REST = Array.from({ length: IDENTIFIER_SLOTS + 1 }, (_, k) =>
  empties(4 * (IDENTIFIER_SLOTS - k)),
);
/** The 15 taxonomy-group cells (always empty here: few real rows fill them). */
const GROUPS = empties(TAXONOMY_SLOTS);
/** Cells 1–38 and 40–328 of a deactivated line, which keeps only its NPI (cell 0) and deactivation date (39). */
const BEFORE_DEACTIVATION = empties(38);
const AFTER_DEACTIVATION = Buffer.concat([empties(289), Buffer.from('""', "latin1")]);

/** @param {Address} a */
const address = (a) =>
  `"${a.line1}","${a.line2}","${a.city}","${a.state}","${a.postal}","${a.country}","${a.phone}","${a.fax}",`;

/**
 * Writes the line of an active (or reactivated) NPI of `npidata_pfile`.
 * @param {import("./sink.mjs").ByteSink} out
 * @param {ProviderRow} r
 * @param {string} eol
 * @returns {boolean} true when the sink is full (await its flush())
 */
export function writeRow(out, r, eol) {
  out.str(
    `"${r.npi}","${r.entity}","","${r.ein}","${r.orgName}","${r.lastName}","${r.firstName}","${r.middleName}","${r.prefix}","${r.suffix}","${r.credential}","${r.otherOrgName}","${r.otherOrgType}","${r.otherLast}","${r.otherFirst}","","","","","${r.otherLastType}",${address(r.mail)}${address(r.practice)}"${r.enumerated}","${r.updated}","","${r.deactivated}","${r.reactivated}","${r.sex}","${r.aoLast}","${r.aoFirst}","${r.aoMiddle}","${r.aoTitle}","${r.aoPhone}",`,
  );
  const t = r.taxonomies;
  for (let k = 0; k < t.length; k++) {
    const x = /** @type {Taxonomy} */ (t[k]);
    out.str(`"${x.code}","${x.license}","${x.licenseState}","${x.primary}",`);
  }
  out.raw(/** @type {Buffer} */ (TAXONOMY_REST[t.length]));
  const ids = r.identifiers;
  for (let k = 0; k < ids.length; k++) {
    const x = /** @type {Identifier} */ (ids[k]);
    out.str(`"${x.id}","${x.type}","${x.state}","${x.issuer}",`);
  }
  out.raw(/** @type {Buffer} */ (IDENTIFIER_REST[ids.length]));
  out.str(
    `"${r.soleProprietor}","${r.subpart}","${r.parentLbn}","${r.parentTin}","${r.aoPrefix}","","${r.aoCredential}",`,
  );
  out.raw(GROUPS);
  out.str(`"${r.certified}"${eol}`);
  return out.endLine();
}

/**
 * Writes the line of a deactivated NPI of the monthly or weekly file: its NPI and deactivation date, every other
 * cell empty.
 * @param {import("./sink.mjs").ByteSink} out
 * @param {string} npi
 * @param {string} date MM/DD/YYYY
 * @param {string} eol
 * @returns {boolean} true when the sink is full
 */
export function writeDeactivated(out, npi, date, eol) {
  out.str(`"${npi}",`);
  out.raw(BEFORE_DEACTIVATION);
  out.str(`"${date}",`);
  out.raw(AFTER_DEACTIVATION);
  out.str(eol);
  return out.endLine();
}

/**
 * A line of `pl_pfile`: one secondary practice location of an NPI.
 * @param {string} npi
 * @param {Address} a
 * @param {string} extension
 * @param {string} eol
 */
export function renderLocation(npi, a, extension, eol) {
  return `"${npi}","${a.line1}","${a.line2}","${a.city}","${a.state}","${a.postal}","${a.country}","${a.phone}","${extension}","${a.fax}"${eol}`;
}

/**
 * A line of `othername_pfile`.
 * @param {string} npi
 * @param {string} name
 * @param {string} type "3" doing business as, "4" former legal business name, "5" other name
 * @param {string} eol
 */
export function renderOtherName(npi, name, type, eol) {
  return `"${npi}","${name}","${type}"${eol}`;
}

/**
 * A line of `endpoint_pfile`: a Direct messaging address at example.org.
 * @param {string} npi
 * @param {string} user
 * @param {Address} a
 * @param {string} eol
 */
export function renderEndpoint(npi, user, a, eol) {
  return `"${npi}","DIRECT","Direct Messaging Address","${user}@direct.example.org","N","","","HIE","Health Information Exchange (HIE)","","OTHER","Other","","${a.line1}","${a.line2}","${a.city}","${a.state}","${a.country}","${a.postal}"${eol}`;
}

/**
 * The NPI whose first nine digits are `body`: its tenth is the Luhn check digit over "80840" + body, as CMS
 * computes it (the prefix contributes 24).
 * @param {number} body a 9-digit number
 * @example npiOf(123456789) // "1234567893"
 */
export function npiOf(body) {
  let sum = 24;
  let x = body;
  let double = true;
  for (let k = 0; k < 9; k++) {
    let d = x % 10;
    x = (x - d) / 10;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * A record with every cell empty, to fill in.
 * @param {string} npi
 * @param {"1" | "2"} entity
 * @returns {ProviderRow}
 */
export function blankRow(npi, entity) {
  /** @type {Address} */
  const none = { line1: "", line2: "", city: "", state: "", postal: "", country: "", phone: "", fax: "" };
  return {
    npi,
    entity,
    ein: "",
    orgName: "",
    lastName: "",
    firstName: "",
    middleName: "",
    prefix: "",
    suffix: "",
    credential: "",
    otherOrgName: "",
    otherOrgType: "",
    otherLast: "",
    otherFirst: "",
    otherLastType: "",
    mail: none,
    practice: none,
    enumerated: "",
    updated: "",
    deactivated: "",
    reactivated: "",
    sex: "",
    aoLast: "",
    aoFirst: "",
    aoMiddle: "",
    aoTitle: "",
    aoPhone: "",
    aoPrefix: "",
    aoCredential: "",
    taxonomies: [],
    identifiers: [],
    soleProprietor: "",
    subpart: "",
    parentLbn: "",
    parentTin: "",
    certified: "",
  };
}
