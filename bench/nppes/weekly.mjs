// @ts-check
// Weekly incremental files: NPPES_Data_Dissemination_<MMDDYY>_<MMDDYY>_Weekly.zip, the monthly layout holding only
// the NPIs changed that week, against a monthly file generated with `base` options (whose plan is rebuilt, not
// read). Urgent-care clinics get new names, phones, addresses, secondary locations, or only a new date; some are
// deactivated (in the deactivated form), one loses 261QU0200X, an existing organisation gains it, new ones
// appear; the rest of the file is other providers' changes. The ground truth says what a release built from the
// monthly file must change when the weekly one is applied.
import { writeFile } from "node:fs/promises";
import { phoneIn, usAddress } from "./addresses.mjs";
import { isoOf, mmddyy, nppesDate } from "./dates.mjs";
import { fileNames, flatNames, monthlyContext, monthlyOptions, writeBundle } from "./monthly.mjs";
import { areaCode } from "./places.mjs";
import { makePlan, toIso } from "./plan.mjs";
import { hash3, Random } from "./random.mjs";
import { individual, kindAt, npiAt, organisation, reseed, STREAM } from "./records.mjs";
import { renderLocation, renderOtherName, writeDeactivated, writeRow } from "./rows.mjs";
import { planTruth } from "./truth.mjs";
import { urgentCareClinic } from "./urgent-care.mjs";
import { CLINIC_FORMS, URGENT_CARE, WORDS } from "./vocab.mjs";
import { planWeek } from "./weekly-plan.mjs";

/** @typedef {import("./plan.mjs").Planned} Planned */
/** @typedef {import("./truth.mjs").ClinicTruth} ClinicTruth */
/** @typedef {import("./records.mjs").Context} Context */

/**
 * Writes a weekly bundle against the monthly file of `o.base`, and returns its ground truth.
 * @param {import("./weekly-plan.mjs").WeeklyOptions} o
 * @example await generateNppesWeekly({ base: { out: "/tmp/m", rows: 5000, urgentCare: 120 }, out: "/tmp/w", csv: true })
 */
