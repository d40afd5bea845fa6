import { STATES } from "../../geo/states.js";
import type { PrefixCounts } from "../networks/infer.js";
import type { Problem } from "../problems.js";
import { readSnapshotState, type Snapshot, type SourceRecord } from "../snapshot.js";
import type { ReadResult } from "./read.js";

/** The last release's records an update keeps, state by state, and how many it replaced. */
export interface UpdateBase {
  snapshot: Snapshot;
  /** One state's records not replaced by the update, numbered after the `from` records read. */
  records(state: string, from: number): Promise<SourceRecord[]>;
  /** The same records, as they were kept (not numbered, not counted as replaced). */
  kept(state: string): Promise<SourceRecord[]>;
  readonly replaced: number;
}

/**
 * The brand prefixes of the records read and of those an update keeps from the last release: a network inferred
 * from "Brand - Place" names is decided over the whole data set, and a weekly file alone lists a few of its clinics
 * at most — counted alone, every such network would vanish from the clinics the week did not touch.
 */
export async function withKeptPrefixes(read: PrefixCounts, base: UpdateBase): Promise<PrefixCounts> {
  const all = read.copy();
  for (const s of STATES)
    for (const r of await base.kept(s.code))
      if (r.brandPrefix !== null) all.add(r.brandPrefix, r.state, r.city);
  return all;
}

/**
 * Whether the inputs are an update, and if so the base they apply to: the last release's source records, minus
 * those of the NPIs the update decides (its clinics, deactivations, NPIs no longer urgent care) and of the source
 * ids it gives again, and minus every record of a source an input replaces as a whole (an All The Places run). An
 * update with no last release to apply to is fatal; full inputs need no base. So is an update older than the
 * release (its period ends before the release's data version: a week applied out of order would put older records
 * back over newer ones), unless `allowOlder` (a rollback on purpose). Inputs that all replace a source (this week's
 * All The Places run alone) are an update when there is a last release — its other sources' records are carried —
 * and a full build of their own when there is none.
 */
export function updateBase(
  read: ReadResult,
  snapshot: Snapshot | null,
  options: { alone: boolean; allowOlder: boolean },
  report: (p: Problem) => void,
): UpdateBase | null {
  const { alone } = options;
  const updates = read.facts.flatMap((f, i) => (f?.update ? [i] : []));
  const replacedSources = new Set(read.facts.flatMap((f) => (f?.replaces ? [f.replaces] : [])));
  const replacing = read.facts.length > 0 && read.facts.every((f) => f?.replaces !== undefined);
  if (updates.length === 0 && !(replacing && snapshot !== null)) return null;
  if (snapshot === null) {
    for (const i of updates)
      report({
        file: read.files[i]?.path ?? "",
        row: 0,
        field: "",
        code: alone ? "update_read_alone" : "update_without_release",
        message: alone
          ? "this file holds changes (a weekly NPPES file or a deactivation report) that a build applies on top of the last release; read here on its own"
          : "this file holds changes (a weekly NPPES file or a deactivation report) that apply on top of the last release, and the output has none that kept its source records: build from a full monthly file first",
        kind: alone ? "notice" : "fatal",
      });
    return null;
  }
  if (!options.allowOlder) refuseOlder(read, updates, snapshot, report);
  const npis = new Set(updates.flatMap((i) => read.facts[i]?.npis ?? []));
  let replaced = 0;
  return {
    snapshot,
    get replaced() {
      return replaced;
    },
    async records(state, from) {
      const out: SourceRecord[] = [];
      for (const r of await readSnapshotState(snapshot, state)) {
        if ((r.npi !== null && npis.has(r.npi)) || replacedSources.has(r.source)) {
          replaced++;
          continue;
        }
        out.push({ ...r, input: -1, order: from + out.length });
      }
      return out;
    },
    async kept(state) {
      return (await readSnapshotState(snapshot, state)).filter(
        (r) => (r.npi === null || !npis.has(r.npi)) && !replacedSources.has(r.source),
      );
    },
  };
}

/**
 * Reports each update whose edition (a weekly file's last day, a deactivation report's date) is older than the
 * edition of its own source in the release it would apply to (the release's NPPES file: a release also built from a
 * newer places file is not newer NPPES data), or than the release's data version when the release does not date
 * that source. An update with no edition is dated by its records: the release's guard (`publishRelease`) refuses it
 * when they are older.
 */
function refuseOlder(
  read: ReadResult,
  updates: readonly number[],
  snapshot: Snapshot,
  report: (p: Problem) => void,
): void {
  for (const i of updates) {
    const edition = read.facts[i]?.published ?? null;
    const names = new Set((read.mappings[i]?.upstream ?? []).map((u) => u.name));
    const dates = snapshot.upstream.flatMap((u) => (names.has(u.name) && u.date !== null ? [u.date] : []));
    const published = dates.length > 0 ? (dates.sort().at(-1) ?? snapshot.dataVersion) : snapshot.dataVersion;
    if (edition === null || edition >= published) continue;
    report({
      file: read.files[i]?.path ?? "",
      row: 0,
      field: "",
      code: "update_older",
      message: `this update is of ${edition} (the last day it covers), older than this source's data in the published release, of ${published}: applied now, it would put older records back over newer ones. Apply the updates after ${published} (a weekly file whose period starts after it), or a newer full monthly file; or pass --allow-older to roll back on purpose`,
      kind: "fatal",
    });
  }
}
