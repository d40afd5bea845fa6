/** Ranking of one shard's clinics for a query (no network). */
import type { Driver, PreparedIndex, StateRow } from "./search-index.js";
import { editDistance, matchWord, type ParsedQuery, searchWords, typos } from "./search-words.js";
import type { SearchShard } from "./types.js";

/** How a hit matched the words of its name: all whole words, some only as prefixes, some only approximately. */
export type MatchKind = "exact" | "prefix" | "fuzzy";

/** One result of a search, best first. */
export interface SearchHit {
  id: string;
  name: string;
  network: string | null;
  city: { slug: string; name: string };
  state: { slug: string; code: string; name: string };
  /** 5-digit ZIP code, or null when unknown. */
  zip: string | null;
  /** The clinic's page on the site (absolute). */
  url: string;
  /** Its API document, relative to the base address (`/clinic/{id}.json`). */
  path: string;
  /** How the query's words matched the clinic's name (or, when none did, its city, state, network or ZIP). */
  match: MatchKind;
}

type Record5 = [id: string, name: string, network: number | null, city: number, zip: string | null];

/** Indexes of the shard's clinics that the driver selects. */
function candidates(shard: SearchShard, driver: Driver): number[] {
  if (shard.kind === "head") return shard.clinics.map((_, i) => i);
  const picked = new Set<number>();
  const allowed = driver.widen ? typos(driver.key) : 0;
  for (const [k, list] of Object.entries(shard.keys)) {
    let take = k === driver.key;
    if (!take && driver.widen && !k.includes("-")) {
      if (k.startsWith(driver.key)) take = true;
      else if (allowed > 0) {
        const word = driver.open && k.length > driver.key.length ? k.slice(0, driver.key.length) : k;
        take = editDistance(driver.key, word, allowed) <= allowed;
      }
    }
    if (take) for (const i of list) picked.add(i);
  }
  return [...picked];
}

interface Scored {
  hit: SearchHit;
  unmatched: number;
  kind: number;
  /** All the words of the clinic's city name are among the query's words. */
  city: boolean;
  /** The clinic's whole state name, or its code, is among the query's words. */
  state: boolean;
  inName: number;
  whole: boolean;
  starts: boolean;
  words: number;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareScored(a: Scored, b: Scored): number {
  return (
    a.unmatched - b.unmatched ||
    a.kind - b.kind ||
    Number(b.city) - Number(a.city) ||
    b.inName - a.inName ||
    Number(b.state) - Number(a.state) ||
    Number(b.whole) - Number(a.whole) ||
    Number(b.starts) - Number(a.starts) ||
    a.words - b.words ||
    byText(a.hit.name, b.hit.name) ||
    byText(a.hit.id, b.hit.id)
  );
}

/**
 * Ranks the clinics of one shard for a query (no network): every word of the query must match a word of the
 * clinic's name, network, city or state, or its ZIP — exactly, as a prefix, or within a typo or two; clinics
 * that leave the fewest words unmatched are kept (so a city or state in the query narrows), then: exact before
 * prefix before fuzzy matches of the name; the clinic's whole city name in the query; more words matched in the
 * name; its whole state name or code in the query; the name equal to the query; the name starting with the
 * query's first word; shorter names; then name and id.
 */
export function rankShard(
  index: PreparedIndex,
  shard: SearchShard,
  driver: Driver,
  query: ParsedQuery,
  options: { limit?: number; state?: string | null } = {},
): SearchHit[] {
  const limit = options.limit ?? 10;
  const onlyState = options.state ?? null;
  const { root } = index;
  const cities = shard.cities as StateRow[];
  const last = query.words.length - 1;
  const scored: Scored[] = [];
  for (const i of candidates(shard, driver)) {
    const [id, name, network, cityAt, zip] = shard.clinics[i] as Record5;
    const [code, citySlug, cityName] = cities[cityAt] as StateRow;
    if (onlyState !== null && code !== onlyState) continue;
    const state = index.states.get(code) ?? [code.toLowerCase(), code, code];
    const nameWords = searchWords(name);
    const cityWords = searchWords(cityName);
    const placeWords = [
      ...cityWords,
      ...state[0].split("-"),
      code.toLowerCase(),
      ...(network === null ? [] : searchWords(shard.networks[network] ?? "")),
      ...(zip === null ? [] : [zip]),
    ];
    let unmatched = 0;
    let worstName = -1;
    let worstPlace = 0;
    const inName: string[] = [];
    query.words.forEach((q, at) => {
      const open = query.open && at === last;
      const n = matchWord(q, nameWords, open);
      const p = n === 0 ? 3 : matchWord(q, placeWords, open);
      if (n < 3 && n <= p) {
        worstName = Math.max(worstName, n);
        inName.push(q);
      } else if (p < 3) worstPlace = Math.max(worstPlace, p);
      else unmatched++;
    });
    const kind = worstName >= 0 ? worstName : worstPlace;
    scored.push({
      hit: {
        id,
        name,
        network: network === null ? null : (shard.networks[network] ?? null),
        city: { slug: citySlug, name: cityName },
        state: { slug: state[0], code, name: state[2] },
        zip,
        url: fill(root.clinic_url, { state: state[0], city: citySlug, id }),
        path: fill(root.paths.clinic, { id }),
        match: (["exact", "prefix", "fuzzy"] as const)[kind] ?? "fuzzy",
      },
      unmatched,
      kind,
      city: cityWords.every((w) => query.words.includes(w)),
      state:
        query.words.includes(code.toLowerCase()) || state[0].split("-").every((w) => query.words.includes(w)),
      inName: inName.length,
      whole: inName.length > 0 && inName.join(" ") === nameWords.join(" "),
      starts: query.words[0] !== undefined && (nameWords[0] ?? "").startsWith(query.words[0]),
      words: nameWords.length,
    });
  }
  if (scored.length === 0) return [];
  const fewest = Math.min(...scored.map((s) => s.unmatched));
  return scored
    .filter((s) => s.unmatched === fewest)
    .sort(compareScored)
    .slice(0, limit)
    .map((s) => s.hit);
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
}
