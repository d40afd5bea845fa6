// @ts-check
// The monthly deactivation report against a generated monthly file (and, optionally, the weekly file after it):
// NPPES_Deactivated_NPI_Report_<MMDDYY>.zip. CMS's holds one .xlsx (sheet "DeactivatedNPIs": a title row, then
// "NPI" | "NPPES Deactivation Date", then every deactivated NPI with its date as MM/DD/YYYY text, the full current
// list, not a delta); this one holds the same two columns as a CSV (see docs/benchmarks.md, "NPPES filter").
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DEACTIVATION_COLUMNS } from "./columns.mjs";
import { compact, dayOf, isoOf, mmddyy, nppesDate } from "./dates.mjs";
import { monthlyContext, monthlyOptions, SYNTHETIC_NOTE } from "./monthly.mjs";
import { makePlan, toIso } from "./plan.mjs";
import { hash3, Random } from "./random.mjs";
import { deactivationDayAt, kindAt, npiAt, STREAM } from "./records.mjs";
import { Bundle } from "./sink.mjs";
import { planWeek } from "./weekly-plan.mjs";

/**
 * @typedef {object} ReportOptions
 * @property {import("./monthly.mjs").NppesOptions} base  the monthly file's options
 * @property {Omit<import("./weekly-plan.mjs").WeeklyOptions, "base" | "out">} [weekly] the weekly file applied before, if any
 * @property {string} out
 * @property {string} [date]     the report's date, YYYY-MM-DD (default: the day after the weekly's end, else 3 days after the monthly's)
 * @property {number} [urgentCare] urgent-care clinics of the monthly file deactivated since (default 0.2 % of them, at least 2)
 * @property {boolean} [zip]     default true
 * @property {boolean} [csv]     also write the CSV unzipped (default false)
 * @property {string} [groundTruthFile]
 */

/**
 * Writes the report and returns what it must do to a release built from the monthly file (and the weekly one).
 * @param {ReportOptions} o
 * @example await generateDeactivationReport({ base: { out: "/tmp/m", rows: 5000, urgentCare: 120 }, out: "/tmp/r" })
 */
export async function generateDeactivationReport(o) {
  const n = monthlyOptions(o.base);
  const ctx = await monthlyContext(n);
  const plan = makePlan(ctx, n.urgentCare);
  const week = o.weekly ? planWeek(ctx, plan, { ...o.weekly, base: o.base, out: "" }) : null;
  const date = o.date ? dayOf(o.date) : week ? week.to + 1 : ctx.end + 3;
  /** @type {Map<string, string>} NPI → MM/DD/YYYY */
  const list = new Map();
  for (let i = 0; i < n.rows; i++) {
    const p = plan.get(i);
    if (p?.kind === "deactivated") list.set(p.built.row.npi, p.deactivatedOn);
    else if (!p && kindAt(n.seed, i) === "deactivated")
      list.set(npiAt(n.seed, i), nppesDate(deactivationDayAt(ctx, i)));
  }
  // The week's deactivations are in the report too, and so are clinics deactivated after the week.
  const weekDeactivated = new Set(
    week?.week
      .filter((w) => w.kind === "deactivated")
      .map((w) => /** @type {import("./plan.mjs").Planned} */ (w.before).built.row.npi),
  );
  const touched = new Set(week?.week.map((w) => w.before?.built.row.npi));
  const rng = new Random(hash3(n.seed, date, STREAM.report));
  const since = week ? week.to + 1 : ctx.end + 1;
  const day = () => nppesDate(Math.min(date, since + rng.int(0, Math.max(0, date - since))));
  /** @type {{ npi: string, date: string }[]} */
  const urgentCare = [];
  for (const npi of weekDeactivated) {
    const on = nppesDate(week ? week.from : since);
    list.set(npi, on);
    urgentCare.push({ npi, date: toIso(on) });
  }
  const wanted = o.urgentCare ?? Math.max(2, Math.round(n.urgentCare * 0.002));
  const pool = [...plan.values()]
    .filter((p) => p.kind === "clinic" && p.group === null && !touched.has(p.built.row.npi))
    .sort((a, b) => a.index - b.index);
  for (let k = 0; k < wanted && pool.length > 0; k++) {
    const p = /** @type {import("./plan.mjs").Planned} */ (
      pool.splice(Math.floor(rng.next() * pool.length), 1)[0]
    );
    const on = day();
    list.set(p.built.row.npi, on);
    urgentCare.push({ npi: p.built.row.npi, date: toIso(on) });
  }
  const npis = [...list.keys()].sort();
  const csv = `${DEACTIVATION_COLUMNS.join(",")}\r\n${npis.map((npi) => `${npi},${list.get(npi)}\r\n`).join("")}`;
  const zipName =
    o.zip === false ? null : `NPPES_Deactivated_NPI_Report_${mmddyy(date)}${o.base.v2 ? "_V2" : ""}.zip`;
  const csvName = `NPPES Deactivated NPI Report ${compact(date)}.csv`;
  await mkdir(o.out, { recursive: true });
  if (o.csv) await writeFile(join(o.out, csvName), csv);
  if (zipName) {
    const bundle = new Bundle(join(o.out, zipName), {
      mtime: new Date(`${isoOf(date)}T00:00:00Z`),
      compressionLevel: 6,
    });
    bundle.addText(csv, csvName);
    bundle.addText(`${SYNTHETIC_NOTE}\n`, "SYNTHETIC-DATA-README.txt");
    await bundle.end("Synthetic NPPES-layout deactivation report (not CMS data)");
  }
  const truth = {
    format: "nppes-ground-truth",
    synthetic: true,
    kind: "deactivation-report",
    base: { ...n },
    date: isoOf(date),
    files: { bundle: zipName, report: csvName },
    total: npis.length,
    urgentCare: urgentCare.sort((a, b) => (a.npi < b.npi ? -1 : 1)),
  };
  if (o.groundTruthFile) await writeFile(o.groundTruthFile, `${JSON.stringify(truth, null, 1)}\n`);
  return truth;
}
