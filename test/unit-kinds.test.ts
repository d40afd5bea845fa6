// A kind of unit is one module: its content key, its files and how it renders them. A throwaway kind — one JSON
// document per city, registered through the render's `kinds` option — is written by the first release, carried
// (the same file, untouched) by a release that does not change its city, rendered again when its city changes, and
// removed with the city when the city is gone; files.tsv lists exactly what is on disk each time.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromRecords } from "../src/dataset/store.js";
import type { ClinicRecord, FlatDataset } from "../src/dataset/types.js";
import { publishRelease } from "../src/release/publish.js";
import { contentKey } from "../src/render/ledger/keys.js";
import { cityUnits } from "../src/render/units/city.js";
import type { StateUnitKind, Unit } from "../src/render/units/kind.js";
import { isUnitFile, retiredFiles } from "../src/render/units/registry.js";
import { parseTreeManifest, TREE_MANIFEST } from "../src/tree/manifest.js";
import { API_BUILD, smallRecords, tempDir } from "./helpers/sample-site.js";

/** `/facts/{state}/{city}.json`: a city's name and number of clinics, with the `meta` of its stamp. */
const factsPath = (state: string, city: string) => `/facts/${state}/${city}.json`;
const FACTS = /^api\/v1\/facts\/[^/]+\/[^/]+\.json$/;

const cityFacts: StateUnitKind = {
  name: "city facts",
  code: "f",
  scope: "state",
  owns: (path) => FACTS.test(path),
  files: ({ key }, state) => [`api/v1${factsPath(state, key)}`],
  *units({ group, fingerprint }): Iterable<Unit> {
    const state = group.state.state.slug;
    for (const city of group.cities) {
      const facts = { city: city.city.name, clinics: city.clinics.length };
      yield {
        kind: cityFacts,
        key: city.city.slug,
        content: contentKey(fingerprint, "city facts", facts),
        extra: "",
        async render(ctx, to) {
          const path = factsPath(state, city.city.slug);
          await to.out.json(`api/v1${path}`, { ...facts, meta: ctx.meta(path) });
        },
      };
    }
  },
};

