import type { Clinic } from "./types.js";

/** A point in decimal degrees (WGS 84). */
export interface LatLng {
  lat: number;
  lng: number;
}

// The mean Earth radius (IUGG), the same the build uses for `radius_km`, so distances agree with the documents.
const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

/**
 * Great-circle (haversine) distance in kilometres.
 * @example distanceKm(40.7128, -74.006, 34.0522, -118.2437); // ≈ 3936
 */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a =
    Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 +
    Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lng2 - lng1) * RAD) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

const COORDINATES = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/**
 * The clinic's position from its `"lat,lng"` string, or null when unknown or malformed.
 * @example parseCoordinates({ coordinates: "30.26715,-97.74306" }); // { lat: 30.26715, lng: -97.74306 }
 */
export function parseCoordinates(clinic: Pick<Clinic, "coordinates">): LatLng | null {
  const m = clinic.coordinates === null ? null : COORDINATES.exec(clinic.coordinates);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/** Throws a RangeError unless `lat`/`lng` are finite degrees within range. */
export function assertLatLng(lat: number, lng: number): void {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw new RangeError(`not a latitude/longitude: ${lat}, ${lng}`);
  }
}
