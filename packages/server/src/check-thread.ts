/**
 * Checks a folder against its manifest (`checkTree`) in a worker thread, for a cluster's primary: the reading of
 * a large manifest and the stat of every file allocate a lot, and a thread's heap is given back when it ends,
 * so the primary — which holds nothing else — stays small (a 1M-clinic build left it 88 MiB; now a few).
 */
import { parentPort, Worker, workerData } from "node:worker_threads";
import { type CheckedTree, checkTree } from "./site.js";

type Outcome = { ok: true; tree: CheckedTree } | { ok: false; error: string; name: string };

if (parentPort && workerData?.checkTree) {
  const { dir, openFiles } = workerData.checkTree as { dir: string; openFiles?: number };
  const outcome: Outcome = await checkTree(dir, openFiles).then(
    (tree) => ({ ok: true, tree }),
    (e: Error) => ({ ok: false, error: e.message, name: e.name }),
  );
  parentPort.postMessage(outcome);
}

/**
 * `checkTree(dir)` run in a short-lived worker thread; resolves or rejects as it would.
 * @example const { root, version } = await checkInThread("public");
 */
export function checkInThread(dir: string, openFiles?: number): Promise<CheckedTree> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { checkTree: { dir, openFiles } },
      // A small young generation: the check allocates short-lived strings by the million.
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    worker.once("message", (outcome: Outcome) => {
      if (outcome.ok) resolve(outcome.tree);
      else {
        const error = new Error(outcome.error);
        error.name = outcome.name;
        reject(error);
      }
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the manifest check ended with code ${code}`)));
  });
}