describe("a kind of unit registered by a test", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  const out = () => join(tmp.dir, "public");
  const built: Map<string, string>[] = [];
  let data: FlatDataset;
  let grown: ClinicRecord;
  let goneCity: ClinicRecord;
  let kept: ClinicRecord;
  let cityCount = 0;

  /** Publishes a release with the throwaway kind; returns the files its files.tsv lists (path → SHA-256). */
  const release = async (d: FlatDataset, version: string) => {
    await publishRelease(fromRecords({ ...d, dataVersion: version }), out(), {
      ...API_BUILD,
      generatedAt: `${version}T06:00:00Z`,
      kinds: [cityFacts],
      allowShrink: true,
    });
    const files = parseTreeManifest(readFileSync(join(out(), TREE_MANIFEST), "utf8"));
    built.push(new Map(files.map((f) => [f.path, f.sha256])));
  };
  const facts = (c: ClinicRecord) => `api/v1${factsPath(stateSlug(c), c.city_slug)}`;
  const stateSlug = (c: ClinicRecord) =>
    ({ DE: "delaware", RI: "rhode-island", VT: "vermont" })[c.state] as string;
  const read = (path: string) =>
    JSON.parse(readFileSync(join(out(), path), "utf8")) as {
      clinics: number;
      meta: { data_version: string };
    };

  beforeAll(async () => {
    tmp = await tempDir();
    data = smallRecords();
    const byCity = new Map<string, ClinicRecord[]>();
    for (const c of data.clinics)
      byCity.set(`${c.state}/${c.city_slug}`, [...(byCity.get(`${c.state}/${c.city_slug}`) ?? []), c]);
    // The smallest city goes in the third release (all its clinics); another city gains a clinic in the second; a
    // third stays as it was.
    cityCount = byCity.size;
    const cities = [...byCity.values()].sort((a, b) => a.length - b.length);
    const [smallest, other, third] = cities as [ClinicRecord[], ClinicRecord[], ClinicRecord[]];
    goneCity = smallest[0] as ClinicRecord;
    const gone = new Set(smallest.map((c) => c.id));
    grown = other[0] as ClinicRecord;
    kept = third[0] as ClinicRecord;
    await release(data, "2026-05-01");
    const added = {
      ...grown,
      id: "factsadd1x9q",
      name: "Newly Opened Walk-In",
      phone: "(302) 555-0142",
      source_ids: [],
    };
    data = { ...data, clinics: [...data.clinics, added] };
    await release(data, "2026-05-08");
    data = { ...data, clinics: data.clinics.filter((c) => !gone.has(c.id)) };
    await release(data, "2026-05-15");
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it("is written by the first release, one document per city", () => {
    const first = built[0] as Map<string, string>;
    const paths = [...first.keys()].filter((p) => FACTS.test(p));
    expect(paths.length).toBe(cityCount);
    expect(cityCount).toBeGreaterThanOrEqual(3);
    expect(first.has(facts(kept))).toBe(true);
  });

  it("is carried, the same file, by a release that does not change its city, and rendered again when it does", () => {
    expect(read(facts(kept)).meta.data_version).toBe("2026-05-01");
    expect((built[1] as Map<string, string>).get(facts(kept))).toBe(
      (built[0] as Map<string, string>).get(facts(kept)),
    );
    const grownFacts = read(facts(grown));
    expect(grownFacts.meta.data_version).toBe("2026-05-08");
    expect(grownFacts.clinics).toBe(
      data.clinics.filter((c) => c.state === grown.state && c.city_slug === grown.city_slug).length,
    );
    // Carried files are hard links to the previous release's, never written again.
    const previous = join(out(), "..", ".public.releases", "0002-2026-05-08", "site");
    expect(statSync(join(out(), facts(kept))).ino).toBe(statSync(join(previous, facts(kept))).ino);
  });

  it("is removed with its city when the city is gone, from the tree and from files.tsv", () => {
    expect((built[1] as Map<string, string>).has(facts(goneCity))).toBe(true);
    expect((built[2] as Map<string, string>).has(facts(goneCity))).toBe(false);
    expect(() => statSync(join(out(), facts(goneCity)))).toThrow(/ENOENT/);
  });
});

describe("the registry of kinds", () => {
  it.each([
    ["api/v1/clinic/k3v9q2m7x1ab.json", true],
    ["clinics/texas/austin/k3v9q2m7x1ab.html", true],
    ["es/clinics/texas/austin/k3v9q2m7x1ab.html", true],
    ["api/v1/clinics/texas/austin.json", true],
    ["clinics/texas/austin/index.html", true],
    ["es/clinics/texas/austin/page-2/index.html", true],
    ["sitemaps/texas/austin.xml", true],
    ["api/v1/cities/texas.json", true],
    ["clinics/texas/index.html", true],
    ["api/v1/networks/carenow.json", true],
    ["api/v1/networks/carenow/2.json", true],
    ["networks/carenow/index.html", true],
    ["es/networks/carenow/page-3/index.html", true],
    ["api/v1/search/t/bl.json", true],
    ["api/v1/search/p/b.json", true],
    ["api/v1/search/index.json", false],
    ["api/v1/networks.json", false],
    ["networks/index.html", false],
    ["sitemaps/site.xml", false],
    ["api/v1/stats.json", false],
    ["index.html", false],
    ["downloads/manifest.json", false],
    ["assets/zips/787.json", false],
  ])("isUnitFile(%s) is %s", (path, unit) => {
    expect(isUnitFile(path)).toBe(unit);
  });

  it("names every file a unit renders, and the files of a unit's old shape it no longer has", () => {
    const city = { kind: cityUnits, key: "austin", content: "k", stamp: "s" };
    expect(cityUnits.files({ key: "austin", extra: "2" }, "texas").every((p) => isUnitFile(p))).toBe(true);
    expect(
      retiredFiles({ before: { ...city, extra: "2" }, now: { ...city, extra: "1" }, state: "texas" }),
    ).toEqual(["clinics/texas/austin/page-2/index.html", "es/clinics/texas/austin/page-2/index.html"]);
    expect(retiredFiles({ before: { ...city, extra: "1" }, now: null, state: "texas" })).toEqual([
      "api/v1/clinics/texas/austin.json",
      "clinics/texas/austin/index.html",
      "es/clinics/texas/austin/index.html",
      "sitemaps/texas/austin.xml",
    ]);
  });
});
