import { networkEntry } from "../documents/entries.js";
import type { BuildRun } from "../emitter.js";
import type { NetworkSummary } from "../summary.js";
import { contentKeyStream } from "./keys.js";
import type { Decision } from "./plan.js";

/**
 * The decision for a network's unit (its documents and pages), taken once for both emitters that write them: its
 * content key hashes its entry (with its counts) and its members as spilled (each member's clinic and place, in
 * the order they are listed).
 * @example const decision = await decideNetwork(run, network);
 */
export async function decideNetwork(run: BuildRun, network: NetworkSummary): Promise<Decision> {
  const { plan } = run;
  const known = plan.decided("network", network.slug);
  if (known) return known;
  const key = contentKeyStream(plan.fingerprint, "network");
  key.update(JSON.stringify(networkEntry(run.ctx, network)));
  key.update(await run.networkMembers.raw(network));
  return plan.decide("network", network.slug, key.digest(), String(network.clinics));
}
