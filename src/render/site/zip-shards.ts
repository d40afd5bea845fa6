/**
 * The ZIP code lookup of the near-me box, as site files (not part of the API): the Census ZCTA centroids (public
 * domain), and GeoNames' point for the ZIP codes that have no ZCTA (CC BY 4.0), cut by the ZIP's first three digits into `assets/zips/{787}.json`, each `{"78701":[30.2705,-97.7431],…}`
 * — a lookup reads one document of a few KB, and works offline once read. Positions to 4 decimals (~10 m).
 */
import { postalCodes } from "../../geo/gazetteer.js";
import { STATES } from "../../geo/states.js";
import { zipCentroids } from "../../geo/zip-centroids.js";

/** The folder of the shards in the output folder (and below the site's address). */
export const ZIP_DIR = "assets/zips";

/** The shards, made on the first call in a process: the centroids are fixed data, the shards the same every time. */
let made: readonly { readonly file: string; readonly body: string }[] | undefined;

/**
 * The shards: file path and JSON body, in ZIP order.
 * @example for (const s of zipShards()) await out.add(s.file, s.body);
 */
export function zipShards(): readonly { readonly file: string; readonly body: string }[] {
  made ??= cut();
  return made;
}

/** Cuts the centroids into shards by the ZIP's first three digits. */
function cut(): { file: string; body: string }[] {
  const shards = new Map<string, Record<string, [number, number]>>();
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  const put = (zip: string, latitude: number, longitude: number) => {
    const key = zip.slice(0, 3);
    let shard = shards.get(key);
    if (!shard) {
      shard = {};
      shards.set(key, shard);
    }
    shard[zip] = [round(latitude), round(longitude)];
  };
  for (const z of zipCentroids()) put(z.zip, z.latitude, z.longitude);
  // The ZIP codes the Census has no area for (post office boxes, a firm's own code) are at GeoNames' point for them,
  // so that a patient's own ZIP code is always found.
  const states = new Set(STATES.map((s) => s.code));
  for (const p of postalCodes())
    if (states.has(p.state) && !shards.get(p.zip.slice(0, 3))?.[p.zip]) put(p.zip, p.latitude, p.longitude);
  const keys = [...shards.keys()].sort();
  // The index of the files (first three digits), so that the page asks only for files that exist: a ZIP code
  // typed wrong is then an answer ("no such ZIP code"), not a 404.
  return [
    { file: `${ZIP_DIR}/index.json`, body: JSON.stringify(keys) },
    ...keys.map((key) => ({ file: `${ZIP_DIR}/${key}.json`, body: JSON.stringify(shards.get(key)) })),
  ];
}
