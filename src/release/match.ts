import { identityStreet } from "../dataset/identity.js";
import type { ClinicRecord } from "../dataset/types.js";
import { distanceKm } from "../geo/distance.js";
import { clinicId } from "../util/id.js";
import { publishedKey } from "./diff.js";

/** Two clinics this close (and nothing else as close) are one place across releases. */
export const SAME_PLACE_KM = 0.03;

/** The rules, in the order they are tried; a record is matched by the first rule that decides. */
export const MATCH_RULES = ["unchanged", "same_id", "source_id", "address", "coordinates", "phone"] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

/** A record of the new data that more than one clinic of the previous release could be: it gets a new id. */
export interface AmbiguousMatch {
  id: string;
  name: string;
  state: string;
  rule: MatchRule;
  /** Ids of the previous release's clinics it could be. */
  candidates: string[];
}

export interface MatchResult {
  /**
   * New record id → the id it is published under, where the two differ: the id it keeps from the previous release
   * (a matched record), or a fresh one for a new record whose own id the previous release already gave another.
   */
  ids: Map<string, string>;
  /** Matched records by the rule that matched them. */
  byRule: Record<MatchRule, number>;
  ambiguous: AmbiguousMatch[];
}

type Key = (r: ClinicRecord) => string[];

const cell = 0.0005; // degrees, ~50 m: neighbouring cells cover SAME_PLACE_KM
const cellOf = (lat: number, lng: number) => `${Math.floor(lat / cell)}|${Math.floor(lng / cell)}`;

/** Keys under which two records may be the same clinic, per rule (coordinates are compared by distance). */
const KEYS: Record<Exclude<MatchRule, "unchanged" | "coordinates">, Key> = {
  same_id: (r) => [r.id],
  source_id: (r) => r.source_ids,
  address: (r) => {
    const line = r.street ?? r.address;
    return line === null ? [] : [`${identityStreet(line)}|${r.zip ?? r.city_slug}`];
  },
  phone: (r) => (r.phone === null ? [] : [`${r.phone}|${r.city_slug}`]),
};

/**
 * Matches the clinics of one state across two releases, so that a clinic keeps its id when the new source carries
 * no id of ours, or its name or phone changed. Rules, tried in order on the records not yet matched: unchanged
 * (every published field the same: whatever changed around it, an unchanged clinic is itself); the same id; a
 * shared stable source id (`hifld:…`); the same street address (street and ZIP, else city); the same place
 * (within SAME_PLACE_KM); the same phone in the same city. A listed clinic of the previous release is preferred to a
 * tombstone (`gone`) wherever both are candidates. A rule matches a pair only when each is the other's only
 * candidate; when a record has several candidates the match is reported as ambiguous and not made (the record
 * gets a new id) — never guessed. Records of identical content are paired in id order (nothing tells them apart).
 * @example const { ids } = matchState(previousTexas, nextTexas, texasTombstones); ids.get(next.id) // its id
 */
export function matchState(
  live: readonly ClinicRecord[],
  next: readonly ClinicRecord[],
  gone: readonly ClinicRecord[] = [],
): MatchResult {
  const ids = new Map<string, string>();
  const byRule = Object.fromEntries(MATCH_RULES.map((r) => [r, 0])) as Record<MatchRule, number>;
  const ambiguous: AmbiguousMatch[] = [];
  const listed = new Set(live);
  const freeBase = new Set([...live, ...gone]);
  const freeNext = new Set(next);
  const decided = new Set<ClinicRecord>(); // ambiguous at some rule: no later rule may guess
  const pair = (n: ClinicRecord, b: ClinicRecord, rule: MatchRule) => {
    if (n.id !== b.id) ids.set(n.id, b.id);
    byRule[rule]++;
    freeBase.delete(b);
    freeNext.delete(n);
  };

  for (const [n, b] of unchangedPairs(freeBase, freeNext, listed)) pair(n, b, "unchanged");
  for (const rule of MATCH_RULES) {
    if (rule === "unchanged") continue;
    const candidates = preferListed(
      rule === "coordinates" ? byDistance(freeBase, freeNext) : byKey(KEYS[rule], freeBase, freeNext),
      listed,
    );
    for (const n of [...freeNext]) {
      if (decided.has(n)) continue;
      const forward = candidates.forward.get(n) ?? [];
      if (forward.length === 0) continue;
      const only = forward.length === 1 ? (forward[0] as ClinicRecord) : undefined;
      if (only && (candidates.backward.get(only) ?? []).length === 1) {
        pair(n, only, rule);
        continue;
      }
      decided.add(n);
      ambiguous.push({
        id: n.id,
        name: n.name,
        state: n.state,
        rule,
        candidates: forward.map((b) => b.id).sort(),
      });
    }
  }
  // A record left unmatched whose own id the previous release gave a clinic now matched to another record (a
  // derived id: identities of clinics that share a name and street fall back on each other) would share that id,
  // or take that clinic's history: it gets an id nobody had.
  const history = new Set([...live, ...gone].map((r) => r.id));
  const used = new Set([...history, ...next.map((r) => r.id)]);
  for (const n of freeNext) {
    if (!history.has(n.id)) continue;
    let fresh = clinicId([n.id, n.zip ?? "", n.city_slug]);
    for (let i = 2; used.has(fresh); i++) fresh = clinicId([n.id, n.zip ?? "", n.city_slug, String(i)]);
    used.add(fresh);
    ids.set(n.id, fresh);
  }
  return { ids, byRule, ambiguous };
}

