import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { telHref } from "../src/browser/links.js";
import { AREA_CODES_BY_STATE } from "../src/geo/area-codes.generated.js";
import { distanceKm } from "../src/geo/distance.js";
import { usPlaces } from "../src/geo/places.js";
import { stateAt } from "../src/geo/state-shapes.js";
import { STATES } from "../src/geo/states.js";
import { timezoneAt, US_ZONES } from "../src/geo/timezone.js";
import { zipCentroid } from "../src/geo/zip-centroids.js";
import { nanpProblem, normalisePhone } from "../src/ingest/normalise/phone.js";
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
    expect(data.cities.filter((city) => !real.has(`${city.state}/${city.slug}`)).map((c) => c.name)).toEqual(
      [],
    );
    const centres = new Map(data.cities.map((c) => [`${c.state}/${c.slug}`, c]));
    const far = data.clinics.filter((c) => {
      if (c.latitude === null || c.longitude === null) return false;
      const centre = centres.get(`${c.state}/${c.city_slug}`);
      if (!centre) throw new Error(`no centre for ${c.city_slug}`);
      return !(distanceKm(c.latitude, c.longitude, centre.latitude, centre.longitude) < 40);
    });
    expect(far.map((c) => `${c.name} ${c.latitude},${c.longitude}`)).toEqual([]);
  });

  it("puts every clinic on land inside its own state (not in a bay or the neighbouring state)", () => {
    const outside = data.clinics.filter(
      (c) => c.latitude !== null && c.longitude !== null && stateAt(c.latitude, c.longitude) !== c.state,
    );
    expect(outside.map((c) => `${c.name} ${c.latitude},${c.longitude}`)).toEqual([]);
  });

  it("can never pass for real: fictional phones and web sites, labelled synthetic", () => {
    expect(data.source.synthetic).toBe(true);
    const phones = data.clinics.map((c) => c.phone).filter((p) => p !== null);
    expect(phones.filter((p) => !/^\(\d{3}\) 555-01\d{2}$/.test(p))).toEqual([]);
    const sites = data.clinics.map((c) => c.website).filter((w) => w !== null);
    expect(sites.filter((w) => !/\.example\.com$/.test(new URL(w).hostname))).toEqual([]);
  });

  it("no Call button of the sample can ring a real line: a real area code of the clinic's state, never N11, and 555-0100 to 555-0199", () => {
    const wrong: string[] = [];
    for (const c of data.clinics) {
      if (c.phone === null) continue;
      const [, area, exchange, line] = /^\((\d{3})\) (\d{3})-(\d{4})$/.exec(c.phone) ?? [];
      // What the Call button dials: tel:+1 and these ten digits.
      const tel = telHref(c.phone);
      if (
        !area ||
        !AREA_CODES_BY_STATE[c.state]?.includes(area) ||
        /^[2-9]11$/.test(area) ||
        exchange !== "555" ||
        !/^01\d\d$/.test(line ?? "") ||
        tel !== `tel:+1${area}555${line}` ||
        /^tel:\+1[2-9]11/.test(tel ?? "") ||
        normalisePhone(c.phone).value !== c.phone
      )
        wrong.push(`${c.state} ${c.name}: ${c.phone}`);
    }
    expect(wrong).toEqual([]);
    // The importer's table itself: every area code of every state is one the plan allows and the importer keeps.
    const codes = Object.entries(AREA_CODES_BY_STATE);
    expect(codes.map(([state]) => state).sort()).toEqual(STATES.map((s) => s.code).sort());
    for (const [state, list] of codes)
      for (const area of list) expect(nanpProblem(`${area}5550100`), `${state} ${area}`).toBeNull();
    // The table is what the installed libphonenumber data gives (scripts/area-codes.mjs --check).
    const check = spawnSync(
      process.execPath,
      [join(import.meta.dirname, "../scripts/area-codes.mjs"), "--check"],
      {
        encoding: "utf8",
      },
    );
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
    // Every state's clinics use its own area codes, several of them where the state has several.
    expect(
      new Set(data.clinics.filter((c) => c.state === "TX").map((c) => c.phone?.slice(1, 4))).size,
    ).toBeGreaterThan(3);
  });

  it("has plausible, varied fields with some unknowns, as real data does", () => {
    const share = (f: (c: (typeof data.clinics)[number]) => boolean) =>
      data.clinics.filter(f).length / data.clinics.length;
    expect(share((c) => c.hours === null)).toBeGreaterThan(0.02);
    expect(share((c) => c.hours?.open_24_hours === true)).toBeGreaterThan(0.01);
    expect(share((c) => c.rating === null)).toBeGreaterThan(0.02);
    expect(share((c) => c.website === null)).toBeGreaterThan(0.05);
    expect(share((c) => c.network === null)).toBeGreaterThan(0.2);
    const odd = data.clinics.filter(
      (c) =>
        (c.rating !== null && !(c.rating >= 1)) ||
        (c.rating === null) !== (c.reviews_count === null) ||
        !isDeepStrictEqual([...c.services].sort(), c.services),
    );
    expect(odd.map((c) => `${c.id}: rating ${c.rating}, ${c.reviews_count} reviews, ${c.services}`)).toEqual(
      [],
    );
    const overnight = data.clinics.some((c) =>
      c.hours?.weekly.fri?.some((p) => p.close <= p.open && p.close !== "24:00"),
    );
    expect(overnight).toBe(true);
  });

  it("fills every record field honestly: real ZIPs at the clinic's point, sources of coordinates, no dates", () => {
    /** What is wrong with a clinic's record fields: nothing, for every clinic. */
    const problems = (c: (typeof data.clinics)[number]): string[] => {
      const wrong: string[] = [];
      if (c.address !== null) {
        if (!/^\d{5}$/.test(c.zip ?? "")) wrong.push(`zip ${c.zip}`);
        if (!c.address.endsWith(`, ${c.state} ${c.zip}`)) wrong.push("address does not end in state and ZIP");
        if (!(c.street !== null && c.address.startsWith(c.street)))
          wrong.push("address does not start with street");
        const centre = zipCentroid(c.zip as string);
        if (c.latitude !== null && c.longitude !== null && centre) {
          const km = distanceKm(c.latitude, c.longitude, centre.latitude, centre.longitude);
          if (!(km < 30)) wrong.push(`${km} km from its ZIP's centre`);
        }
      } else if (c.street !== null || c.zip !== null) wrong.push("street or ZIP without an address");
      if (c.coordinates_source !== (c.latitude === null ? null : "source"))
        wrong.push(`coordinates_source ${c.coordinates_source}`);
      if (c.date !== null) wrong.push(`date ${c.date}`);
      if (c.source_ids.length > 0) wrong.push("source ids");
      const evidence = c.network === null ? null : { kind: "source_column", detail: "sample network" };
      if (!isDeepStrictEqual(c.network_evidence, evidence)) wrong.push("network evidence");
      return wrong.map((w) => `${c.id}: ${w}`);
    };
    expect(data.clinics.flatMap(problems)).toEqual([]);
    for (const city of data.cities) {
      expect(city.center_source).toBe("place");
      expect(city.timezone).toBe(timezoneAt(city.latitude, city.longitude));
      expect(US_ZONES.has(city.timezone)).toBe(true);
    }
    const zones = new Map(data.cities.map((c) => [`${c.state}/${c.slug}`, c.timezone]));
    const zoned = data.clinics.filter((c) => c.hours !== null);
    expect(
      zoned.filter((c) => c.hours?.timezone !== zones.get(`${c.state}/${c.city_slug}`)).map((c) => c.id),
    ).toEqual([]);
  });

  it("gives every clinic a unique id", () => {
    expect(new Set(data.clinics.map((c) => c.id)).size).toBe(data.clinics.length);
  });
});
