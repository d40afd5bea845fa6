/**
 * The gazetteer of the near-me box, as site files (not part of the API): every place of `gazetteer()` — GeoNames
 * cities and post office towns of the 50 states and DC — keyed by the first three characters of its folded name
 * (`pfl`: an array of `[name, state, lat, lng]` rows, largest place first), as a lookup table of a few KB files under
 * `assets/places/` (`lookupFiles`). A lookup reads one small file and works offline once read; no geocoding
 * service, so the place typed never leaves the device but for that file's name.
 */

import { gazetteer } from "../../geo/gazetteer.js";
import { foldPlace, PLACES_DIR, type PlaceRow, placeShard } from "../../util/place-names.js";
import { lookupFiles, type SiteFile } from "./lookup-files.js";

let made: readonly SiteFile[] | undefined;

/**
 * The shards: file path and JSON body, in key order (made once per process: fixed data, the same every time).
 * @example for (const s of placeShards()) await out.add(s.file, s.body);
 */
export function placeShards(): readonly SiteFile[] {
  made ??= cut();
  return made;
}

function cut(): SiteFile[] {
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
  return lookupFiles(PLACES_DIR, shards);
}
