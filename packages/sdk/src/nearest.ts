import { locate } from "./all-clinics.js";
import { assertLatLng, distanceKm, parseCoordinates } from "./geo.js";
import { isOpen, type OpenStatus, openStatus } from "./hours.js";
import { ignore, linkedController } from "./signals.js";
import type { DirectorySource } from "./source.js";
import type { RequestOptions } from "./transport.js";
import type { CityEntry, Clinic, ClinicsByCity, EvidenceLevel, LocatedClinic } from "./types.js";

/** Options of {@link nearest}. */
export interface NearestOptions extends RequestOptions {
  /** Most results. Default 10. */
  limit?: number;
  /** Only clinics within this many km. Default: no limit. */
  maxKm?: number;
  /** Only clinics whose hours say they are open at this instant (`isOpen(...) === true`; unknown hours are left out). */
  openAt?: Date;
  /**
   * Open clinics first, for a patient at this instant: the `limit` nearest clinics open at `openFirst`, then those of
   * the `limit` nearest clinics of all that are not known to be open — hours unknown first, then closed — each group
   * nearest first, each result with its `status`. So between `limit` and 2 × `limit` results: at night, the nearest
   * open clinics (however far) and the nearby ones that are closed, which a patient may call or go to later. From
   * the same documents as `openAt` reads.
   */
  openFirst?: Date;
  /** Only clinics this returns true for (e.g. one network, a service). */
  filter?: (clinic: Clinic, city: CityEntry) => boolean;
  /**
   * Only clinics whose `evidence_level` is one of these: `["confirmed"]` keeps those two independent sources (or the
   * chain's own locator) list; `["confirmed", "listed"]` leaves out the doubtful ones. Default: every level.
   */
  levels?: readonly EvidenceLevel[];
  /**
   * City documents fetched at once. Default 1, which fetches the fewest documents; a higher value saves round
   * trips on slow networks at the price of sometimes fetching a document that turns out not to be needed.
   */
  concurrency?: number;
}

/** One result of {@link nearest}. */
export interface NearestResult {
  /** Great-circle distance from the query point, in km. */
  distanceKm: number;
  /**
   * The clinic's position is approximate (the centre of its ZIP code area: `coordinates_source` is
   * `zip_centroid`), so the distance is too — say "about 3 mi", and rank it with care.
   */
  approximate: boolean;
  /** The clinic, with its state and city in `place`. */
  clinic: LocatedClinic;
  /** The city whose document lists the clinic. */
  city: CityEntry;
  /** With `openFirst`: the clinic's status at that instant (`openStatus`). */
  status?: OpenStatus;
}

// `radius_km` is rounded to metres and coordinates to 5 decimals (≈1 m); a 10 m slack keeps the bound safe.
const SLACK_KM = 0.01;

/** What {@link openFirst} and {@link compareResults} read of a result. */
export type Ranked = { distanceKm: number; clinic: { id: string }; status?: OpenStatus };

/** Nearest first; equal distances by clinic id, so results are deterministic. */
export function compareResults(a: Ranked, b: Ranked): number {
  return a.distanceKm - b.distanceKm || (a.clinic.id < b.clinic.id ? -1 : a.clinic.id > b.clinic.id ? 1 : 0);
}

/** The order of `openFirst`: open, then hours unknown, then closed; nearest first within each. */
const RANK: Record<OpenStatus, number> = { open: 0, unknown: 1, closed: 2 };

/**
 * Open first (see {@link NearestOptions.openFirst}): the nearest `limit` open results, then the results of
 * `nearestAll` (the nearest `limit` of every status) that are not open, hours unknown before closed. Both lists
 * nearest first, each result with its `status`. For a caller that ranks a list of its own the same way.
 */
export function openFirst<T extends Ranked>(open: readonly T[], nearestAll: readonly T[]): T[] {
  const rest = nearestAll.filter((r) => r.status !== "open");
  return [
    ...open,
    ...rest.sort((a, b) => RANK[a.status ?? "unknown"] - RANK[b.status ?? "unknown"] || compareResults(a, b)),
  ];
}

