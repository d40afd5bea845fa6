// @ts-check
// The plan of a monthly file: which rows are urgent-care organisations (and which of them are in territories,
// abroad, reactivated, subparts sharing one address), which are urgent-care NPIs now deactivated, individuals
// carrying 261QU0200X, parents of subparts, organisations that will add 261QU0200X in a weekly file. Everything
// else is filler. The plan is a pure function of the options, so the weekly file and the deactivation report
// rebuild it instead of reading the monthly file.
import { dayOf, nppesDate } from "./dates.mjs";
import { OTHER_KINDS, otherKindOrganisation } from "./other-kinds.mjs";
import { FOREIGN_PLACES, TERRITORY_PLACES } from "./places.mjs";
import { hash3, Random } from "./random.mjs";
import { individual, npiAt, STREAM } from "./records.mjs";
import { otherOrganisation, relocated, urgentCareClinic } from "./urgent-care.mjs";
import { COMPANY_FORMS, URGENT_CARE, WORDS } from "./vocab.mjs";

/** @typedef {import("./records.mjs").Context} Context */
/** @typedef {import("./urgent-care.mjs").Built} Built */
/** @typedef {import("./places.mjs").Place} Place */

/**
 * @typedef {"clinic" | "reactivated" | "territory" | "outside_us" | "deactivated" | "individual" | "parent" | "latent" | "other_kind"} Kind
 */
/** @typedef {import("./other-kinds.mjs").OtherKind} OtherKind */

/**
 * A planned row of the monthly file.
 * @typedef {object} Planned
 * @property {number} index   its row (0-based, header excluded)
 * @property {Kind} kind
 * @property {Built} built    its record and companion lines (a deactivated one keeps the record it had)
 * @property {number | null} group   its subpart group (one clinic at one address), if any
 * @property {string} deactivatedOn  MM/DD/YYYY for kind "deactivated", else ""
 * @property {OtherKind | null} [placeKind]  for kind "other_kind": what kind of place it is (not walk-in urgent care)
 */

/**
 * How many rows of each kind a plan holds for `urgentCare` urgent-care organisation rows (the rows a filter on
 * entity type 2 and 261QU0200X keeps: active ones in the states, in territories, abroad and reactivated).
 * @param {number} urgentCare
 */
export function planCounts(urgentCare) {
  if (urgentCare === 0)
    return {
      territory: 0,
      outsideUs: 0,
      reactivated: 0,
      deactivated: 0,
      individuals: 0,
      latent: 0,
      groups: 0,
      others: otherCounts(() => 0),
    };
  if (urgentCare < 20)
    throw new Error(`--urgent-care must be 0 or at least 20 (every case needs a row), not ${urgentCare}`);
  const share = (/** @type {number} */ p, /** @type {number} */ min) =>
    Math.max(min, Math.round(urgentCare * p));
  return {
    territory: share(0.006, 2),
    outsideUs: share(0.0005, 1),
    reactivated: share(0.002, 1),
    deactivated: share(0.03, 2),
    individuals: share(0.01, 2),
    latent: share(0.001, 1),
    groups: share(0.015, 2),
    others: otherCounts((kind) => share(OTHER_KINDS[kind], 1)),
  };
}

/** @param {(kind: OtherKind) => number} count */
function otherCounts(count) {
  return /** @type {Record<OtherKind, number>} */ (
    Object.fromEntries(Object.keys(OTHER_KINDS).map((k) => [k, count(/** @type {OtherKind} */ (k))]))
  );
}

/**
 * The plan: planned rows by index.
 * @param {Context} ctx
 * @param {number} urgentCare
 * @returns {Map<number, Planned>}
 */