export async function generateNppesWeekly(o) {
  const n = monthlyOptions(o.base);
  const ctx = await monthlyContext(n);
  const plan = makePlan(ctx, n.urgentCare);
  const { from, to, week, rows } = planWeek(ctx, plan, o);
  const rng = new Random(hash3(n.seed, from, STREAM.weekly));
  const day = () => nppesDate(from + rng.int(0, to - from));
  /** @type {Planned[]} */
  const after = [];
  /** @type {{ npi: string, date: string }[]} */
  const deactivated = [];
  /** @type {{ npi: string, fields: string[] }[]} */
  const changed = [];
  for (const w of week) {
    const updated = day();
    if (w.kind === "added") {
      const b = urgentCareClinic(ctx, rng, npiAt(n.seed, w.index));
      const row = { ...b.row, enumerated: updated, updated, certified: updated };
      after.push({ index: w.index, kind: "clinic", built: { ...b, row }, group: null, deactivatedOn: "" });
      continue;
    }
    const p = /** @type {Planned} */ (w.before);
    const r = p.built.row;
    if (w.kind === "deactivated") {
      deactivated.push({ npi: r.npi, date: updated });
      continue;
    }
    let row = { ...r, updated, certified: updated };
    let built = { ...p.built };
    if (w.kind === "name") {
      const dba = `${rng.pick(WORDS)} ${rng.pick(CLINIC_FORMS)} OF ${r.practice.city}`;
      row = { ...row, otherOrgName: dba, otherOrgType: "3" };
      built.otherNames = [{ name: dba, type: "3" }, ...built.otherNames.filter((x) => x.type !== "3")];
    } else if (w.kind === "phone") {
      let tel = r.practice.phone;
      while (tel === r.practice.phone)
        tel = phoneIn(r.practice.phone.slice(0, 3) || areaCode(r.practice.state), rng);
      row.practice = { ...r.practice, phone: tel };
    } else if (w.kind === "address") {
      const place = /** @type {import("./places.mjs").Place} */ (
        ctx.places.find((x) => x.state === r.practice.state && x.city === r.practice.city) ?? ctx.places[0]
      );
      row.practice = { ...usAddress(place, rng), phone: r.practice.phone };
    } else if (w.kind === "secondary") {
      const place = /** @type {import("./places.mjs").Place} */ (
        ctx.places.find((x) => x.state === r.practice.state) ?? ctx.places[0]
      );
      built.locations = [
        ...built.locations,
        { address: usAddress(place, rng), extension: "", sameAsPrimary: false },
      ];
    } else if (w.kind === "touched") row.aoTitle = r.aoTitle === "CEO" ? "PRESIDENT" : "CEO";
    else if (w.kind === "lostTaxonomy") {
      const kept = r.taxonomies.filter((t) => t.code !== URGENT_CARE);
      row.taxonomies =
        kept.length > 0 ? kept : [{ code: "261QP2300X", license: "", licenseState: "", primary: "Y" }];
      if (!row.taxonomies.some((t) => t.primary === "Y"))
        row.taxonomies = row.taxonomies.map((t, k) => ({ ...t, primary: k === 0 ? "Y" : "N" }));
    } else if (w.kind === "gained")
      row.taxonomies = [...r.taxonomies, { code: URGENT_CARE, license: "", licenseState: "", primary: "N" }];
    built = { ...built, row };
    const next = { ...p, kind: /** @type {const} */ ("clinic"), built };
    after.push(next);
    if (w.kind === "name" || w.kind === "phone" || w.kind === "address" || w.kind === "secondary")
      changed.push({ npi: r.npi, fields: [w.kind, "date"] });
  }
  const eol = ctx.eol;
  const names = fileNames(from, to);
  const zipName =
    o.zip === false
      ? null
      : `NPPES_Data_Dissemination_${mmddyy(from)}_${mmddyy(to)}_Weekly${o.base.v2 ? "_V2" : ""}.zip`;
  // The week's urgent-care rows, spread among the other providers' changes.
  const ucRows = [
    ...after.map((p) => ({ p, npi: p.built.row.npi })),
    ...deactivated.map((d) => ({ p: null, npi: d.npi, date: d.date })),
  ];
  const fillers = Math.max(0, rows - ucRows.length);
  const slots = new Map(
    ucRows.map((u, k) => [Math.floor(((k + 0.5) * (fillers + ucRows.length)) / ucRows.length), u]),
  );
  const counts = { individuals: 0, organisations: 0, deactivated: 0 };
  const written = await writeBundle(
    {
      out: o.out,
      zipName,
      csv: o.csv ?? false,
      names,
      eol,
      mtime: new Date(`${isoOf(to)}T00:00:00Z`),
      compressionLevel: o.compressionLevel ?? 6,
    },
    async ({ main, othername, pl }) => {
      let newNpi = n.rows + week.filter((w) => w.kind === "added").length;
      /** Existing NPIs already in the week (an NPI appears once in a weekly file). */
      const used = new Set();
      for (let i = 0; i < fillers + ucRows.length; i++) {
        const u = slots.get(i);
        let full;
        if (u) {
          if (!u.p) {
            counts.deactivated++;
            full = writeDeactivated(main, u.npi, /** @type {string} */ (u.date), eol);
          } else {
            counts.organisations++;
            const r = u.p.built.row;
            full = writeRow(main, r, eol);
            for (const x of u.p.built.otherNames)
              if (othername.line(renderOtherName(r.npi, x.name, x.type, eol))) await othername.flush();
            for (const l of u.p.built.locations)
              if (pl.line(renderLocation(r.npi, l.address, l.extension, eol))) await pl.flush();
          }
        } else {
          // Another provider's change: an existing NPI of the monthly file edited, or a new one.
          const j = Math.floor(rng.next() * n.rows);
          const existing =
            !plan.has(j) && !used.has(j) && kindAt(n.seed, j) !== "deactivated" && rng.chance(0.8);
          if (existing) used.add(j);
          const index = existing ? j : newNpi++;
          const npi = npiAt(n.seed, index);
          if (existing && rng.chance(0.02)) {
            counts.deactivated++;
            full = writeDeactivated(main, npi, day(), eol);
          } else {
            const kind = existing ? kindAt(n.seed, j) : rng.chance(0.8) ? "individual" : "organisation";
            const r = reseed(ctx, index, STREAM.row);
            const row = kind === "organisation" ? organisation(ctx, r, npi).row : individual(ctx, r, npi);
            if (kind === "organisation") counts.organisations++;
            else counts.individuals++;
            row.updated = day();
            if (!existing) row.enumerated = row.updated;
            full = writeRow(main, row, eol);
            if (
              row.otherOrgName !== "" &&
              othername.line(renderOtherName(npi, row.otherOrgName, row.otherOrgType, eol))
            )
              await othername.flush();
          }
        }
        if (full) await main.flush();
      }
    },
  );
  // The clinics after the week: the monthly file's, minus the removed, with the changed and added ones replaced.
  const base = planTruth(plan.values());
  const weekTruth = planTruth(after);
  const removed = [
    ...deactivated.map((d) => ({ npi: d.npi, reason: "deactivated", date: toIso(d.date) })),
    ...week
      .filter((w) => w.kind === "lostTaxonomy")
      .map((w) => ({
        npi: /** @type {Planned} */ (w.before).built.row.npi,
        reason: "taxonomy_removed",
        date: null,
      })),
  ];
  const gone = new Set(removed.map((r) => r.npi));
  const replaced = new Map(weekTruth.clinics.map((c) => [c.npi, c]));
  const known = new Set(base.clinics.map((c) => c.npi));
  const clinics = [
    ...base.clinics.filter((c) => !gone.has(c.npi)).map((c) => replaced.get(c.npi) ?? c),
    ...weekTruth.clinics.filter((c) => !known.has(c.npi)),
  ].sort((a, b) => (a.npi < b.npi ? -1 : 1));
  const truth = {
    format: "nppes-ground-truth",
    synthetic: true,
    kind: "weekly",
    taxonomy: URGENT_CARE,
    base: { ...n },
    options: {
      from: isoOf(from),
      to: isoOf(to),
      rows: fillers + ucRows.length,
      zip: zipName !== null,
      csv: o.csv ?? false,
    },
    files: { bundle: zipName, ...flatNames(names) },
    counts: { rows: fillers + ucRows.length, ...counts, companionRows: written.rows, bytes: written.bytes },
    filter: weekTruth.filter,
    weekly: {
      added: weekTruth.clinics.filter((c) => !known.has(c.npi)),
      removed: removed.sort((a, b) => (a.npi < b.npi ? -1 : 1)),
      changed: changed.sort((a, b) => (a.npi < b.npi ? -1 : 1)),
      touched: week
        .filter((w) => w.kind === "touched")
        .map((w) => /** @type {Planned} */ (w.before).built.row.npi)
        .sort(),
    },
    clinics,
  };
  if (o.groundTruthFile) await writeFile(o.groundTruthFile, `${JSON.stringify(truth, null, 1)}\n`);
  return truth;
}
