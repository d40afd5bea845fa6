// @ts-check
// Ground truth: what an importer must find in a generated file, taken from the plan (never from reading the file
// back), in the terms of the issue: the clinic's name (the DBA, other-name type 3, when there is one, else the
// legal name), its practice location, ZIP5, phone, record date and secondary locations; subpart groups; the
// urgent-care NPIs deactivated; the rows carrying 261QU0200X that must be left out, by reason.
import { toIso } from "./plan.mjs";
import { URGENT_CARE } from "./vocab.mjs";

/** @typedef {import("./plan.mjs").Planned} Planned */
/** @typedef {import("./rows.mjs").ProviderRow} ProviderRow */

/**
 * @typedef {object} SecondaryTruth
 * @property {string} street
 * @property {string | null} street2
 * @property {string} city
 * @property {string} state
 * @property {string} postalCode as written (5 or 9 digits)
 * @property {string} zip5
 * @property {string | null} phone 10 digits
 * @property {string | null} extension
 * @property {boolean} sameAsPrimary  the same place as the main file's practice location (no clinic of its own)
 */

/**
 * An urgent-care organisation the directory must publish.
 * @typedef {object} ClinicTruth
 * @property {string} npi
 * @property {string} name          as written (upper case, company form kept): the importer cleans it
 * @property {"dba" | "dba_othername" | "legal"} nameSource  the DBA of the main file, the DBA found only in othername_pfile, or the legal name
 * @property {string} legalName
 * @property {string | null} dba
 * @property {string} street
 * @property {string | null} street2
 * @property {string} city
 * @property {string} state
 * @property {string} postalCode
 * @property {string} zip5
 * @property {string | null} phone  10 digits (NXX5550100–NXX5550199), null when the row has none
 * @property {string} lastUpdate    YYYY-MM-DD: the record date
 * @property {string[]} taxonomies  the codes in slot order
 * @property {number} urgentCareSlot 1–15
 * @property {string | null} primaryTaxonomy
 * @property {string | null} brand  the (fictional) chain, if any
 * @property {boolean} subpart
 * @property {string | null} parentLbn
 * @property {boolean} reactivated   deactivated once, reactivated since: published
 * @property {number | null} group   its subpart group (see `subpartGroups`)
 * @property {{ street: string, city: string, state: string, zip5: string }} mailing  the address NOT to publish
 * @property {SecondaryTruth[]} secondary
 * @property {import("./urgent-care.mjs").WalkInVariant} variant  which case of walk-in centre it is
 */

/**
 * An organisation with 261QU0200X that is no walk-in urgent care centre: the directory must leave it out, and say
 * why in its report.
 * @typedef {object} OtherKindTruth
 * @property {string} npi
 * @property {import("./other-kinds.mjs").OtherKind} kind
 * @property {string} legalName
 * @property {string} state
 * @property {string} city
 * @property {string} zip5
 * @property {string[]} taxonomies  the codes in slot order
 * @property {string | null} primaryTaxonomy
 */

/**
 * @param {Planned} p
 * @returns {ClinicTruth}
 */
export function clinicTruth(p) {
  const { row: r, otherNames, locations, brand } = p.built;
  const dbaMain = r.otherOrgType === "3" && r.otherOrgName !== "" ? r.otherOrgName : null;
  const dbaOther = otherNames.find((o) => o.type === "3")?.name ?? null;
  const dba = dbaMain ?? dbaOther;
  const a = r.practice;
  return {
    npi: r.npi,
    name: dba ?? r.orgName,
    nameSource: dbaMain ? "dba" : dbaOther ? "dba_othername" : "legal",
    legalName: r.orgName,
    dba,
    street: a.line1,
    street2: a.line2 || null,
    city: a.city,
    state: a.state,
    postalCode: a.postal,
    zip5: a.postal.slice(0, 5),
    phone: a.phone || null,
    lastUpdate: toIso(r.updated),
    taxonomies: r.taxonomies.map((t) => t.code),
    urgentCareSlot: r.taxonomies.findIndex((t) => t.code === URGENT_CARE) + 1,
    primaryTaxonomy: r.taxonomies.find((t) => t.primary === "Y")?.code ?? null,
    brand,
    subpart: r.subpart === "Y",
    parentLbn: r.parentLbn || null,
    reactivated: r.reactivated !== "",
    group: p.group,
    variant: p.built.variant ?? (brand ? "chain" : "independent"),
    mailing: {
      street: r.mail.line1,
      city: r.mail.city,
      state: r.mail.state,
      zip5: r.mail.postal.slice(0, 5),
    },
    secondary: locations.map((l) => ({
      street: l.address.line1,
      street2: l.address.line2 || null,
      city: l.address.city,
      state: l.address.state,
      postalCode: l.address.postal,
      zip5: l.address.postal.slice(0, 5),
      phone: l.address.phone || null,
      extension: l.extension || null,
      sameAsPrimary: l.sameAsPrimary,
    })),
  };
}

