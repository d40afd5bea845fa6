/**
 * The ZIP code lookup of the near-me box, as site files (not part of the API): the Census ZCTA centroids (public
 * domain) cut by the ZIP's first three digits into `assets/zips/{787}.json`, each `{"78701":[30.2705,-97.7431],…}`
 * — a lookup reads one document of a few KB, and works offline once read. Positions to 4 decimals (~10 m).
 */
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
  for (const z of zipCentroids()) {
    const key = z.zip.slice(0, 3);
    let shard = shards.get(key);
    if (!shard) {
      shard = {};
      shards.set(key, shard);
    }
    shard[z.zip] = [round(z.latitude), round(z.longitude)];
  }
  return [...shards]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, shard]) => ({ file: `${ZIP_DIR}/${key}.json`, body: JSON.stringify(shard) }));
}
