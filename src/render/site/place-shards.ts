/**
 * The gazetteer of the near-me box, as site files (not part of the API): every place of `gazetteer()` — GeoNames
 * cities and post office towns of the 50 states and DC — cut by the first three characters of its folded name into
 * `assets/places/{pfl}.json`, each an array of `[name, state, lat, lng]` rows, largest place first, and their keys in
 * `assets/places/index.json` (read once, so that no file that does not exist is asked for). A lookup reads
 * one small file (a few KB at most) and works offline once read; no geocoding service, so the place typed never
 * leaves the device but for that file's name.
 */
import { foldPlace, PLACES_DIR, type PlaceRow, placeShard } from "../../browser/place-names.js";
import { gazetteer } from "../../geo/gazetteer.js";

let made: readonly { readonly file: string; readonly body: string }[] | undefined;

/**
 * The shards: file path and JSON body, in key order (made once per process: fixed data, the same every time).
 * @example for (const s of placeShards()) await out.add(s.file, s.body);
 */
export function placeShards(): readonly { readonly file: string; readonly body: string }[] {
  made ??= cut();
  return made;
}

function cut(): { file: string; body: string }[] {
  const shards = new Map<string, PlaceRow[]>();
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  for (const p of gazetteer()) {
    const key = placeShard(foldPlace(p.name));
    if (key === null) continue;
    const row: PlaceRow = [p.name, p.state, round(p.latitude), round(p.longitude)];
    const shard = shards.get(key);
    if (shard) shard.push(row);
    else shards.set(key, [row]);
  }
  const keys = [...shards.keys()].sort();
  // The index of the files, so that the page asks only for files that exist (a missing one would be a 404).
  return [
    { file: `${PLACES_DIR}/index.json`, body: JSON.stringify(keys) },
    ...keys.map((key) => ({ file: `${PLACES_DIR}/${key}.json`, body: JSON.stringify(shards.get(key)) })),
  ];
}
