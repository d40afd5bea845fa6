// @ts-check
// Generates NPPES Data Dissemination bundles as CMS ships them (see docs/benchmarks.md, "NPPES filter", for the
// layout and its sources) with the ground truth an importer must find in them: the monthly file, weekly files and
// the deactivation report. Deterministic for the same options; streamed (the full-size main file is ~10 GB).
//
//   node bench/nppes/generate-nppes.mjs --out DIR [--rows N] [--urgent-care N] [--seed S] [--from YYYY-MM-DD]
//        [--to YYYY-MM-DD] [--csv] [--no-zip] [--lf] [--v2] [--level 0-9] [--weekly] [--report]
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateNppes } from "./monthly.mjs";
import { generateDeactivationReport } from "./report.mjs";
import { generateNppesWeekly } from "./weekly.mjs";

export {
  DEACTIVATION_COLUMNS,
  ENDPOINT_COLUMNS,
  NPPES_COLUMNS,
  OTHERNAME_COLUMNS,
  PL_COLUMNS,
} from "./columns.mjs";
export {
  FULL_ROWS,
  fileNames,
  generateNppes,
  monthlyOptions,
  SYNTHETIC_NOTE,
  URGENT_CARE_SHARE,
} from "./monthly.mjs";
export { generateDeactivationReport } from "./report.mjs";
export { generateNppesWeekly } from "./weekly.mjs";

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: v } = parseArgs({
    options: {
      out: { type: "string" },
      rows: { type: "string" },
      "urgent-care": { type: "string" },
      seed: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      csv: { type: "boolean" },
      "no-zip": { type: "boolean" },
      lf: { type: "boolean" },
      v2: { type: "boolean" },
      level: { type: "string" },
      weekly: { type: "boolean" },
      report: { type: "boolean" },
    },
  });
  if (!v.out) {
    console.error(
      "usage: node bench/nppes/generate-nppes.mjs --out DIR [--rows N] [--urgent-care N] [--seed S] [--from D] [--to D] [--csv] [--no-zip] [--lf] [--v2] [--level 0-9] [--weekly] [--report]",
    );
    process.exit(2);
  }
  /** @type {import("./monthly.mjs").NppesOptions} */
  const o = {
    out: v.out,
    csv: v.csv ?? false,
    zip: !v["no-zip"],
    lineEnding: v.lf ? "\n" : "\r\n",
    v2: v.v2 ?? false,
    groundTruthFile: join(v.out, "ground-truth.json"),
    ...(v.rows ? { rows: Number(v.rows) } : {}),
    ...(v["urgent-care"] ? { urgentCare: Number(v["urgent-care"]) } : {}),
    ...(v.seed ? { seed: Number(v.seed) } : {}),
    ...(v.from ? { from: v.from } : {}),
    ...(v.to ? { to: v.to } : {}),
    ...(v.level ? { compressionLevel: Number(v.level) } : {}),
  };
  const t0 = performance.now();
  const truth = await generateNppes(o);
  console.log(
    `monthly: ${truth.counts.rows} rows, ${truth.filter.matched} urgent-care organisation rows, ${(truth.counts.bytes.main / 2 ** 20).toFixed(1)} MiB main file, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (v.weekly) {
    const w = await generateNppesWeekly({
      base: o,
      out: join(v.out, "weekly"),
      csv: o.csv ?? false,
      groundTruthFile: join(v.out, "weekly", "ground-truth.json"),
    });
    console.log(
      `weekly: ${w.counts.rows} rows, +${w.weekly.added.length} −${w.weekly.removed.length} ~${w.weekly.changed.length} clinics`,
    );
  }
  if (v.report) {
    const r = await generateDeactivationReport({
      base: o,
      out: join(v.out, "report"),
      groundTruthFile: join(v.out, "report", "ground-truth.json"),
    });
    console.log(`deactivation report: ${r.total} NPIs, ${r.urgentCare.length} urgent-care clinics removed`);
  }
}
