// `nearest` against a brute-force scan of every clinic, over the real server on port 0.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../../src/sample/rng.js";
import { serveSample } from "../../../test/helpers/sample-build.js";
import {
  type CityEntry,
  distanceKm,
  type FetchLike,
  isOpen,
  type LocatedClinic,
  locate,
  type NearestOptions,
  type NearestResult,
  openStatus,
  parseCoordinates,
  UrgentCareClient,
} from "../src/index.js";
import { compareResults } from "../src/nearest.js";

let site: Awaited<ReturnType<typeof serveSample>>;
let base: string;
let everything: Array<{ clinic: LocatedClinic; city: CityEntry }>;
/** The clinics' coordinates, in the order of `everything`. */
let lats: Float64Array;
let lngs: Float64Array;
let cities: CityEntry[];
let fetched: string[] = [];
let client: UrgentCareClient;

beforeAll(async () => {
  site = await serveSample();
  base = `${site.server.url}/api/v1`;
  const counting: FetchLike = (url, init) => {
    fetched.push(url.slice(base.length));
    return fetch(url, init);
  };
  client = new UrgentCareClient({ baseUrl: base, fetch: counting });
  cities = (await client.cities()).cities;
  everything = [];
  const at: Array<{ lat: number; lng: number }> = [];
  for await (const doc of client.clinicDocuments({ concurrency: 8 })) {
    for (const clinic of doc.clinics) {
      const point = parseCoordinates(clinic);
      if (!point) continue;
      everything.push({ clinic: locate(clinic, doc.city), city: doc.city });
      at.push(point);
    }
  }
  lats = Float64Array.from(at, (p) => p.lat);
  lngs = Float64Array.from(at, (p) => p.lng);
});
afterAll(() => site?.cleanup());

function bruteForce(lat: number, lng: number, o: NearestOptions): NearestResult[] {
  // The distance to every clinic, then the clinics in order of distance; the filters are applied walking
  // outwards. Only the nearest `take` are sorted, doubling until enough pass the filters (same answer as sorting
  // all 8,600, without doing that for each of the 400+ points).
  const n = everything.length;
  const km = new Float64Array(n);
  for (let i = 0; i < n; i++) km[i] = distanceKm(lat, lng, lats[i] as number, lngs[i] as number);
  const ascending = km.slice().sort();
  const limit = o.limit ?? 10;
  for (let take = Math.max(64, limit * 4); ; take *= 2) {
    const cutoff = ascending[Math.min(take, n) - 1] ?? Number.POSITIVE_INFINITY;
    const nearest: NearestResult[] = [];
    for (let i = 0; i < n; i++) {
      const d = km[i] as number;
      if (d > cutoff) continue;
      const { clinic, city } = everything[i] as (typeof everything)[number];
      nearest.push({
        distanceKm: d,
        approximate: clinic.coordinates_source === "zip_centroid",
        clinic,
        city,
      });
    }
    const out: NearestResult[] = [];
    let reachedEnd = true;
    for (const r of nearest.sort(compareResults)) {
      if (out.length === limit || (o.maxKm !== undefined && r.distanceKm > o.maxKm)) {
        reachedEnd = false;
        break;
      }
      if (o.openAt && isOpen(r.clinic, o.openAt) !== true) continue;
      if (o.levels && !o.levels.includes(r.clinic.evidence_level)) continue;
      if (o.filter && !o.filter(r.clinic, r.city)) continue;
      out.push(r);
    }
    // Done when the walk stopped on its own, or when every clinic was within the cut-off.
    if (!reachedEnd || take >= n) return out;
  }
}

/** Open first, by its definition: the nearest `limit` open clinics, then the rest of the nearest `limit`: unknown, closed. */
function bruteOpenFirst(lat: number, lng: number, limit: number, at: Date): NearestResult[] {
  const status = (r: NearestResult) => openStatus(r.clinic, at);
  const open = bruteForce(lat, lng, { limit, openAt: at });
  const all = bruteForce(lat, lng, { limit });
  return [
    ...open,
    ...all.filter((r) => status(r) === "unknown"),
    ...all.filter((r) => status(r) === "closed"),
  ];
}

// Points on or next to state lines, many of them between two cities of the sample in different states.
const BORDERS: Array<[string, number, number]> = [
  ["Kansas City MO/KS", 39.0997, -94.6075],
  ["Hudson River NY/NJ", 40.7282, -74.02],
  ["Texarkana TX/AR", 33.4251, -94.0477],
  ["Potomac DC/VA", 38.8895, -77.05],
  ["Columbia River OR/WA", 45.6, -122.67],
  ["Ohio River OH/KY", 39.0918, -84.51],
  ["Mississippi MO/IL", 38.627, -90.18],
  ["Chicago IL/IN line", 41.65, -87.525],
  ["Stateline NV/CA", 38.96, -119.94],
  ["Four Corners", 36.999, -109.045],
  ["Memphis TN/MS/AR", 34.995, -90.05],
  ["Augusta GA/SC", 33.47, -81.97],
  ["Fargo ND/MN", 46.877, -96.79],
  ["Sioux City IA/NE/SD", 42.49, -96.45],
  ["El Paso TX/NM", 31.78, -106.53],
  ["Yuma AZ/CA", 32.72, -114.63],
  ["Providence RI/MA", 41.87, -71.38],
  ["Wilmington DE/PA", 39.82, -75.55],
];

