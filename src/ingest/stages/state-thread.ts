import { Worker } from "node:worker_threads";
import type { PlaceKind } from "../../schema/evidence.js";
import type { InferredNetwork } from "../networks/infer.js";
import type { Snapshot } from "../snapshot.js";
import type { StateResult } from "./state-job.js";

/** What the worker of the states stage is started with. */
export interface StateWorkerData {
  /** The folder of the rows read (a spill that holds nothing in memory). */
  spill: string;
  previous: Snapshot | null;
  rowNumberIds: number[];
  inferred: ReadonlyMap<string, ReadonlyMap<string, InferredNetwork>>;
  /** Kinds of place published. */
  keepKinds: PlaceKind[];
  /** The folders it writes: the snapshot's, and the clinics'. */
  snapshot: string;
  clinics: string;
}

/** A state for the worker to resolve, with the rows read for it. */
export interface StateWorkerJob {
  id: number;
  state: string;
  rows: number;
}

export type StateWorkerReply = { id: number; result: StateResult | null } | { id: number; error: string };

const WORKER = new URL("./state-worker.js", import.meta.url);

/**
 * A second thread for the states stage: a worker that resolves the states it is given, as `resolveStateJob` does in
 * this thread, writing their files itself. Only where the program runs compiled (`dist/`): the sources under test
 * run every state in this thread.
 * @example const thread = new StateThread(data); const tx = await thread.resolve("TX", 9000); await thread.close();
 */
export class StateThread {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (r: StateResult | null) => void; reject: (e: Error) => void }
  >();
  #next = 0;
  #failed: Error | null = null;

  /** Whether a worker can be started: the program runs from its compiled modules. */
  static get available(): boolean {
    return import.meta.url.endsWith(".js");
  }

  constructor(data: StateWorkerData) {
    this.#worker = new Worker(WORKER, { workerData: data });
    this.#worker.on("message", (reply: StateWorkerReply) => {
      const job = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if ("error" in reply) job?.reject(new Error(`states worker: ${reply.error}`));
      else job?.resolve(reply.result);
    });
    const fail = (e: Error) => {
      this.#failed = e;
      for (const job of this.#pending.values()) job.reject(e);
      this.#pending.clear();
    };
    this.#worker.on("error", fail);
    this.#worker.on("exit", (code) => fail(new Error(`states worker exited (${code})`)));
  }

  /** Resolves a state in the worker; null when it has no record. */
  resolve(state: string, rows: number): Promise<StateResult | null> {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, state, rows } satisfies StateWorkerJob);
    });
  }

  /** Stops the worker. */
  async close(): Promise<void> {
    this.#worker.removeAllListeners("exit");
    await this.#worker.terminate();
  }
}
