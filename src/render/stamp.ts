import { createHash } from "node:crypto";
import type { Dataset } from "../dataset/types.js";
import type { Source } from "../schema/meta.js";

/** A network's counts as a release published them (a clinic's document shows its network's entry). */
export interface NetworkCounts {
  clinic_count: number;
  state_count: number;
  states: string[];
}

/**
 * The release-wide facts a document or page carries besides its own content: what its `meta` says (data version,
 * generation time, source, credit line), what a page's footer and notices say, and the counts of the clinic's
 * network that a clinic's document shows. A document is rendered with the stamp of the release that last changed
 * its content and keeps it, byte for byte, while its content stays the same (docs/releases.md).
 */
export interface Stamp {
  data_version: string;
  generated_at: string;
  source: Source;
  record_dates: { oldest: string | null; newest: string | null };
  /** Every listed network's counts, by name. */
  networks: Record<string, NetworkCounts>;
}

/**
 * The stamp of a release being rendered now.
 * @example const stamp = stampOf(dataset, "2026-05-01T00:00:00Z", { CareNow: { clinic_count: 3, state_count: 1, states: ["texas"] } });
 */
export function stampOf(
  dataset: Pick<Dataset, "dataVersion" | "source" | "recordDates">,
  generatedAt: string,
  networks: Record<string, NetworkCounts>,
): Stamp {
  return {
    data_version: dataset.dataVersion,
    generated_at: generatedAt,
    source: dataset.source,
    record_dates: { oldest: dataset.recordDates.oldest, newest: dataset.recordDates.newest },
    networks,
  };
}

const ids = new WeakMap<Stamp, string>();

/**
 * A short name of a stamp, from its content: equal stamps have one id, so that a rebuild with the same data and
 * generation time does not add a stamp.
 * @example stampId(stamp) // "5c1e0b7a9d2f4e63"
 */
export function stampId(stamp: Stamp): string {
  let id = ids.get(stamp);
  if (id === undefined) {
    id = createHash("sha256").update(JSON.stringify(stamp)).digest("hex").slice(0, 16);
    ids.set(stamp, id);
  }
  return id;
}
