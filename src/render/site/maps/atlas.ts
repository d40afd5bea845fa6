import { createRequire } from "node:module";
import type { Feature, MultiPolygon, Polygon, Position } from "geojson";
import { feature } from "topojson-client";
import { presimplify, sphericalTriangleArea } from "topojson-simplify";
import type { GeometryCollection, Topology } from "topojson-specification";
import { findState } from "../../../geo/states.js";

/** A state's outline with each point's importance (the spherical area, in steradians, its removal would cost). */
export interface Outline {
  code: string;
  feature: Feature<Polygon | MultiPolygon>;
  /** [west, south, east, north], degrees. */
  bbox: [number, number, number, number];
}

let outlines: Map<string, Outline> | undefined;

/**
 * The outlines of the 50 states and DC (us-atlas, Census 1:10m), by USPS code, with Visvalingam weights
 * (topojson-simplify) computed once on the shared topology, so that simplifying never opens gaps between
 * neighbours.
 */
export function stateOutlines(): Map<string, Outline> {
  if (outlines) return outlines;
  const require = createRequire(import.meta.url);
  const topology = require("us-atlas/states-10m.json") as Topology<{
    states: GeometryCollection<{ name: string }>;
  }>;
  const weighted = presimplify(topology, sphericalTriangleArea) as typeof topology;
  outlines = new Map();
  for (const f of feature(weighted, weighted.objects.states).features) {
    const state = findState(f.properties?.name ?? "");
    if (!state || !f.geometry) continue;
    const geometry = f.geometry as Polygon | MultiPolygon;
    const bbox: [number, number, number, number] = [180, 90, -180, -90];
    for (const ring of rings(geometry)) {
      for (const [x, y] of ring as [number, number][]) {
        bbox[0] = Math.min(bbox[0], x);
        bbox[1] = Math.min(bbox[1], y);
        bbox[2] = Math.max(bbox[2], x);
        bbox[3] = Math.max(bbox[3], y);
      }
    }
    outlines.set(state.code, {
      code: state.code,
      feature: { type: "Feature", properties: {}, geometry },
      bbox,
    });
  }
  return outlines;
}

function rings(g: Polygon | MultiPolygon): Position[][] {
  return g.type === "Polygon" ? g.coordinates : g.coordinates.flat();
}

/**
 * The outline without the points less important than `minWeight` steradians (a point's weight times the
 * projection's scale squared is the area in px² its removal changes); rings left with too few points are dropped.
 * @example simplified(outline, 2 / projection.scale() ** 2)
 */
export function simplified(outline: Outline, minWeight: number): Feature<MultiPolygon> {
  const keep = (ring: Position[]): Position[] =>
    ring
      .filter((p) => p[2] === undefined || (p[2] as number) >= minWeight)
      .map((p) => [p[0], p[1]] as Position);
  const polygons = (
    outline.feature.geometry.type === "Polygon"
      ? [outline.feature.geometry.coordinates]
      : outline.feature.geometry.coordinates
  )
    .map((polygon) => polygon.map(keep).filter((ring) => ring.length >= 4))
    .filter((polygon) => polygon.length > 0);
  return { type: "Feature", properties: {}, geometry: { type: "MultiPolygon", coordinates: polygons } };
}
