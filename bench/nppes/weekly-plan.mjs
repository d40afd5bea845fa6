// @ts-check
// What a weekly file changes: which urgent-care clinics of the monthly file get a new name, phone, address or
// secondary location, only a new date, are deactivated, lose 261QU0200X; which organisation gains it; how many new
// clinics appear. A pure function of the options: the weekly file and the deactivation report both use it.
import { dayOf, isoOf } from "./dates.mjs";
import { monthlyOptions } from "./monthly.mjs";
import { hash3, Random } from "./random.mjs";
import { STREAM } from "./records.mjs";

/** @typedef {import("./plan.mjs").Planned} Planned */
/** @typedef {import("./records.mjs").Context} Context */

/** The kinds of weekly change of an urgent-care clinic. */
export const CHANGE_KINDS = /** @type {const} */ ([
  "name",
  "phone",
  "address",
  "secondary",
  "touched",
  "deactivated",
  "lostTaxonomy",
  "added",
  "gained",
]);

/**
 * @typedef {object} WeeklyOptions
 * @property {import("./monthly.mjs").NppesOptions} base  the monthly file's options
 * @property {string} out
 * @property {string} [from]      first day of the week, YYYY-MM-DD (default: the day after the monthly's `to`)
 * @property {string} [to]        last day (default: from + 6)
 * @property {number} [rows]      rows of the weekly main file, all kinds (default 0.3 % of the monthly's, at least 200)
 * @property {Partial<Record<(typeof CHANGE_KINDS)[number], number>>} [changes] clinics per kind of change
 * @property {boolean} [zip]
 * @property {boolean} [csv]
 * @property {number} [compressionLevel]
 * @property {string} [groundTruthFile]
 */

/**
 * The week's changes to urgent-care clinics: a pure function of the options (the deactivation report uses it too).
 * @param {Context} ctx
 * @param {Map<number, Planned>} plan
 * @param {WeeklyOptions} o
 */
export function planWeek(ctx, plan, o) {
  const n = monthlyOptions(o.base);
  const from = o.from ? dayOf(o.from) : ctx.end + 1;
  const to = o.to ? dayOf(o.to) : from + 6;
  if (to < from) throw new Error(`weekly --to ${isoOf(to)} is before --from ${isoOf(from)}`);
  const few = Math.max(2, Math.round(n.urgentCare * 0.002));
  const counts = {
    name: few,
    phone: few,
    address: few,
    secondary: few,
    touched: few,
    deactivated: few,
    lostTaxonomy: 1,
    added: few,
    gained: 1,
    ...o.changes,
  };
  const rng = new Random(hash3(n.seed, to, STREAM.weekly));
  // Single clinics (not subparts of a group, not reactivated) are the ones edited.
  const pool = [...plan.values()]
    .filter((p) => p.kind === "clinic" && p.group === null)
    .sort((a, b) => a.index - b.index);
  for (let k = pool.length - 1; k > 0; k--) {
    const j = Math.floor(rng.next() * (k + 1));
    [pool[k], pool[j]] = [/** @type {Planned} */ (pool[j]), /** @type {Planned} */ (pool[k])];
  }
  const edits = CHANGE_KINDS.filter((k) => k !== "added" && k !== "gained").reduce(
    (a, k) => a + counts[k],
    0,
  );
  if (edits > pool.length)
    throw new Error(`the week edits ${edits} clinics; the monthly file has ${pool.length} to edit`);
  /** @type {{ kind: (typeof CHANGE_KINDS)[number], before: Planned | null, index: number }[]} */
  const week = [];
  let at = 0;
  for (const kind of CHANGE_KINDS) {
    if (kind === "added")
      for (let k = 0; k < counts.added; k++) week.push({ kind, before: null, index: n.rows + k });
    else if (kind === "gained") {
      const latent = [...plan.values()].filter((p) => p.kind === "latent").sort((a, b) => a.index - b.index);
      for (const p of latent.slice(0, counts.gained)) week.push({ kind, before: p, index: p.index });
    } else
      for (let k = 0; k < counts[kind]; k++, at++)
        week.push({
          kind,
          before: /** @type {Planned} */ (pool[at]),
          index: /** @type {Planned} */ (pool[at]).index,
        });
  }
  return { from, to, week, rows: o.rows ?? Math.max(200, Math.round(n.rows * 0.003)) };
}
