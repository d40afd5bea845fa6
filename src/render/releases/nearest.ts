import { distanceKm, KM_PER_DEGREE_LATITUDE } from "../../geo/distance.js";

/** A point of a list, by its place in the list, and its distance from the point asked about. */
export interface Near {
  index: number;
  km: number;
}

/** Slack on the latitude bound, for the rounding of the haversine against the plain product. */
const BOUND_SLACK_KM = 1e-9;

/**
 * The points of a list (those with a position) sorted by latitude, to find the nearest to a point: a sweep out
 * from its latitude, stopping each way once the latitude alone puts a point farther than the n-th best (every
 * great-circle distance is at least |Δlatitude| × KM_PER_DEGREE_LATITUDE). The same points as measuring them all —
 * nearest first, ties in list order — at a cost that does not grow with the list's size times the questions (a
 * year of weekly releases at a million clinics holds ~100,000 tombstones, each asking for its neighbours).
 * @example new NearestIndex(records).nearest(30.27, -97.74, 5) // [{ index: 12, km: 0.41 }, …]
 */
export class NearestIndex {
  readonly #lat: Float64Array;
  readonly #lng: Float64Array;
  readonly #at: Int32Array;

  constructor(points: readonly { latitude: number | null; longitude: number | null }[]) {
    const order: number[] = [];
    points.forEach((p, i) => {
      if (p.latitude !== null && p.longitude !== null) order.push(i);
    });
    const latOf = (i: number) => points[i]?.latitude as number;
    order.sort((a, b) => latOf(a) - latOf(b) || a - b);
    this.#lat = Float64Array.from(order, latOf);
    this.#lng = Float64Array.from(order, (i) => points[i]?.longitude as number);
    this.#at = Int32Array.from(order);
  }

  /** The `n` points nearest to (`latitude`, `longitude`), nearest first, ties in list order. */
  nearest(latitude: number, longitude: number, n: number): Near[] {
    const lat = this.#lat;
    const lng = this.#lng;
    const at = this.#at;
    const found: Near[] = [];
    const worst = () => (found.length < n ? Number.POSITIVE_INFINITY : (found[n - 1] as Near).km);
    const consider = (k: number) => {
      const km = distanceKm(latitude, longitude, lat[k] as number, lng[k] as number);
      const index = at[k] as number;
      const last = found[n - 1];
      if (last && (km > last.km || (km === last.km && index > last.index))) return;
      let to = found.length;
      while (to > 0) {
        const prev = found[to - 1] as Near;
        if (prev.km < km || (prev.km === km && prev.index < index)) break;
        to--;
      }
      found.splice(to, 0, { index, km });
      if (found.length > n) found.pop();
    };
    const far = (k: number) =>
      Math.abs((lat[k] as number) - latitude) * KM_PER_DEGREE_LATITUDE > worst() + BOUND_SLACK_KM;
    let lo = 0;
    let hi = lat.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((lat[mid] as number) < latitude) lo = mid + 1;
      else hi = mid;
    }
    for (let up = lo, down = lo - 1; up < lat.length || down >= 0; ) {
      if (up < lat.length) {
        if (far(up)) up = lat.length;
        else consider(up++);
      }
      if (down >= 0) {
        if (far(down)) down = -1;
        else consider(down--);
      }
    }
    return found;
  }
}