/**
 * The clinics nearest to a point, across city and state borders, nearest first (open ones first with `openFirst`).
 *
 * Reads `cities.json` once, then city documents in increasing order of a lower bound on the distance of any of
 * their clinics — `distance(point, centre) − radius_km` (triangle inequality) — and stops as soon as the next
 * bound exceeds the `limit`-th best distance found (or `maxKm`). The answer is exactly what a scan of every
 * clinic would give, from a few documents. Clinics without coordinates are never returned.
 * @example
 * const results = await nearest(client, 30.2672, -97.7431, { limit: 3, openAt: new Date() });
 * for (const r of results) console.log(r.distanceKm.toFixed(1), r.clinic.name);
 */
export async function nearest(
  source: DirectorySource,
  lat: number,
  lng: number,
  options: NearestOptions = {},
): Promise<NearestResult[]> {
  assertLatLng(lat, lng);
  const limit = options.limit ?? 10;
  const maxKm = options.maxKm ?? Number.POSITIVE_INFINITY;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  if (!Number.isInteger(limit) || limit < 0)
    throw new RangeError(`limit must be a whole number ≥ 0: ${limit}`);
  if (!(maxKm >= 0)) throw new RangeError(`maxKm must be ≥ 0: ${maxKm}`);
  if (limit === 0) return [];

  const list = await source.cities(options.signal ? { signal: options.signal } : {});
  const candidates = list.cities
    .map((city) => ({
      city,
      bound: Math.max(
        0,
        distanceKm(lat, lng, city.center.latitude, city.center.longitude) - city.radius_km - SLACK_KM,
      ),
    }))
    .filter((c) => c.bound <= maxKm)
    .sort((a, b) => a.bound - b.bound);

  // `best`: the nearest `limit` clinics that pass the filters. With `openFirst`, `open` too: the nearest `limit` open
  // ones, which lie at least as far out, so the search goes on until no unread city can hold a nearer open clinic.
  const at = options.openFirst;
  if (at && Number.isNaN(at.getTime())) throw new RangeError("openFirst: invalid date");
  let best: NearestResult[] = [];
  let open: NearestResult[] = [];
  const worstOf = (list: NearestResult[]) =>
    list.length < limit ? maxKm : (list[limit - 1] as NearestResult).distanceKm;
  const worstKept = () => (at ? worstOf(open) : worstOf(best));
  const accept = (doc: ClinicsByCity, city: CityEntry) => {
    // Read while the lists are sorted; the pushes below are sorted in afterwards.
    const worst = worstOf(best);
    const worstOpen = worstOf(open);
    for (const clinic of doc.clinics) {
      const point = parseCoordinates(clinic);
      if (!point) continue;
      const d = distanceKm(lat, lng, point.lat, point.lng);
      if (d > worst && (!at || d > worstOpen)) continue;
      if (options.openAt && isOpen(clinic, options.openAt) !== true) continue;
      if (options.levels && !options.levels.includes(clinic.evidence_level)) continue;
      if (options.filter && !options.filter(clinic, city)) continue;
      const result: NearestResult = {
        distanceKm: d,
        approximate: clinic.coordinates_source === "zip_centroid",
        clinic: locate(clinic, city),
        city,
      };
      if (at) result.status = openStatus(clinic, at);
      if (d <= worst) best.push(result);
      if (result.status === "open" && d <= worstOpen) open.push(result);
    }
    best = best.sort(compareResults).slice(0, limit);
    if (at) open = open.sort(compareResults).slice(0, limit);
  };

  const { signal, dispose } = linkedController(options.signal);
  const running = new Set<Promise<void>>();
  let next = 0;
  try {
    for (;;) {
      // `<=`: a city whose bound equals the current worst may still hold a tie with a smaller id.
      while (
        running.size < concurrency &&
        next < candidates.length &&
        (candidates[next]?.bound ?? 0) <= worstKept()
      ) {
        const { city } = candidates[next++] as (typeof candidates)[number];
        const task: Promise<void> = source
          .clinics(city.state.slug, city.slug, { signal })
          .then((doc) => accept(doc, city))
          .finally(() => running.delete(task));
        task.catch(ignore);
        running.add(task);
      }
      if (running.size === 0) break;
      await Promise.race(running);
    }
  } finally {
    dispose();
  }
  return at ? openFirst(open, best) : best;
}
