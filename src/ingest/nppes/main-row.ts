import type { Taxonomy } from "../../schema/evidence.js";
import { readDate } from "../normalise/date.js";
import { MAIN, PRIMARY_SWITCH_COLUMNS, TAXONOMY_COLUMNS } from "./columns.js";

/** An urgent-care organisation read from the main file, with the cells the directory uses. */
export interface UrgentCareOrg {
  npi: string;
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
  | { kind: "rejected"; npi: string; code: MainRejection; message: string }
  | { kind: "other" };

export type MainRejection = "npi_deactivated" | "not_an_organisation" | "not_urgent_care";

/**
 * Decides one parsed line of the main file. `watched` says the last release listed this NPI, so that a
 * deactivation (which CMS publishes as the NPI and its date alone, every other cell empty) or a lost taxonomy is
 * reported as the reason it leaves the directory.
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
  const npi = cell(MAIN.npi);
  const entry = taxonomiesOf(cell);
  const codes = entry.map((t) => t.code);
  const urgent = codes.some((c) => taxonomies.has(c.toUpperCase()));
  const entity = cell(MAIN.entityType);
  const deactivated = deactivation(cell(MAIN.deactivated), cell(MAIN.reactivated));
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
      message: `NPI ${npi} is an individual provider (entity type ${entity || "blank"}) with an urgent care taxonomy: only organisations are clinics`,
    };
  if (!urgent)
    return watched
      ? {
          kind: "rejected",
          npi,
          code: "not_urgent_care",
          message: `NPI ${npi}, listed in the last release, no longer carries an urgent care taxonomy (${codes.join(", ") || "none"}): not published`,
        }
      : { kind: "other" };
  const otherType = cell(MAIN.otherNameType);
  const other = cell(MAIN.otherName);
  return {
    kind: "clinic",
    org: {
      npi,
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