/** Whether a planned row is an urgent-care organisation row (entity type 2 with 261QU0200X in a slot). */
export const isUrgentCareOrganisation = (/** @type {Planned} */ p) =>
  p.kind !== "deactivated" &&
  p.built.row.entity === "2" &&
  p.built.row.taxonomies.some((t) => t.code === URGENT_CARE);

/**
 * What the plan says an importer must find.
 * @param {Iterable<Planned>} planned
 */
export function planTruth(planned) {
  /** @type {ClinicTruth[]} */
  const clinics = [];
  /** @type {OtherKindTruth[]} */
  const others = [];
  /** @type {Map<number, string[]>} */
  const groups = new Map();
  /** @type {{ npi: string, date: string }[]} */
  const deactivated = [];
  const excluded = {
    individual: /** @type {string[]} */ ([]),
    territory: /** @type {string[]} */ ([]),
    outsideUs: /** @type {string[]} */ ([]),
  };
  let matched = 0;
  let candidates = 0;
  for (const p of planned) {
    const npi = p.built.row.npi;
    if (p.kind === "deactivated") {
      deactivated.push({ npi, date: toIso(p.deactivatedOn) });
      continue;
    }
    if (p.built.row.taxonomies.some((t) => t.code === URGENT_CARE)) candidates++;
    if (!isUrgentCareOrganisation(p)) {
      if (p.kind === "individual") excluded.individual.push(npi);
      continue;
    }
    matched++;
    if (p.kind === "territory") excluded.territory.push(npi);
    else if (p.kind === "outside_us") excluded.outsideUs.push(npi);
    else if (p.kind === "other_kind") {
      const r = p.built.row;
      others.push({
        npi,
        kind: /** @type {import("./other-kinds.mjs").OtherKind} */ (p.placeKind),
        legalName: r.orgName,
        state: r.practice.state,
        city: r.practice.city,
        zip5: r.practice.postal.slice(0, 5),
        taxonomies: r.taxonomies.map((t) => t.code),
        primaryTaxonomy: r.taxonomies.find((t) => t.primary === "Y")?.code ?? null,
      });
    } else {
      clinics.push(clinicTruth(p));
      if (p.group !== null) groups.set(p.group, [...(groups.get(p.group) ?? []), npi]);
    }
  }
  const byNpi = (/** @type {{ npi: string }} */ a, /** @type {{ npi: string }} */ b) =>
    a.npi < b.npi ? -1 : a.npi > b.npi ? 1 : 0;
  clinics.sort(byNpi);
  others.sort(byNpi);
  deactivated.sort(byNpi);
  const subpartGroups = [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([group, npis]) => {
      const first = /** @type {ClinicTruth} */ (clinics.find((c) => c.npi === npis[0]));
      return {
        group,
        npis: [...npis].sort(),
        street: first.street,
        city: first.city,
        state: first.state,
        zip5: first.zip5,
        phone: first.phone,
        parentLbn: first.parentLbn,
      };
    });
  for (const list of Object.values(excluded)) list.sort();
  return {
    clinics,
    others,
    subpartGroups,
    deactivatedUrgentCare: deactivated,
    excluded,
    filter: { matched, candidates },
  };
}
