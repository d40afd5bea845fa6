import { splitProvenance } from "../dedupe/index.js";
import { nameCloseness, townWords } from "../dedupe/similarity.js";
import { placeEvidence } from "../evidence/index.js";
import type { JoinedRecord, MergedRecord } from "../normalised.js";
import type { Problem } from "../problems.js";
import { joinRecords, ownSource } from "./choose.js";
import { blockingKeys, lookupKeys, MATCH_SCORE, type MatchRule, matchRule } from "./match.js";

export { joinRecords } from "./choose.js";
export type { MatchRule } from "./match.js";

/** What merging one state's sources found. */
export interface MergeOutcome {
  clinics: JoinedRecord[];
  /** Records joined to another source's clinic, by rule. */
  merged: Partial<Record<MatchRule, number>>;
}

/**
 * The merge stage for one state: joins the records of different sources that describe one clinic (each source
 * already de-duplicated on its own), then makes each clinic from its records (`joinRecords`: each field from the
 * best source, with the credit). Sources are taken in the order of their first input; each record of the next
 * source joins the clinic it matches best (`matchRule`: same NPI or source id, same address, same phone, similar
 * name nearby), one record per source and clinic. A record whose best match is shared by two clinics joins
 * neither (reported, `merge_ambiguous`): a wrong merge hides a clinic, a missed one shows it twice. Every join is
 * reported with its rule.
 * @example const { clinics } = mergeSources(texasBySource, report);
 */
export function mergeSources(records: readonly MergedRecord[], report: (p: Problem) => void): MergeOutcome {
  const sources = new Map<string, MergedRecord[]>();
  for (const r of [...records].sort((a, b) => a.order - b.order)) {
    const list = sources.get(r.source);
    if (list) list.push(r);
    else sources.set(r.source, [r]);
  }
  const clusters: MergedRecord[][] = [];
  const index = new Map<string, MergedRecord[][]>();
  const file = (cluster: MergedRecord[], r: MergedRecord) => {
    for (const key of blockingKeys(r)) {
      const list = index.get(key);
      if (!list) index.set(key, [cluster]);
      else if (!list.includes(cluster)) list.push(cluster);
    }
  };
  const merged: MergeOutcome["merged"] = {};
  let left = sources.size;
  for (const [source, list] of sources) {
    // The clinics of the last source are looked up by none: not filed (one source is the common case).
    const last = --left === 0;
    // Every (record, clinic) pair that matches, best first; then each record and each clinic is taken once.
    const pairs: { r: MergedRecord; cluster: MergedRecord[]; rule: MatchRule; tied: boolean }[] = [];
    // Before the first source is filed, nothing can match.
    if (index.size > 0)
      for (const r of list) {
        const seen = new Set<MergedRecord[]>();
        const found: { cluster: MergedRecord[]; rule: MatchRule }[] = [];
        for (const key of lookupKeys(r))
          for (const cluster of index.get(key) ?? []) {
            if (seen.has(cluster)) continue;
            seen.add(cluster);
            if (cluster.some((m) => m.source === source)) continue;
            const rule = matchRule(cluster, r);
            if (rule !== null) found.push({ cluster, rule });
          }
        if (found.length === 0) continue;
        const top = Math.max(...found.map((f) => MATCH_SCORE[f.rule]));
        const best = settleTie(
          r,
          found.filter((f) => MATCH_SCORE[f.rule] === top),
        );
        for (const f of best) pairs.push({ r, cluster: f.cluster, rule: f.rule, tied: best.length > 1 });
      }
    pairs.sort((a, b) => MATCH_SCORE[b.rule] - MATCH_SCORE[a.rule] || a.r.order - b.r.order);
    const decided = new Set<MergedRecord>();
    const joined = new Set<MergedRecord>();
    const taken = new Set<MergedRecord[]>();
    for (const p of pairs) {
      if (decided.has(p.r) || taken.has(p.cluster)) continue;
      decided.add(p.r);
      if (p.tied) {
        say(
          report,
          p.r,
          "merge_ambiguous",
          "notice",
          `matches several clinics of other sources equally (${p.rule}): kept apart`,
        );
        continue;
      }
      taken.add(p.cluster);
      merged[p.rule] = (merged[p.rule] ?? 0) + 1;
      const into = p.cluster[0] as MergedRecord;
      say(
        report,
        p.r,
        `merged_${p.rule}`,
        "merged",
        `the same clinic as ${into.provenance[0]} ("${into.name}", ${into.source}); joined to it`,
      );
      p.cluster.push(p.r);
      joined.add(p.r);
    }
    if (!last) for (const p of pairs) if (joined.has(p.r) && p.cluster.includes(p.r)) file(p.cluster, p.r);
    for (const r of list) {
      if (joined.has(r)) continue;
      const cluster = [r];
      clusters.push(cluster);
      if (!last) file(cluster, r);
    }
  }
  return {
    clinics: clusters.map((c) => (c.length === 1 ? alone(c[0] as MergedRecord) : joinRecords(c))),
    merged,
  };
}

/**
 * A clinic one record alone describes (most): `joinRecords` of it, completed in place (the record is the stage's
 * own; a copy of each cost more than the rest of the stage).
 */
function alone(r: MergedRecord): JoinedRecord {
  return Object.assign(r, {
    sources: r.givenSources ?? [ownSource(r)],
    evidence: placeEvidence([r], r.name, r.city),
  });
}

/**
 * Of the clinics a record matches equally well, the one whose name is closest to the record's, when one is closer
 * than all the others: the same phone at two clinics of one ZIP code, one of them of the record's name; a name near
 * a ZIP code's centre where one clinic has that very name and another only shares a word of it (`Los Angeles Urgent
 * Care` beside `Copper Urgent Care of Los Angeles`). Otherwise all of them: a chain's two branches of one name (and
 * one shared number) stay a tie, and the record joins neither.
 */
function settleTie<T extends { cluster: MergedRecord[] }>(r: MergedRecord, tied: T[]): T[] {
  if (tied.length < 2) return tied;
  const closeness = tied.map((f) =>
    Math.max(...f.cluster.map((m) => nameCloseness(m.name, r.name, townWords(m.city, r.city)))),
  );
  const top = Math.max(...closeness);
  const closest = tied.filter((_, k) => closeness[k] === top);
  return top > 0 && closest.length === 1 ? closest : tied;
}

function say(
  report: (p: Problem) => void,
  r: MergedRecord,
  code: string,
  kind: "merged" | "notice",
  message: string,
): void {
  const [file, row] = splitProvenance(r.provenance[0] as string);
  report({ file, row, field: "", code, message, kind });
}
