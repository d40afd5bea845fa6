// Synthetic NPPES bundles for tests: the generator of the benchmark (bench/nppes), with its ground truth.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  generateDeactivationReport,
  generateNppes,
  generateNppesWeekly,
} from "../../bench/nppes/generate-nppes.mjs";

export type MonthlyTruth = Awaited<ReturnType<typeof generateNppes>>;
export type WeeklyTruth = Awaited<ReturnType<typeof generateNppesWeekly>>;
type WeeklyChanges = NonNullable<Parameters<typeof generateNppesWeekly>[0]["changes"]>;
export type ReportTruth = Awaited<ReturnType<typeof generateDeactivationReport>>;

/** Options of a small monthly file: a few thousand rows, all the urgent-care cases. */
export const SMALL_NPPES = { rows: 3000, urgentCare: 120, seed: 7 } as const;

/**
 * A monthly bundle (ZIP and extracted CSVs) in a temporary folder, optionally with the weekly file after it
 * (`weekly/`) and the deactivation report (`report/`).
 * @example const n = await nppesBundle(); … await n.cleanup();
 */
export async function nppesBundle(
  options: { rows?: number; urgentCare?: number; seed?: number; weekly?: boolean; report?: boolean } = {},
) {
  const dir = await mkdtemp(join(tmpdir(), "ucd-nppes-"));
  const base = {
    out: dir,
    rows: options.rows ?? SMALL_NPPES.rows,
    urgentCare: options.urgentCare ?? SMALL_NPPES.urgentCare,
    seed: options.seed ?? SMALL_NPPES.seed,
  };
  const monthly = await generateNppes({ ...base, csv: true });
  const weekly = options.weekly
    ? await generateNppesWeekly({ base, out: join(dir, "weekly"), csv: true })
    : undefined;
  const report = options.report
    ? await generateDeactivationReport({
        base,
        ...(options.weekly ? { weekly: {} } : {}),
        out: join(dir, "report"),
        csv: true,
      })
    : undefined;
  return {
    dir,
    monthly,
    weekly,
    report,
    /** A file of the monthly bundle, extracted. */
    path: (name: string) => join(dir, name),
    /**
     * Another weekly file against the same monthly one, its CSVs extracted into `dir/<folder>`: its main file's
     * path and its ground truth.
     */
    async week(folder: string, options: { from: string; to: string; changes?: WeeklyChanges }) {
      const out = join(dir, folder);
      const truth = await generateNppesWeekly({ base, out, csv: true, zip: false, ...options });
      return { truth, main: join(out, truth.files.main) };
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
