// Rows reused from the previous import (`ImportOptions.previous`): a week's file imported with the last release's
// snapshot gives the data set, the problems and the snapshot an import without it gives, on one thread and on two.
// The states stage's worker thread runs only from the compiled modules (`StateThread.available`), so the two-thread
// runs import through `dist/` (built by `npm test`'s type-check), the same code the CLI runs.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { changeHifld } from "../../bench/build/incremental.mjs";
import { generateHifld } from "../../bench/import/generate-hifld.mjs";
import { collectClinics } from "../../src/dataset/store.js";
import type { Dataset } from "../../src/dataset/types.js";
import { importFiles } from "../../src/ingest/import.js";
import { readSnapshot, type Snapshot } from "../../src/ingest/snapshot.js";
import { scratch } from "./helpers.js";

let tmp: Awaited<ReturnType<typeof scratch>>;
let week0: string;
let week1: string;

beforeAll(async () => {
  tmp = await scratch();
  week0 = join(tmp.dir, "week-0.csv");
  week1 = join(tmp.dir, "week-1.csv");
  await generateHifld(week0, 3000, 7);
  const counts = await changeHifld(week0, week1, 1);
  expect(counts.edited + counts.removed + counts.added).toBeGreaterThan(20);
});
afterAll(async () => {
  await tmp?.cleanup();
});

/** A data set's clinics, cities, networks and report, and its snapshot's files, as text to compare. */
async function everything(dataset: Dataset) {
  const snapshot = new Map<string, string>();
  const dir = dataset.snapshot as string;
  for (const name of (await readdir(dir)).sort())
    snapshot.set(name, (await readFile(join(dir, name))).toString("hex"));
  return {
    clinics: await collectClinics(dataset.clinics),
    cities: dataset.cities,
    networks: dataset.networks,
    report: dataset.report,
    recordDates: dataset.recordDates,
    source: dataset.source,
    snapshot,
  };
}

/** The importer the CLI runs (compiled), whose states stage can start its worker thread. */
const compiled = async (): Promise<typeof importFiles> => {
  const path = new URL("../../dist/ingest/import.js", import.meta.url).href;
  const thread = new URL("../../dist/ingest/stages/state-thread.js", import.meta.url).href;
  expect((await import(thread)).StateThread.available).toBe(true);
  return (await import(path)).importFiles;
};

/**
 * Week 0's snapshot, as the importer makes it (a row's key holds the importer's code: the compiled modules' rows
 * are not the sources' rows).
 */
async function previousOf(importer: typeof importFiles): Promise<Snapshot> {
  const first = await importer({ inputs: [week0], dataVersion: "2026-11-02", tmpDir: tmp.dir });
  if (!first.dataset?.snapshot) throw new Error("week 0 did not import");
  return (await readSnapshot(first.dataset.snapshot)) as Snapshot;
}

async function run(importer: typeof importFiles, options: { previous?: Snapshot; threads: number }) {
  const { dataset, log, reused } = await importer({
    inputs: [week1],
    dataVersion: "2026-11-09",
    tmpDir: tmp.dir,
    ...options,
  });
  if (!dataset) throw new Error("week 1 did not import");
  try {
    return { reused, log: log.problems, summary: log.summary(), ...(await everything(dataset)) };
  } finally {
    await dataset.clinics.dispose();
  }
}

describe("an import that reuses the previous import's rows", () => {
  test.each([1, 2])("is the import that reads every row again (%i thread(s))", async (threads) => {
    const importer = threads > 1 ? await compiled() : importFiles;
    const fresh = await run(importer, { threads });
    const reused = await run(importer, { previous: await previousOf(importer), threads });
    expect(fresh.clinics.length).toBeGreaterThan(2000);
    expect(fresh.reused).toBe(0);
    expect(reused.reused).toBeGreaterThan(2900);
    expect(reused.clinics).toEqual(fresh.clinics);
    expect(reused.log).toEqual(fresh.log);
    expect(reused.summary).toEqual(fresh.summary);
    expect({ ...reused, clinics: null, log: null }).toEqual({
      ...fresh,
      clinics: null,
      log: null,
      reused: reused.reused,
    });
  });
});