export function makePlan(ctx, urgentCare) {
  const c = planCounts(urgentCare);
  const groupSizes = Array.from({ length: c.groups }, (_, g) => 2 + (hash3(ctx.seed, g, STREAM.plan) % 2));
  const members = groupSizes.reduce((a, b) => a + b, 0);
  const others = Object.values(c.others).reduce((a, b) => a + b, 0);
  const singles = urgentCare - c.territory - c.outsideUs - members - others;
  if (urgentCare > 0 && singles < c.reactivated + 1)
    throw new Error(`--urgent-care ${urgentCare} is too small for the plan`);
  /** @type {{ kind: Kind, group: number | null, member: number, placeKind?: OtherKind }[]} */
  const specs = [];
  const add = (/** @type {Kind} */ kind, /** @type {number} */ n) => {
    for (let k = 0; k < n; k++) specs.push({ kind, group: null, member: 0 });
  };
  for (const [placeKind, n] of Object.entries(c.others))
    for (let k = 0; k < n; k++)
      specs.push({
        kind: "other_kind",
        group: null,
        member: 0,
        placeKind: /** @type {OtherKind} */ (placeKind),
      });
  add("clinic", singles - c.reactivated);
  add("reactivated", c.reactivated);
  add("territory", c.territory);
  add("outside_us", c.outsideUs);
  add("deactivated", c.deactivated);
  add("individual", c.individuals);
  add("latent", c.latent);
  groupSizes.forEach((size, g) => {
    specs.push({ kind: "parent", group: g, member: -1 });
    for (let m = 0; m < size; m++) specs.push({ kind: "clinic", group: g, member: m });
  });
  if (specs.length * 2 > ctx.rows)
    throw new Error(
      `${ctx.rows} rows cannot hold ${specs.length} planned rows: give more rows or fewer urgent-care ones`,
    );
  // Spread over the file: spec k (after a deterministic shuffle) lands in the k-th equal stretch of rows.
  const rng = new Random(hash3(ctx.seed, specs.length, STREAM.plan));
  const order = specs.map((_, k) => k);
  for (let k = order.length - 1; k > 0; k--) {
    const j = Math.floor(rng.next() * (k + 1));
    [order[k], order[j]] = [/** @type {number} */ (order[j]), /** @type {number} */ (order[k])];
  }
  const step = ctx.rows / Math.max(1, specs.length);
  const indexOf = new Array(specs.length);
  order.forEach((spec, slot) => {
    indexOf[spec] = Math.floor(slot * step + rng.next() * step);
  });
  const sameState = byState(ctx.places);
  /** @type {Map<number, Built>} */
  const groupLead = new Map();
  /** @type {Map<number, Planned>} */
  const plan = new Map();
  specs.forEach((spec, k) => {
    const index = indexOf[k];
    const npi = npiAt(ctx.seed, index);
    const r = new Random(hash3(ctx.seed, k, STREAM.plan));
    const built = buildSpec(ctx, r, npi, spec, k, sameState, groupLead);
    const deactivatedOn =
      spec.kind === "deactivated"
        ? nppesDate(ctx.start + 700 + r.int(0, Math.max(1, ctx.end - ctx.start - 760)))
        : "";
    plan.set(index, {
      index,
      kind: spec.kind,
      built,
      group: spec.group,
      deactivatedOn,
      placeKind: spec.placeKind ?? null,
    });
  });
  return plan;
}

/** @param {Place[]} places */
function byState(places) {
  /** @type {Map<string, Place[]>} */
  const m = new Map();
  for (const p of places) m.set(p.state, [...(m.get(p.state) ?? []), p]);
  return (/** @type {string} */ state) => m.get(state) ?? [];
}

/**
 * @param {Context} ctx
 * @param {Random} r
 * @param {string} npi
 * @param {{ kind: Kind, group: number | null, member: number, placeKind?: OtherKind }} spec
 * @param {number} k
 * @param {(state: string) => Place[]} sameState
 * @param {Map<number, Built>} groupLead
 * @returns {Built}
 */
