import type { Taxonomy } from "../../schema/evidence.js";
import { readDate } from "../normalise/date.js";
import { integral, readWhole } from "../normalise/resaved.js";
import { MAIN, PRIMARY_SWITCH_COLUMNS, TAXONOMY_COLUMNS, taxonomyWords } from "./columns.js";

/** An urgent-care organisation read from the main file, with the cells the directory uses. */
export interface UrgentCareOrg {
  /** The NPI, 10 digits (a re-saved `1234567893.0` read back). */
  npi: string;
  /** The NPI as the file writes it (the normalise stage reports a re-save's repair). */
  npiText: string;
  line: number;
  legalName: string;
  /** Its "doing business as" name from the main file (other-name type 3); null when none there. */
  dba: string | null;
  /** The main file's other organisation name, whatever its type (a DBA, a former name, another name). */
  otherName: string | null;
  /** Every taxonomy of the entry with its slot and primary switch, in slot order. */
  taxonomies: Taxonomy[];
  /** The parent organisation's legal business name of a subpart; "" when none. */
  parent: string;
  street: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  lastUpdate: string;
}

/**
 * What a kept line of the main file is:
 * - `clinic`: an active organisation (entity type 2) with one of the taxonomies in one of its 15 slots;
 * - `rejected`: an urgent-care row that is not published (an individual provider, a deactivated NPI) or an NPI
 *   the last release listed that no longer qualifies — both with the reason;
 * - `other`: a line that only mentioned the code elsewhere (a licence number, say): not an urgent-care row.
 */
export type MainRow =
  | { kind: "clinic"; org: UrgentCareOrg }
  | { kind: "rejected"; npi: string; code: MainRejection; message: string; field?: string }
  | { kind: "other" };

export type MainRejection = "npi_deactivated" | "not_an_organisation" | "not_urgent_care" | "invalid_npi";

/**
 * Decides one parsed line of the main file. `watched` says the last release listed this NPI, so that a
 * deactivation (which CMS publishes as the NPI and its date alone, every other cell empty) or a lost taxonomy is
 * reported as the reason it leaves the directory. Codes, NPIs and dates are read back from a spreadsheet's or pandas'
 * re-save (`2.0` is entity type 2); an NPI that cannot be read (digits lost to scientific notation) is refused.
 * @example mainRow(fields, at, 12, new Set(["261QU0200X"]), false) // { kind: "clinic", org: { npi: "1234567890", … } }
 */
export function mainRow(
  fields: readonly string[],
  at: (name: string) => number,
  line: number,
  taxonomies: ReadonlySet<string>,
  watched: boolean,
): MainRow {
  const cell = (name: string) => {
    const i = at(name);
    return i < 0 ? "" : (fields[i] ?? "").trim();
  };
  const npiText = cell(MAIN.npi);
  const npi = integral(npiText);
  const entry = taxonomiesOf(cell);
  const codes = entry.map((t) => t.code);
  const wanted = codes.filter((c) => taxonomies.has(c.toUpperCase()));
  const urgent = wanted.length > 0;
  const entity = integral(cell(MAIN.entityType));
  if ((urgent || watched) && !/^\d{10}$/.test(npi))
    return {
      kind: "rejected",
      npi,
      code: "invalid_npi",
      field: "npi",
      message: `the NPI "${npiText}" cannot be read${"lost" in readWhole(npiText) ? ": a spreadsheet wrote it in scientific notation and its last digits are lost" : ""}; the row is skipped. Export the NPI column as text, or take the row from CMS's file`,
    };
  const deactivated = deactivation(integral(cell(MAIN.deactivated)), integral(cell(MAIN.reactivated)));
  if (deactivated !== null && (urgent || watched))
    return {
      kind: "rejected",
      npi,
      code: "npi_deactivated",
      message: `NPI ${npi} was deactivated on ${deactivated}: not published`,
    };
  if (urgent && entity !== "2")
    return {
      kind: "rejected",
      npi,
      code: "not_an_organisation",
      message: `NPI ${npi} is an individual provider (entity type ${entity || "blank"}) with ${taxonomyWords(wanted)}: only organisations are clinics`,
    };
  if (!urgent)
    return watched
      ? {
          kind: "rejected",
          npi,
          code: "not_urgent_care",
          message: `NPI ${npi}, listed in the last release, no longer carries ${taxonomyWords([...taxonomies])} (its taxonomies: ${codes.join(", ") || "none"}): not published`,
        }
      : { kind: "other" };
  const otherType = integral(cell(MAIN.otherNameType));
  const other = cell(MAIN.otherName);
  return {
    kind: "clinic",
    org: {
      npi,
      npiText,
      line,
      legalName: cell(MAIN.legalName),
      dba: otherType === "3" && other !== "" ? other : null,
      otherName: other === "" ? null : other,
      taxonomies: entry,
      parent: cell(MAIN.parent),
      street: cell(MAIN.street),
      street2: cell(MAIN.street2),
      city: cell(MAIN.city),
      state: cell(MAIN.state),
      zip: cell(MAIN.zip),
      country: cell(MAIN.country),
      phone: cell(MAIN.phone),
      lastUpdate: cell(MAIN.lastUpdate),
    },
  };
}

/**
 * The taxonomies of an entry, in slot order, each with its slot and whether its primary switch is `Y`; codes in
 * upper case (CMS writes them so; a hand-edited file may not).
 */
function taxonomiesOf(cell: (name: string) => string): Taxonomy[] {
  const out: Taxonomy[] = [];
  TAXONOMY_COLUMNS.forEach((column, i) => {
    const code = cell(column).toUpperCase();
    if (code === "") return;
    out.push({ code, slot: i + 1, primary: cell(PRIMARY_SWITCH_COLUMNS[i] as string).toUpperCase() === "Y" });
  });
  return out;
}

/**
 * The date an NPI stands deactivated since (YYYY-MM-DD), or null when it is active: never deactivated, or
 * reactivated on or after its deactivation.
 * @example deactivation("03/01/2024", "") // "2024-03-01"
 * @example deactivation("03/01/2024", "04/15/2024") // null
 */
export function deactivation(deactivated: string, reactivated: string): string | null {
  if (deactivated === "") return null;
  const off = readDate(deactivated);
  const on = reactivated === "" ? null : readDate(reactivated);
  const offDate = "date" in off ? off.date : deactivated;
  if (on !== null && "date" in on && on.date >= offDate) return null;
  return offDate;
}
