/**
 * The ZIP code lookup of the near-me box, as site files (not part of the API): the Census ZCTA centroids (public
 * domain), and GeoNames' point for the ZIP codes that have no ZCTA (CC BY 4.0), as a lookup table of a few KB files
 * under `assets/zips/` (`lookupFiles`: `{"78701":[30.2705,-97.7431],…}`) — a lookup reads one file, and works
 * offline once read. Positions to 4 decimals (~10 m).
 */

import { postalCodes } from "../../geo/gazetteer.js";
import { STATES } from "../../geo/states.js";
import { zipCentroids } from "../../geo/zip-centroids.js";
import { ZIP_DIR } from "../../util/place-names.js";
import { lookupFiles, type SiteFile } from "./lookup-files.js";

/** The shards, made on the first call in a process: the centroids are fixed data, the shards the same every time. */
let made: readonly SiteFile[] | undefined;

/**
 * The shards: file path and JSON body, in ZIP order.
 * @example for (const s of zipShards()) await out.add(s.file, s.body);
 */
export function zipShards(): readonly SiteFile[] {
  made ??= cut();
  return made;
}

/** The centroids, and GeoNames' points of the ZIP codes the Census has none for, as a lookup table. */
function cut(): SiteFile[] {
  const points = new Map<string, [number, number]>();
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  for (const z of zipCentroids()) points.set(z.zip, [round(z.latitude), round(z.longitude)]);
  // The ZIP codes the Census has no area for (post office boxes, a firm's own code) are at GeoNames' point for them,
  // so that a patient's own ZIP code is always found.
  const states = new Set(STATES.map((s) => s.code));
  for (const p of postalCodes())
    if (states.has(p.state) && !points.has(p.zip)) points.set(p.zip, [round(p.latitude), round(p.longitude)]);
  return lookupFiles(ZIP_DIR, points);
}
