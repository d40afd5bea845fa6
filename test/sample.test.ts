import { describe, expect, it } from "vitest";
import { distanceKm } from "../src/geo/distance.js";
import { usPlaces } from "../src/geo/places.js";
import { stateAt } from "../src/geo/state-shapes.js";
import { STATES } from "../src/geo/states.js";
import { timezoneAt, US_ZONES } from "../src/geo/timezone.js";
import { zipCentroid } from "../src/geo/zip-centroids.js";
import { generateSampleRecords } from "../src/sample/generate.js";
import { sampleRecords } from "./helpers/sample-site.js";

describe("synthetic sample", () => {
  const data = sampleRecords();

  it("is deterministic: the same seed gives the same data set", () => {
    expect(JSON.stringify(generateSampleRecords())).toBe(JSON.stringify(data));
  });

  it("changes with the seed", () => {
    const other = generateSampleRecords({ seed: "another-seed" });
    expect(other.clinics.map((c) => c.id)).not.toEqual(data.clinics.map((c) => c.id));
  });

  it("has the spec's scale: 51 state entries, 386 cities, 8,500+ clinics, 93+ networks", () => {
    expect(new Set(data.clinics.map((c) => c.state)).size).toBe(51);
    expect(new Set(data.clinics.map((c) => c.state)).size).toBe(STATES.length);
    expect(new Set(data.clinics.map((c) => `${c.state}/${c.city_slug}`)).size).toBe(386);
    expect(data.clinics.length).toBeGreaterThan(8500);
    expect(new Set(data.clinics.map((c) => c.network).filter(Boolean)).size).toBeGreaterThanOrEqual(93);
  });

  it("puts 10 to 80 clinics in each city, more in larger cities", () => {
    const perCity = new Map<string, number>();
    for (const c of data.clinics)
      perCity.set(`${c.state}/${c.city_slug}`, (perCity.get(`${c.state}/${c.city_slug}`) ?? 0) + 1);
    for (const n of perCity.values()) {
      expect(n).toBeGreaterThanOrEqual(10);
      expect(n).toBeLessThanOrEqual(80);
    }
    expect(perCity.get("NY/new-york-city")).toBeGreaterThan(perCity.get("VT/burlington") ?? 0);
  });

  it("uses real US places and puts clinics near their city", () => {
    const real = new Map(usPlaces().map((p) => [`${p.state}/${p.slug}`, p]));
    for (const city of data.cities) expect(real.has(`${city.state}/${city.slug}`), city.name).toBe(true);
    const centres = new Map(data.cities.map((c) => [`${c.state}/${c.slug}`, c]));
    for (const c of data.clinics) {
      if (c.latitude === null || c.longitude === null) continue;
      const centre = centres.get(`${c.state}/${c.city_slug}`);
      if (!centre) throw new Error(`no centre for ${c.city_slug}`);
      expect(distanceKm(c.latitude, c.longitude, centre.latitude, centre.longitude)).toBeLessThan(40);
    }
  });

  it("puts every clinic on land inside its own state (not in a bay or the neighbouring state)", () => {
    const outside = data.clinics.filter(
      (c) => c.latitude !== null && c.longitude !== null && stateAt(c.latitude, c.longitude) !== c.state,
    );
    expect(outside.map((c) => `${c.name} ${c.latitude},${c.longitude}`)).toEqual([]);
  });

  it("can never pass for real: fictional phones and web sites, labelled synthetic", () => {
    expect(data.source.synthetic).toBe(true);
    for (const c of data.clinics) {
      if (c.phone !== null) expect(c.phone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      if (c.website !== null) expect(new URL(c.website).hostname).toMatch(/\.example\.com$/);
    }
  });

  it("has plausible, varied fields with some unknowns, as real data does", () => {
    const share = (f: (c: (typeof data.clinics)[number]) => boolean) =>
      data.clinics.filter(f).length / data.clinics.length;
    expect(share((c) => c.hours === null)).toBeGreaterThan(0.02);
    expect(share((c) => c.hours?.open_24_hours === true)).toBeGreaterThan(0.01);
    expect(share((c) => c.rating === null)).toBeGreaterThan(0.02);
    expect(share((c) => c.website === null)).toBeGreaterThan(0.05);
    expect(share((c) => c.network === null)).toBeGreaterThan(0.2);
    for (const c of data.clinics) {
      if (c.rating !== null) expect(c.rating).toBeGreaterThanOrEqual(1);
      expect(c.rating === null).toBe(c.reviews_count === null);
      expect([...c.services].sort()).toEqual(c.services);
    }
    const overnight = data.clinics.some((c) =>
      c.hours?.weekly.fri.some((p) => p.close <= p.open && p.close !== "24:00"),
    );
    expect(overnight).toBe(true);
  });

  it("fills every record field honestly: real ZIPs at the clinic's point, sources of coordinates, no dates", () => {
    for (const c of data.clinics) {
      if (c.address !== null) {
        expect(c.zip).toMatch(/^\d{5}$/);
        expect(c.address.endsWith(`, ${c.state} ${c.zip}`)).toBe(true);
        expect(c.street !== null && c.address.startsWith(c.street)).toBe(true);
        const centre = zipCentroid(c.zip as string);
        if (c.latitude !== null && c.longitude !== null && centre)
          expect(distanceKm(c.latitude, c.longitude, centre.latitude, centre.longitude)).toBeLessThan(30);
      } else expect([c.street, c.zip]).toEqual([null, null]);
      expect(c.coordinates_source).toBe(c.latitude === null ? null : "source");
      expect(c.date).toBeNull();
      expect(c.source_ids).toEqual([]);
      expect(c.network_evidence).toEqual(
        c.network === null ? null : { kind: "source_column", detail: "sample network" },
      );
    }
    for (const city of data.cities) {
      expect(city.center_source).toBe("place");
      expect(city.timezone).toBe(timezoneAt(city.latitude, city.longitude));
      expect(US_ZONES.has(city.timezone)).toBe(true);
    }
    const zones = new Map(data.cities.map((c) => [`${c.state}/${c.slug}`, c.timezone]));
    for (const c of data.clinics)
      if (c.hours !== null) expect(c.hours.timezone).toBe(zones.get(`${c.state}/${c.city_slug}`));
  });

  it("gives every clinic a unique id", () => {
    expect(new Set(data.clinics.map((c) => c.id)).size).toBe(data.clinics.length);
  });
});
