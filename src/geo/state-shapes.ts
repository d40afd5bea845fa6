import { createRequire } from "node:module";
import { booleanPointInPolygon } from "@turf/boolean-point-in-polygon";
import type { Feature, MultiPolygon, Polygon, Position } from "geojson";
import { feature, neighbors } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { findState } from "./states.js";

/** How far outside its state's 1:10m outline a point may lie and still count as inside (coasts, piers, borders). */
export const BORDER_TOLERANCE_KM = 3;

interface Shape {
  feature: Feature<Polygon | MultiPolygon>;
  /** [west, south, east, north] */
  bbox: [number, number, number, number];
}

let shapes: Map<string, Shape> | undefined;
let adjacency: Map<string, Set<string>> | undefined;

type StatesTopology = Topology<{ states: GeometryCollection<{ name: string }> }>;

function topology(): StatesTopology {
  const require = createRequire(import.meta.url);
  return require("us-atlas/states-10m.json") as StatesTopology;
}

/**
 * The states that share a border with a state (us-atlas topology; Alaska and Hawaii have none).
 * @example neighbouringStates("NM").has("TX") // true
 */
export function neighbouringStates(code: string): ReadonlySet<string> {
  if (!adjacency) {
    const t = topology();
    const geometries = t.objects.states.geometries;
    const codes = geometries.map(
      (g) => findState((g.properties as { name?: string } | undefined)?.name ?? "")?.code,
    );
    adjacency = new Map();
    neighbors(geometries as Parameters<typeof neighbors>[0]).forEach((list, i) => {
      const a = codes[i];
      if (!a) return;
      const set = adjacency?.get(a) ?? new Set<string>();
      for (const j of list) {
        const b = codes[j];
        if (b && b !== a) set.add(b);
      }
      adjacency?.set(a, set);
    });
  }
  return adjacency.get(code) ?? new Set();
}

/** The outlines of the 50 states and DC from us-atlas (Census 1:10m), by USPS code, loaded once. */
function stateShapes(): Map<string, Shape> {
  if (shapes) return shapes;
  const topology_ = topology();
  const collection = feature(topology_, topology_.objects.states);
  shapes = new Map();
  for (const f of collection.features) {
    const state = findState(f.properties?.name ?? "");
    if (!state || !f.geometry) continue;
    const geometry = f.geometry as Polygon | MultiPolygon;
    const bbox: [number, number, number, number] = [180, 90, -180, -90];
    for (const ring of rings(geometry)) {
      for (const [x, y] of ring as [number, number][]) {
        if (x < bbox[0]) bbox[0] = x;
        if (y < bbox[1]) bbox[1] = y;
        if (x > bbox[2]) bbox[2] = x;
        if (y > bbox[3]) bbox[3] = y;
      }
    }
    shapes.set(state.code, { feature: { type: "Feature", properties: {}, geometry, bbox }, bbox });
  }
  return shapes;
}

/**
 * Whether a point lies in the given state, allowing BORDER_TOLERANCE_KM outside its outline.
 * @example isInState("TX", 30.2672, -97.7431) // true
 * @example isInState("TX", 40.7128, -74.006) // false
 */
export function isInState(code: string, latitude: number, longitude: number): boolean {
  const shape = stateShapes().get(code);
  if (!shape) return false;
  const [w, s, e, n] = shape.bbox;
  const padLat = BORDER_TOLERANCE_KM / 111;
  const padLng = padLat / Math.max(0.1, Math.cos((latitude * Math.PI) / 180));
  if (latitude < s - padLat || latitude > n + padLat || longitude < w - padLng || longitude > e + padLng)
    return false;
  if (booleanPointInPolygon([longitude, latitude], shape.feature)) return true;
  return distanceToOutlineKm(shape.feature.geometry, latitude, longitude) <= BORDER_TOLERANCE_KM;
}

/**
 * The state whose outline holds the point (no tolerance), or undefined (sea, Canada, Mexico, territories).
 * @example stateAt(39.7392, -104.9903) // "CO"
 */
export function stateAt(latitude: number, longitude: number): string | undefined {
  for (const [code, shape] of stateShapes()) {
    const [w, s, e, n] = shape.bbox;
    if (latitude < s || latitude > n || longitude < w || longitude > e) continue;
    if (booleanPointInPolygon([longitude, latitude], shape.feature)) return code;
  }
  return undefined;
}

function rings(g: Polygon | MultiPolygon): Position[][] {
  return g.type === "Polygon" ? g.coordinates : g.coordinates.flat();
}

/** Shortest distance from the point to any edge of the outline, on a local flat projection (fine at km scale). */
function distanceToOutlineKm(g: Polygon | MultiPolygon, latitude: number, longitude: number): number {
  const kx = 111.32 * Math.cos((latitude * Math.PI) / 180);
  const ky = 110.57;
  let best = Number.POSITIVE_INFINITY;
  for (const ring of rings(g)) {
    for (let i = 1; i < ring.length; i++) {
      const a = ring[i - 1] as Position;
      const b = ring[i] as Position;
      const ax = ((a[0] as number) - longitude) * kx;
      const ay = ((a[1] as number) - latitude) * ky;
      const bx = ((b[0] as number) - longitude) * kx;
      const by = ((b[1] as number) - latitude) * ky;
      const dx = bx - ax;
      const dy = by - ay;
      const len = dx * dx + dy * dy;
      const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
      const d = Math.hypot(ax + t * dx, ay + t * dy);
      if (d < best) best = d;
    }
  }
  return best;
}
