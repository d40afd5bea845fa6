/**
 * Where a patient says they are, from the site's own files: a ZIP code (`assets/zips/`), or a town anywhere in the
 * 50 states and DC (`assets/places/`, the gazetteer: GeoNames cities and post office towns), also inside an address
 * ("6th street austin", "123 Main St, Pflugerville, TX"). No geocoding service: what is typed never leaves the
 * device, but for the names of the small files read.
 */
import type { CitiesList } from "@urgent-care-directory/sdk";
import { foldPlace, PLACES_DIR, type PlaceRow, placeShard, ZIP_DIR } from "../util/place-names.js";
import { getJson } from "./documents.js";
import { lookup } from "./lookup-files.js";
import type { PageInfo } from "./page.js";

/** A point the nearest clinics are measured from, and how the list names it. */
export interface Origin {
  lat: number;
  lng: number;
  /** "you", "ZIP code 78701", "Pflugerville, TX". */
  label: string;
  /** Only part of what was typed named the place (a street's town): the list is from the town's centre. */
  partial?: boolean;
}

/** A place of the gazetteer. */
export interface Place {
  name: string;
  state: string;
  lat: number;
  lng: number;
}

const placeOf = (r: PlaceRow): Place => ({ name: r[0], state: r[1], lat: r[2], lng: r[3] });

/** The places whose folded name starts with `key` (its first three characters), with their folded names, largest first. */
async function shard(info: PageInfo, key: string): Promise<{ folded: string; place: Place }[]> {
  const rows = await lookup<PlaceRow[]>(new URL(`${info.root}${PLACES_DIR}/`, location.href).href, key);
  return (rows ?? []).map((r) => ({ folded: foldPlace(r[0]), place: placeOf(r) }));
}

/** The state codes and names of the directory (cities.json, which near me reads anyway), folded, by code. */
async function stateNames(api: string): Promise<Map<string, string>> {
  const list = await getJson<CitiesList>(`${api}/cities.json`);
  const states = new Map<string, string>();
  for (const c of list.cities) states.set(c.state.code, foldPlace(c.state.name));
  return states;
}

/**
 * The words of `text` (folded) and the state it ends with, if any: "pflugerville tx" → ["pflugerville"], "TX";
 * "austin texas" → ["austin"], "TX".
 */
async function splitState(api: string, text: string): Promise<{ words: string[]; state: string | null }> {
  const words = foldPlace(text).split(" ").filter(Boolean);
  const states = await stateNames(api);
  for (const [code, name] of states) {
    const nameWords = name.split(" ");
    const tail = words.slice(-nameWords.length).join(" ");
    if (words.length > nameWords.length && tail === name)
      return { words: words.slice(0, -nameWords.length), state: code };
    if (words.length > 1 && words[words.length - 1] === code.toLowerCase())
      return { words: words.slice(0, -1), state: code };
  }
  return { words, state: null };
}

/**
 * Places whose name starts with what is typed ("pflu" → Pflugerville, TX), largest first, in the state named at
 * the end if one is ("manor, pa").
 */
export async function suggestPlaces(info: PageInfo, text: string, limit: number): Promise<Place[]> {
  const { words, state } = await splitState(info.api, text);
  const q = words.join(" ");
  const key = placeShard(q);
  if (key === null || q.length < 3) return [];
  const out: Place[] = [];
  for (const { folded, place } of await shard(info, key)) {
    if (!folded.startsWith(q) || (state && place.state !== state)) continue;
    out.push(place);
    if (out.length === limit) break;
  }
  return out;
}

/** The position of a 5-digit ZIP code from the site's ZIP files, or null when there is none for it. */
async function zipPosition(info: PageInfo, zip: string): Promise<{ lat: number; lng: number } | null> {
  const p = await lookup<[number, number]>(new URL(`${info.root}${ZIP_DIR}/`, location.href).href, zip).catch(
    () => undefined,
  );
  return p ? { lat: p[0], lng: p[1] } : null;
}

/** What a typed text names: a place, a ZIP code that does not exist, or nothing known. */
export type Resolved = { origin: Origin } | { unknownZip: string } | { unknown: true };

/**
 * The point a typed text names: a ZIP code that ends it (an address's, or the text alone); else the longest run of its
 * words that is a place's whole name, the state it ends with if any ("Pflugerville, TX"), the largest place of that
 * name otherwise; a run later in the text first (an address names its town after its street: "6th street austin").
 * @example await resolvePlace(info, "Pflugerville, TX", words) // { origin: { lat: 30.43937, lng: -97.62, label: "Pflugerville, TX" } }
 */
export async function resolvePlace(
  info: PageInfo,
  text: string,
  zipLabel: (zip: string) => string,
): Promise<Resolved> {
  // A ZIP code ends an address ("…, Austin, TX 78701"); a number of five digits before the end is a house number.
  const zip = /(?:^|\D)(\d{5})(?:-\d{4})?\W*$/.exec(text)?.[1];
  if (zip) {
    const p = await zipPosition(info, zip);
    return p ? { origin: { ...p, label: zipLabel(zip) } } : { unknownZip: zip };
  }
  const { words, state } = await splitState(info.api, text);
  const keys = new Set(words.map((_, i) => placeShard(words.slice(i).join(" "))).filter((k) => k !== null));
  const files = new Map(await Promise.all([...keys].map(async (k) => [k, await shard(info, k)] as const)));
  for (let length = words.length; length >= 1; length--) {
    for (let start = words.length - length; start >= 0; start--) {
      const name = words.slice(start, start + length).join(" ");
      const key = placeShard(name);
      const found = key
        ? files.get(key)?.find((p) => p.folded === name && (!state || p.place.state === state))
        : undefined;
      if (found)
        return {
          origin: {
            lat: found.place.lat,
            lng: found.place.lng,
            label: `${found.place.name}, ${found.place.state}`,
            ...(length < words.length && { partial: true }),
          },
        };
    }
  }
  return { unknown: true };
}
