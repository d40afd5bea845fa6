import { decimalNumber } from "./numbers.js";
import type { Normalised } from "./phone.js";

export interface LatLng {
  latitude: number;
  longitude: number;
}

/**
 * Latitude and longitude from two cells (or one `"latitude,longitude"` cell), rounded to 6 decimals (≈0.1 m).
 * Only decimal numerals count (`0x1F` is not 31). Out-of-range values, (0, 0) and half-given pairs are dropped and
 * reported. Whether the point lies in the
 * record's state is checked later (see `src/geo/state-shapes.ts`).
 * @example normaliseCoordinates("30.267153", "-97.743061") // { value: { latitude: 30.267153, longitude: -97.743061 } }
 */
export function normaliseCoordinates(lat: string | null, lng: string | null): Normalised<LatLng | null> {
  if (lat === null && lng === null) return { value: null };
  if (lat === null || lng === null) {
    return {
      value: null,
      problem: {
        code: "coordinates_incomplete",
        message: `only ${lat === null ? "the longitude" : "the latitude"} is given; dropped`,
      },
    };
  }
  const latitude = decimalNumber(lat);
  const longitude = decimalNumber(lng);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    return {
      value: null,
      problem: {
        code: "coordinates_invalid",
        message: `"${lat}", "${lng}" are not decimal numbers; dropped`,
      },
    };
  }
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) {
    return {
      value: null,
      problem: {
        code: "coordinates_out_of_range",
        message: `${lat},${lng} is not a valid position; dropped`,
      },
    };
  }
  return { value: { latitude: round6(latitude), longitude: round6(longitude) } };
}

/** Splits a `"latitude,longitude"` cell into its two halves. */
export function splitCoordinates(text: string): [string | null, string | null] {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length !== 2) return [text, null];
  return [parts[0] || null, parts[1] || null];
}

export function round6(x: number): number {
  const r = Math.round(x * 1e6) / 1e6;
  return r === 0 ? 0 : r; // no -0
}
