import { ATP_SOURCE } from "../alltheplaces/columns.js";
import { parseSourceRecord, readSnapshotLines, type Snapshot, type SourceRecord } from "../snapshot.js";

/** How many of a place's latest runs decide its hours. */
export const HOURS_RUNS = 3;

/**
 * The regular hours of the places All The Places lists, from their last runs rather than the last one alone: a
 * store locator may show only the current week's hours (a holiday week's, say), and All The Places' data format
 * asks its users to look at several runs for the regular ones. Each of its records keeps the hours of the place's
 * last {@link HOURS_RUNS} runs (`hoursSeen`, one per run day: the hours read that day, null when that run gave none)
 * — the previous release's record of the same source id gives the runs before — and publishes the hours seen in
 * most of them; on a tie (three different weeks, or two runs that disagree), the newest run's. So a holiday week
 * seen once among three is not published, and hours that change for good are published from the second run that
 * shows them. The record's date stays its run's day. Records of other sources, and records without a date, are
 * returned as they are. Returns the records (changed ones replaced) and whether any changed.
 * @example const { records } = await settleHours(records, previousSnapshot, "TX");
 */
export async function settleHours(
  records: SourceRecord[],
  previous: Snapshot | null,
  state: string,
): Promise<{ records: SourceRecord[]; changed: Set<number> }> {
  const changed = new Set<number>();
  if (!records.some((r) => r.source === ATP_SOURCE)) return { records, changed };
  const before = previous ? await previousHours(previous, state) : new Map<string, Seen[]>();
  const out = records.map((r, i) => {
    if (r.source !== ATP_SOURCE || r.date === null || r.sourceId === null) return r;
    const own = r.hoursSeen?.find((s) => s.date === r.date) ?? { date: r.date, weekly: r.weekly };
    const byDate = new Map<string, Seen>();
    for (const s of before.get(r.sourceId) ?? []) if (s.date < r.date) byDate.set(s.date, s);
    byDate.set(own.date, own);
    const seen = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1)).slice(-HOURS_RUNS);
    const weekly = regular(seen);
    if (
      JSON.stringify(seen) === JSON.stringify(r.hoursSeen) &&
      JSON.stringify(weekly) === JSON.stringify(r.weekly)
    )
      return r;
    changed.add(i);
    return { ...r, weekly, hoursSeen: seen };
  });
  return { records: out, changed };
}

type Seen = NonNullable<SourceRecord["hoursSeen"]>[number];

/** The hours seen in most of the runs; on a tie, the newest run's. */
export function regular(seen: readonly Seen[]): Seen["weekly"] {
  const counts = new Map<string, { n: number; last: number; weekly: Seen["weekly"] }>();
  seen.forEach((s, i) => {
    const key = JSON.stringify(s.weekly);
    const c = counts.get(key);
    if (c) {
      c.n++;
      c.last = i;
    } else counts.set(key, { n: 1, last: i, weekly: s.weekly });
  });
  let best: { n: number; last: number; weekly: Seen["weekly"] } | null = null;
  for (const c of counts.values())
    if (!best || c.n > best.n || (c.n === best.n && c.last > best.last)) best = c;
  return best?.weekly ?? null;
}

/** The hours runs of the previous release's All The Places records of a state, by source id. */
async function previousHours(previous: Snapshot, state: string): Promise<Map<string, Seen[]>> {
  const out = new Map<string, Seen[]>();
  for (const line of await readSnapshotLines(previous, state)) {
    // Most records are another source's: not parsed.
    if (!line.includes(`"source":"${ATP_SOURCE}"`)) continue;
    const r = parseSourceRecord(line);
    if (r.source !== ATP_SOURCE || r.sourceId === null || r.date === null) continue;
    out.set(r.sourceId, r.hoursSeen ?? [{ date: r.date, weekly: r.weekly }]);
  }
  return out;
}
