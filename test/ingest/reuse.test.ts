// Rows reused from the previous import (`ImportOptions.previous`): a week's file imported with the last release's
// snapshot gives the data set, the problems and the snapshot an import without it gives, on one thread and on two.
// The states stage's worker thread runs only from the compiled modules (`StateThread.available`), so the imports
// run through `dist/` (built by `npm test`'s type-check), the code the CLI runs, in a worker thread of their own
// (`test/helpers/import-compiled.mjs`: the compiled schemas must not meet the sources' in this module cache).
import { once } from "node:events";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { changeHifld } from "../../bench/build/incremental.mjs";
import { generateHifld } from "../../bench/import/generate-hifld.mjs";
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

/** What `import-compiled.mjs` posts of one import. */
interface Imported {
  reused: number;
  log: unknown[];
  summary: unknown[];
  clinics: { id: string }[];
  snapshot: [string, string][];
  [rest: string]: unknown;
}

/** The week's two imports on a number of threads: every row read again, and with week 0's rows to reuse. */
interface Pair {
  fresh: Imported;
  reused: Imported;
}

let pairs: Promise<Map<number, Pair>> | null = null;

/**
 * Week 0, then for 1 and 2 threads week 1 alone and week 1 with week 0's snapshot, through the compiled modules in
 * one worker (the modules load once).
 */
function imports(threads: number): Promise<Pair> {
  pairs ??= (async () => {
    // Week 0 once: a row's key does not depend on the threads (and the snapshots are compared below).
    const week = (threads: number, previousOf?: number) => ({
      inputs: [week1],
      dataVersion: "2026-11-09",
      tmpDir: tmp.dir,
      threads,
      ...(previousOf === undefined ? {} : { previousOf }),
    });
    const runs = [
      { inputs: [week0], dataVersion: "2026-11-02", tmpDir: tmp.dir, threads: 1 },
      ...[1, 2].flatMap((threads) => [week(threads), week(threads, 0)]),
    ];
    const worker = new Worker(new URL("../helpers/import-compiled.mjs", import.meta.url), {
      workerData: { runs },
    });
    try {
      const [message] = (await once(worker, "message")) as [
        { threadAvailable: boolean; results: Imported[] },
      ];
      expect(message.threadAvailable).toBe(true);
      const byThreads = new Map<number, Pair>();
      runs.forEach((run, i) => {
        if (run.inputs[0] !== week1) return;
        const pair = byThreads.get(run.threads) ?? ({} as Pair);
        pair["previousOf" in run ? "reused" : "fresh"] = message.results[i] as Imported;
        byThreads.set(run.threads, pair);
      });
      return byThreads;
    } finally {
      await worker.terminate();
    }
  })();
  return pairs.then((all) => all.get(threads) as Pair);
}

describe("an import that reuses the previous import's rows", () => {
  test.each([1, 2])("is the import that reads every row again (%i thread(s))", async (threads) => {
    const { fresh, reused } = await imports(threads);
    expect(fresh.clinics.length).toBeGreaterThan(2000);
    expect(fresh.reused).toBe(0);
    expect(reused.reused).toBeGreaterThan(2900);
    expect(reused.clinics).toEqual(fresh.clinics);
    expect(reused.log).toEqual(fresh.log);
    expect(reused.summary).toEqual(fresh.summary);
    expect(reused.snapshot.length).toBeGreaterThan(0);
    expect({ ...reused, clinics: null, log: null }).toEqual({
      ...fresh,
      clinics: null,
      log: null,
      reused: reused.reused,
    });
  });
});