/**
 * Pairs of a new record and a record of the previous release with the same published content (the fields the
 * changes compare): the same id first, then listed clinics before tombstones, each side in id order.
 */
function unchangedPairs(
  base: ReadonlySet<ClinicRecord>,
  next: ReadonlySet<ClinicRecord>,
  listed: ReadonlySet<ClinicRecord>,
): [ClinicRecord, ClinicRecord][] {
  const index = new Map<string, ClinicRecord[]>();
  for (const b of base) {
    const k = publishedKey(b);
    const list = index.get(k);
    if (list) list.push(b);
    else index.set(k, [b]);
  }
  const groups = new Map<string, ClinicRecord[]>();
  for (const n of next) {
    const k = publishedKey(n);
    if (!index.has(k)) continue;
    const list = groups.get(k);
    if (list) list.push(n);
    else groups.set(k, [n]);
  }
  const byId = (a: ClinicRecord, b: ClinicRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const pairs: [ClinicRecord, ClinicRecord][] = [];
  for (const [k, group] of groups) {
    const olds = (index.get(k) as ClinicRecord[]).sort(
      (a, b) => Number(listed.has(b)) - Number(listed.has(a)) || byId(a, b),
    );
    const rest: ClinicRecord[] = [];
    for (const n of group.sort(byId)) {
      const same = olds.findIndex((b) => b.id === n.id);
      if (same >= 0) pairs.push([n, olds.splice(same, 1)[0] as ClinicRecord]);
      else rest.push(n);
    }
    rest.forEach((n, i) => {
      const b = olds[i];
      if (b) pairs.push([n, b]);
    });
  }
  return pairs;
}

interface Candidates {
  forward: Map<ClinicRecord, ClinicRecord[]>;
  backward: Map<ClinicRecord, ClinicRecord[]>;
}

function link(c: Candidates, n: ClinicRecord, b: ClinicRecord): void {
  const f = c.forward.get(n);
  if (f) {
    if (!f.includes(b)) f.push(b);
  } else c.forward.set(n, [b]);
  const back = c.backward.get(b);
  if (back) {
    if (!back.includes(n)) back.push(n);
  } else c.backward.set(b, [n]);
}

function byKey(key: Key, base: Set<ClinicRecord>, next: Set<ClinicRecord>): Candidates {
  const index = new Map<string, ClinicRecord[]>();
  for (const b of base) {
    for (const k of key(b)) {
      const list = index.get(k);
      if (list) list.push(b);
      else index.set(k, [b]);
    }
  }
  const c: Candidates = { forward: new Map(), backward: new Map() };
  for (const n of next) for (const k of key(n)) for (const b of index.get(k) ?? []) link(c, n, b);
  return c;
}

/** Where a record has listed clinics among its candidates, tombstones are not candidates. */
function preferListed(c: Candidates, listed: ReadonlySet<ClinicRecord>): Candidates {
  const out: Candidates = { forward: new Map(), backward: new Map() };
  for (const [n, all] of c.forward) {
    const some = all.filter((b) => listed.has(b));
    for (const b of some.length > 0 ? some : all) link(out, n, b);
  }
  return out;
}

function byDistance(base: Set<ClinicRecord>, next: Set<ClinicRecord>): Candidates {
  const grid = new Map<string, ClinicRecord[]>();
  for (const b of base) {
    if (b.latitude === null || b.longitude === null || b.coordinates_source !== "source") continue;
    const k = cellOf(b.latitude, b.longitude);
    const list = grid.get(k);
    if (list) list.push(b);
    else grid.set(k, [b]);
  }
  const c: Candidates = { forward: new Map(), backward: new Map() };
  for (const n of next) {
    if (n.latitude === null || n.longitude === null || n.coordinates_source !== "source") continue;
    const i = Math.floor(n.latitude / cell);
    const j = Math.floor(n.longitude / cell);
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        for (const b of grid.get(`${i + di}|${j + dj}`) ?? []) {
          if (
            distanceKm(n.latitude, n.longitude, b.latitude as number, b.longitude as number) <= SAME_PLACE_KM
          )
            link(c, n, b);
        }
      }
    }
  }
  return c;
}