function buildSpec(ctx, r, npi, spec, k, sameState, groupLead) {
  switch (spec.kind) {
    case "other_kind":
      return otherKindOrganisation(ctx, r, npi, /** @type {OtherKind} */ (spec.placeKind));
    case "individual": {
      const row = individual(ctx, r, npi);
      const slot = Math.min(row.taxonomies.length, r.int(0, 1));
      row.taxonomies[slot] = {
        code: URGENT_CARE,
        license: "",
        licenseState: "",
        primary: slot === 0 ? "Y" : "N",
      };
      return { row, otherNames: [], locations: [], brand: null };
    }
    case "latent": {
      // A primary-care clinic that will add urgent care (261QU0200X) in a weekly file.
      const legal = `${r.pick(WORDS)} FAMILY CLINIC${r.pick(COMPANY_FORMS)}`;
      return otherOrganisation(ctx, r, npi, { code: "261QP2300X", legal });
    }
    case "territory": {
      // Consecutive specs alternate between Puerto Rico and Guam.
      const t = /** @type {(typeof TERRITORY_PLACES)[number]} */ (
        TERRITORY_PLACES[k % TERRITORY_PLACES.length]
      );
      const where = { city: t.city, state: t.state, postal: r.pick(t.zips), country: "US", area: t.area };
      return relocated(urgentCareClinic(ctx, r, npi, { sameState }), where, r);
    }
    case "outside_us":
      return relocated(
        urgentCareClinic(ctx, r, npi, { sameState }),
        /** @type {(typeof FOREIGN_PLACES)[number]} */ (FOREIGN_PLACES[k % FOREIGN_PLACES.length]),
        r,
      );
    case "parent":
      return otherOrganisation(ctx, r, npi, {
        code: "193200000X",
        legal: `${groupLegal(ctx, spec.group ?? 0)}`,
      });
    case "reactivated": {
      const b = urgentCareClinic(ctx, r, npi, { sameState });
      const off = Math.max(ctx.start + 400, ctx.end - 900) + r.int(0, 500);
      const on = off + r.int(30, 200);
      const updated = Math.max(on, dayOf(toIso(b.row.updated)));
      return {
        ...b,
        row: {
          ...b.row,
          deactivated: nppesDate(off),
          reactivated: nppesDate(on),
          updated: nppesDate(Math.min(updated, ctx.end)),
        },
      };
    }
    default: {
      if (spec.group === null) return urgentCareClinic(ctx, r, npi, { sameState });
      // A member of a subpart group: one clinic with several NPIs at one address and one phone.
      const lead = groupLead.get(spec.group);
      const own = urgentCareClinic(ctx, r, npi, { sameState });
      const legal = groupLegal(ctx, spec.group);
      const base = lead ?? own;
      const dba = base.otherNames.find((o) => o.type === "3")?.name ?? `${legal.split(" ")[0]} URGENT CARE`;
      const keepDba = !lead || r.chance(0.5);
      const row = {
        ...own.row,
        orgName: legal,
        otherOrgName: keepDba ? dba : "",
        otherOrgType: keepDba ? "3" : "",
        practice: base.row.practice,
        subpart: "Y",
        parentLbn: legal,
        parentTin: "<UNAVAIL>",
      };
      const built = {
        row,
        otherNames: keepDba ? [{ name: dba, type: "3" }] : [],
        locations: [],
        brand: base.brand,
      };
      if (!lead) groupLead.set(spec.group, built);
      return built;
    }
  }
}

/** The legal name of subpart group g's organisation (made once from the seed, so parent and members agree). */
function groupLegal(/** @type {Context} */ ctx, /** @type {number} */ g) {
  const words = ["SUMMIT", "CEDAR", "HARBOR", "PIONEER", "MESA", "COPPER", "WILLOW", "GRANITE"];
  return `${words[hash3(ctx.seed, g, 9) % words.length]} URGENT CARE GROUP ${1 + g}, INC.`;
}

/** MM/DD/YYYY → YYYY-MM-DD */
export const toIso = (/** @type {string} */ d) => `${d.slice(6, 10)}-${d.slice(0, 2)}-${d.slice(3, 5)}`;
