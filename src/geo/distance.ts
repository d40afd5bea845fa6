const EARTH_RADIUS_KM = 6371.0088;

/**
 * Kilometres per degree of latitude on the sphere `distanceKm` uses: two points are at least
 * |Δlatitude| × this apart, a bound that rules out far candidates without the trigonometry.
 */
export const KM_PER_DEGREE_LATITUDE = (EARTH_RADIUS_KM * Math.PI) / 180;

/**
 * Great-circle distance in kilometres (haversine).
 * @example distanceKm(40.7128, -74.006, 34.0522, -118.2437) // ≈ 3936
 */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lng2 - lng1) * r) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
