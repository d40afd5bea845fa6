// The worker thread of the states stage (`state-thread.ts` starts it): resolves the states it is sent, one at a
// time, writing their snapshot and clinic files itself, and answers with each state's result.
import { parentPort, workerData } from "node:worker_threads";
import { StateSpill } from "../../dataset/state-spill.js";
import type { ClinicRecord } from "../../dataset/types.js";
import type { SpilledRow } from "./read.js";
import { resolveContext } from "./resolve.js";
import { resolveStateJob, type StateJobEnv } from "./state-job.js";
import type { StateWorkerData, StateWorkerJob, StateWorkerReply } from "./state-thread.js";

const port = parentPort;
if (port) {
  const data = workerData as StateWorkerData;
  const spill = new StateSpill<SpilledRow>(data.spill, { hold: false });
  const env: StateJobEnv = {
    spill,
    previous: data.previous,
    base: null,
    rowNumberIds: new Set(data.rowNumberIds),
    ctx: resolveContext(new Set(data.rowNumberIds), data.inferred, data.keepKinds),
    snapshot: data.snapshot,
  };
  // One job at a time, in the order sent: a state's records are all the memory this thread holds.
  let queue: Promise<unknown> = Promise.resolve();
  port.on("message", (job: StateWorkerJob) => {
    queue = queue.then(async () => {
      let reply: StateWorkerReply;
      try {
        const out = new StateSpill<ClinicRecord>(data.clinics, { hold: false });
        spill.adopt(job.state, job.rows);
        const result = await resolveStateJob(job.state, 0, env, out);
        await out.flush();
        reply = { id: job.id, result };
      } catch (e) {
        reply = { id: job.id, error: (e as Error).stack ?? String(e) };
      }
      port.postMessage(reply);
    });
  });
}
