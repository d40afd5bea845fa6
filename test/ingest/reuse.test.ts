// Rows reused from the previous import (`ImportOptions.previous`): a week's file imported with the last release's
// snapshot gives the data set, the problems and the snapshot an import without it gives, on one thread and on two.
// The states stage's worker thread runs only from the compiled modules (`StateThread.available`), so the two-thread
// runs import through `dist/` (built by `npm test`'s type-check), the code the CLI runs, in a worker thread of
// their own (`test/helpers/import-compiled.mjs`).
import { once } from "node:events";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
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

/** The same three imports (week 0; week 1 alone; week 1 with week 0's snapshot) through the compiled modules. */
async function compiledRuns(threads: number) {
  const worker = new Worker(new URL("../helpers/import-compiled.mjs", import.meta.url), {
    workerData: {
      runs: [
        { inputs: [week0], dataVersion: "2026-11-02", tmpDir: tmp.dir, threads },
        { inputs: [week1], dataVersion: "2026-11-09", tmpDir: tmp.dir, threads },
        { inputs: [week1], dataVersion: "2026-11-09", tmpDir: tmp.dir, threads, previousOf: 0 },
      ],
    },
  });
  const [message] = (await once(worker, "message")) as [
    { threadAvailable: boolean; results: Awaited<ReturnType<typeof run>>[] },
  ];
  await worker.terminate();
  expect(message.threadAvailable).toBe(true);
  const [, fresh, reused] = message.results.map((r) => ({
    ...r,
    snapshot: new Map(r.snapshot as unknown as [string, string][]),
  }));
  return {
    fresh: fresh as Awaited<ReturnType<typeof run>>,
    reused: reused as Awaited<ReturnType<typeof run>>,
  };
}

describe("an import that reuses the previous import's rows", () => {
  test.each([1, 2])("is the import that reads every row again (%i thread(s))", async (threads) => {
    const { fresh, reused } =
      threads > 1
        ? await compiledRuns(threads)
        : {
            fresh: await run(importFiles, { threads }),
            reused: await run(importFiles, { previous: await previousOf(importFiles), threads }),
          };
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