describe("nearest", () => {
  it("agrees with a brute-force scan on many random points, near state borders, and far from any clinic", async () => {
    const rng = new Rng("nearest 42");
    const points: Array<[number, number]> = BORDERS.map(([, lat, lng]) => [lat, lng]);
    for (let i = 0; i < 250; i++) points.push([24.5 + rng.next() * 25, -124.8 + rng.next() * 57.9]); // lower 48 box
    for (let i = 0; i < 15; i++) points.push([55 + rng.next() * 15, -165 + rng.next() * 25]); // Alaska
    for (let i = 0; i < 15; i++) points.push([18.9 + rng.next() * 3.5, -160.3 + rng.next() * 5.5]); // Hawaii
    // Midpoints of nearby cities of different states, jittered by up to ±0.1°.
    for (const a of cities) {
      for (const b of cities) {
        if (a.state.code >= b.state.code) continue;
        if (distanceKm(a.center.latitude, a.center.longitude, b.center.latitude, b.center.longitude) > 120)
          continue;
        points.push([
          (a.center.latitude + b.center.latitude) / 2 + (rng.next() - 0.5) / 5,
          (a.center.longitude + b.center.longitude) / 2 + (rng.next() - 0.5) / 5,
        ]);
      }
    }
    points.push([0, 0], [-45, 170], [89, 0]); // nowhere near the US
    expect(points.length).toBeGreaterThan(400);

    const openAt = new Date("2026-05-02T03:30:00Z"); // Friday evening across US zones: a real mix of open and closed
    const variants: NearestOptions[] = [
      { limit: 1 },
      { limit: 10 },
      { limit: 25 },
      { limit: 5, maxKm: 40 },
      { limit: 5, openAt },
      { limit: 3, filter: (c) => c.network !== null },
      { limit: 10, openFirst: openAt },
      // The sample's clinics are confirmed (two made-up lists) or listed.
      { limit: 4, levels: ["confirmed"] },
    ];
    // Cached: this test is about the answers; the next one counts the documents fetched.
    const cached = new UrgentCareClient({ baseUrl: base, cache: { ttlMs: 600_000 } });
    let checked = 0;
    for (const [i, [lat, lng]] of points.entries()) {
      const o = variants[i % variants.length] as NearestOptions;
      const got = await cached.nearest(lat, lng, o);
      const want = o.openFirst
        ? bruteOpenFirst(lat, lng, o.limit ?? 10, o.openFirst)
        : bruteForce(lat, lng, o);
      expect(
        got.map((r) => r.clinic.id),
        `point ${lat},${lng} ${JSON.stringify({ ...o, filter: !!o.filter })}`,
      ).toEqual(want.map((r) => r.clinic.id));
      if (o.openFirst)
        expect(got.map((r) => r.status)).toEqual(got.map((r) => openStatus(r.clinic, o.openFirst as Date)));
      got.forEach((r, j) => {
        expect(r.distanceKm).toBeCloseTo(want[j]?.distanceKm ?? Number.NaN, 9);
        expect(r.city.path).toBe(want[j]?.city.path);
      });
      checked++;
    }
    expect(checked).toBe(points.length);
    console.log(`nearest: ${checked} points checked against brute force`);
  });

  it("fetches no city whose lower bound exceeds the final k-th distance (concurrency 1)", async () => {
    const rng = new Rng("nearest 7");
    let documents = 0;
    const queries = 120;
    for (let q = 0; q < queries; q++) {
      const [lat, lng] = [25 + rng.next() * 23, -123 + rng.next() * 53];
      fetched = [];
      const results = await client.nearest(lat, lng, { limit: 10 });
      documents += fetched.length;
      expect(fetched[0]).toBe("/cities.json");
      const kth = results[results.length - 1]?.distanceKm ?? Number.POSITIVE_INFINITY;
      for (const path of fetched.slice(1)) {
        const city = cities.find((c) => c.path === path) as CityEntry;
        const bound = distanceKm(lat, lng, city.center.latitude, city.center.longitude) - city.radius_km;
        expect(bound).toBeLessThanOrEqual(kth + 0.011);
      }
    }
    const average = documents / queries;
    // 386 city documents exist; the bound should keep a query to a handful.
    expect(average).toBeLessThan(12);
  });

  it("with concurrency > 1 returns the same results", async () => {
    for (const [lat, lng] of [
      [39.0997, -94.6075],
      [47.6, -122.3],
      [25.77, -80.19],
    ] as const) {
      const one = await client.nearest(lat, lng, { limit: 15 });
      const four = await client.nearest(lat, lng, { limit: 15, concurrency: 4 });
      expect(four.map((r) => r.clinic.id)).toEqual(one.map((r) => r.clinic.id));
    }
  });

  it("maxKm bounds the search: nothing within 1 km of the open ocean, and no city document fetched", async () => {
    fetched = [];
    expect(await client.nearest(35, -40, { maxKm: 1 })).toEqual([]);
    expect(fetched).toEqual(["/cities.json"]);
  });

  it("validates its arguments", async () => {
    await expect(client.nearest(91, 0)).rejects.toThrow(RangeError);
    await expect(client.nearest(0, Number.NaN)).rejects.toThrow(RangeError);
    await expect(client.nearest(0, 0, { limit: -1 })).rejects.toThrow(RangeError);
    await expect(client.nearest(0, 0, { maxKm: -5 })).rejects.toThrow(RangeError);
    expect(await client.nearest(0, 0, { limit: 0 })).toEqual([]);
  });
});
