import { type GeoProjection, geoPath } from "d3-geo";
import type { Feature, MultiPolygon } from "geojson";

/** Path data of a feature under a projection, rounded to `digits` decimals ("" when nothing is visible). */
export function pathData(projection: GeoProjection, f: Feature<MultiPolygon>, digits = 0): string {
  return geoPath(projection).digits(digits)(f) ?? "";
}

/**
 * Points as one path of zero-length strokes (drawn as round dots by the stylesheet): a few bytes a point,
 * and points that fall on the same pixel are drawn once, so a state with many clinics stays light.
 */
export function dotsPath(points: Iterable<[number, number]>): string {
  const seen = new Set<string>();
  let d = "";
  for (const [x, y] of points) {
    const key = `${Math.round(x)} ${Math.round(y)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    d += `M${key}h0`;
  }
  return d;
}
