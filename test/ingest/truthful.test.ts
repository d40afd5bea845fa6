// "Real data, told truthfully": one small fixture of our own per class of the review, asserting what a user
// would notice in the published data.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectClinics } from "../../src/dataset/store.js";
import type { ClinicRecord, FlatDataset } from "../../src/dataset/types.js";
import { distanceKm } from "../../src/geo/distance.js";
import { type ImportResult, importFiles } from "../../src/ingest/import.js";
import { loadProfile } from "../../src/ingest/profiles/index.js";
import { renderSite } from "../../src/render/build.js";
import { WITHOUT_SITE } from "../helpers/sample-site.js";
import { FIXTURES } from "./helpers.js";

const ORIGINAL = join(FIXTURES, "hifld-original.csv");
const RESAVE = join(FIXTURES, "hifld-resave.csv");
const COPY = join(FIXTURES, "hifld-copy-mercator.csv");
const ACCOUNTING = join(FIXTURES, "hifld-accounting.csv");
const DIRECTORY = join(FIXTURES, "directory-export.csv");
const DIRECTORY_MAPPING = join(FIXTURES, "directory-mapping.json");

interface Imported {
  result: ImportResult;
  data: FlatDataset;
  byName: (name: string) => ClinicRecord;
  problemsAt: (row: number) => string[];
}

async function load(inputs: string[], profile?: string): Promise<Imported> {
  const result = await importFiles({
    inputs,
    ...(profile ? { profile: await loadProfile(profile) } : {}),
  });
  if (!result.dataset) throw new Error(`did not import: ${JSON.stringify(result.log.problems.slice(0, 3))}`);
  const data = { ...result.dataset, clinics: await collectClinics(result.dataset.clinics) };
  await result.dataset.clinics.dispose();
  return {
    result,
    data,
    byName: (name) => {
      const c = data.clinics.find((x) => x.name === name);
      if (!c) throw new Error(`no clinic named ${name}: ${data.clinics.map((x) => x.name).join(", ")}`);
      return c;
    },
    problemsAt: (row) => result.log.problems.filter((p) => p.row === row).map((p) => p.code),
  };
}

let original: Imported;
let resave: Imported;
let copy: Imported;
beforeAll(async () => {
  [original, resave, copy] = await Promise.all([load([ORIGINAL]), load([RESAVE]), load([COPY])]);
});

describe("1. dates: the records' own dates, in the forms exports and spreadsheets write", () => {
  test("a spreadsheet re-save (M/D/YY h:mm, serial numbers) dates the release like the original", () => {
    expect(original.data.recordDates).toEqual({ oldest: "2004-09-09", newest: "2009-02-01" });
    expect(resave.data.recordDates).toEqual(original.data.recordDates);
    expect(resave.data.dataVersion).toBe("2009-02-01");
    expect(resave.byName("MGH Urgent Care").date).toBe("2009-01-20"); // CONTDATE 39833
  });

  test("an unreadable date is reported, not silently replaced", () => {
    const tlc = resave.result.log.problems.filter((p) => p.code === "invalid_date");
    expect(tlc).toHaveLength(1);
    expect(tlc[0]?.message).toContain('GEODATE "SOON"');
    expect(resave.byName("TLC Walk In Clinic").date).toBe("2008-06-02"); // from CONTDATE
  });

  test("undated records date the release from the file only with a notice", async () => {
    const dir = await import("node:fs/promises").then((fs) => fs.mkdtemp(join(FIXTURES, "../../.tmp-")));
    try {
      const undated = join(dir, "undated.csv");
      const { readFile, writeFile } = await import("node:fs/promises");
      const text = await readFile(ORIGINAL, "utf8");
      await writeFile(undated, text.replace(/\d{4}\/\d{2}\/\d{2} 00:00:00/g, ""));
      const r = await load([undated]);
      expect(r.data.recordDates).toEqual({ oldest: null, newest: null });
      expect(r.result.log.problems.find((p) => p.code === "data_version_from_file_date")?.kind).toBe(
        "notice",
      );
    } finally {
      await import("node:fs/promises").then((fs) => fs.rm(dir, { recursive: true, force: true }));
    }
  });
});

describe("2. networks: only with evidence, recorded with each clinic", () => {
  const network = (name: string) => original.byName(name).network;
  test("a brand is matched only in its footprint and its years", () => {
    expect(network("CareNow Urgent Care")).toBeNull(); // in WA: CareNow has no clinics there
    expect(network("CentraCare Urgent Care")).toBe("CentraCare"); // MN, not AdventHealth's Centra Care
    expect(network("Doctors Express - Towson")).toBe("Doctors Express"); // 2009: before AFC bought it
    expect(network("FastMed Urgent Care - Raleigh")).toBe("FastMed Urgent Care");
    expect(original.byName("FastMed Urgent Care - Raleigh").network_evidence).toEqual({
      kind: "dictionary",
      detail: '"fastmed urgent care" is FastMed Urgent Care, which has clinics in NC',
    });
  });

  test("generic names are no chain; same-named systems of distant states are not joined", () => {
    expect(
      original.data.clinics.filter((c) => c.name === "Premier Urgent Care").map((c) => c.network),
    ).toEqual([null, null]);
    expect(
      original.data.clinics.filter((c) => c.name === "First Choice Urgent Care").map((c) => c.network),
    ).toEqual([null, null]);
    // "Baptist Health - …" names several clinics in KY and in FL, and nothing else says they are networks: a name
    // pattern alone is no evidence (issue 38), so neither the KY nor the FL clinics are joined, to each other or across.
    const baptist = original.data.clinics.filter((c) => c.name.startsWith("Baptist Health"));
    expect(baptist.length).toBeGreaterThanOrEqual(6);
    expect(baptist.map((c) => c.network)).toEqual(baptist.map(() => null));
  });

  test("every network assignment carries its evidence, counted in the report", () => {
    for (const c of original.data.clinics) expect(c.network === null).toBe(c.network_evidence === null);
    expect(original.data.report.networkEvidence).toEqual({ dictionary: 4 });
  });
});

describe("3. time zones: precise boundaries, US names", () => {
  test.each([
    ["Columbia", "KY", "America/Chicago"],
    ["Wewahitchka", "FL", "America/Chicago"],
    ["Williston", "ND", "America/Chicago"],
    ["Pembina", "ND", "America/Chicago"],
    ["Calais", "ME", "America/New_York"],
    ["Polacca", "AZ", "America/Phoenix"],
    ["Fort Pierre", "SD", "America/Denver"],
  ])("%s, %s → %s", (name, state, zone) => {
    expect(original.data.cities.find((c) => c.name === name && c.state === state)?.timezone).toBe(zone);
  });
});

describe("4. city centres: matched with evidence, near their clinics", () => {
  test("Georgetown, GA is the one in Quitman County, not the larger one 380 km away", () => {
    const city = original.data.cities.find((c) => c.state === "GA" && c.slug === "georgetown");
    const clinic = original.byName("Quitman County Urgent Care");
    expect(city?.center_source).toBe("place");
    expect(
      distanceKm(city?.latitude ?? 0, city?.longitude ?? 0, clinic.latitude ?? 0, clinic.longitude ?? 0),
    ).toBeLessThan(5);
  });

  test("every centre lies near its clinics", () => {
    const centres = new Map(original.data.cities.map((c) => [`${c.state}/${c.slug}`, c]));
    for (const c of original.data.clinics) {
      const city = centres.get(`${c.state}/${c.city_slug}`);
      if (!city || c.latitude === null || c.longitude === null) throw new Error("unplaced");
      expect(distanceKm(city.latitude, city.longitude, c.latitude, c.longitude), c.name).toBeLessThan(30);
    }
  });
});

describe("5. credit: the original sources are named", () => {
  test("HIFLD's layer and the reference data used are upstream sources", () => {
    expect(original.data.source.upstream.map((u) => [u.name, u.license])).toEqual([
      ["Urgent Care Facilities", "Public domain (HIFLD Open)"],
      ["GeoNames", "CC-BY-4.0"],
      ["timezone-boundary-builder", "ODbL-1.0"],
    ]);
  });
});

describe("6. ids survive re-exports, re-saves and re-ordering", () => {
  const ids = (d: Imported) =>
    new Map(d.data.clinics.map((c) => [`${c.state}|${c.name}|${c.address}`, c.id]));
  test("the original, a re-ordered re-save with row-number IDs and a copy with other IDs give the same ids", () => {
    expect(ids(resave)).toEqual(ids(original));
    expect(ids(copy)).toEqual(ids(original));
  });
  test("a row-number ID column is recognised and never recorded as a source id", () => {
    expect(resave.result.log.problems.find((p) => p.code === "row_number_ids")?.kind).toBe("notice");
    expect(resave.data.clinics.every((c) => c.source_ids.length === 0)).toBe(true);
    expect(original.byName("MGH Urgent Care").source_ids).toEqual(["hifld:10001100"]);
  });
});

describe("8. CSV downloads: text cells that start like a formula are inert, and read back as written", () => {
  test("=HYPERLINK and a tab-led @SUM are written with a leading ' and re-import unchanged", async () => {
    const { dataset } = await importFiles({
      inputs: [DIRECTORY],
      profile: await loadProfile(DIRECTORY_MAPPING),
      dataVersion: "2026-01-01",
    });
    if (!dataset) throw new Error("no data set");
    const dir = await mkdtemp(join(tmpdir(), "ucd-formula-"));
    try {
      await renderSite(dataset, join(dir, "public"), {
        siteUrl: "https://uc.example.org",
        compression: "fast",
        parts: WITHOUT_SITE, // the downloads are what is read
      });
      const downloads = join(dir, "public/downloads");
      const csv = await readFile(join(downloads, "urgent-care-clinics-latest.csv"), "utf8");
      expect(csv).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",`);
      expect(csv).toContain(",'@SUM(1+1)*cmd,");
      expect(csv).not.toMatch(/(^|,)"?(?:[=+@\t]|-(?!\d))/m); // numbers such as -94.1 stay numbers
      const back = await importFiles({ inputs: [join(downloads, "urgent-care-clinics-latest.csv")] });
      if (!back.dataset) throw new Error("no re-import");
      const again = (await collectClinics(back.dataset.clinics)).map((c) => c.name);
      await back.dataset.clinics.dispose();
      expect(again).toContain('=HYPERLINK("http://evil.example","Click")');
      expect(again).toContain("@SUM(1+1)*cmd");
    } finally {
      await dataset.clinics.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("9. row accounting: every record published, merged or reported, at its true line", () => {
  let acc: Imported;
  beforeAll(async () => {
    acc = await load([ACCOUNTING]);
  });
  test("a stray quote swallows nothing; later lines keep their numbers", () => {
    expect(acc.data.clinics.map((c) => c.provenance[0]?.split(":").pop()).sort()).toEqual(
      ["2", "4", "5", "9", "10", "12"].sort(),
    );
    expect(acc.problemsAt(3)).toEqual(["row_malformed"]);
    expect(acc.problemsAt(11)).toEqual(["row_malformed"]);
    const rejected = Object.values(acc.data.report.rejected).reduce((a, b) => a + b, 0);
    expect(acc.data.report.read).toBe(11);
    expect(acc.data.clinics.length + rejected).toBe(11);
  });
  test("a rejected row is reported with all its reasons", () => {
    expect(acc.problemsAt(6).sort()).toEqual(["invalid_state", "missing_city", "missing_name"]);
    expect(acc.data.report.rejected.missing_name).toBe(1); // the record is counted once
  });
  test("Canadian records are out of scope, not missing a state", () => {
    expect(acc.problemsAt(7)).toEqual(["out_of_scope_state"]);
    expect(acc.problemsAt(8)).toEqual(["out_of_scope_state"]);
    expect(acc.result.log.problems.find((p) => p.row === 7)?.message).toContain("Ontario, Canada");
  });
  test("duplicated X/Y columns (Web Mercator after lon/lat) lose no coordinate and are reported", () => {
    expect(copy.data.clinics.every((c) => c.coordinates_source === "source")).toBe(true);
    expect(copy.data.clinics.map((c) => [c.latitude, c.longitude])).toEqual(
      original.data.clinics.map((c) => [c.latitude, c.longitude]),
    );
    expect(copy.result.log.problems.filter((p) => p.code === "duplicate_column").map((p) => p.field)).toEqual(
      ["X", "Y"],
    );
  });
});

describe("10. other shapes of real exports (a directory export with one-line addresses)", () => {
  let dir: Imported;
  beforeAll(async () => {
    dir = await load([DIRECTORY], DIRECTORY_MAPPING);
  });
  test("one-line addresses give street, city, state and ZIP; no coordinates → the ZIP's centroid, marked", () => {
    const c = dir.byName("Bridge City Urgent Care");
    expect([c.street, c.city, c.state, c.zip]).toEqual(["220 Main St", "Bridge City", "TX", "77611"]);
    expect(c.coordinates_source).toBe("zip_centroid");
    expect(c.latitude).not.toBeNull();
    expect(dir.data.source.upstream.map((u) => u.name)).toContain(
      "ZIP Code Tabulation Areas, 2021 Gazetteer Files",
    );
    expect(dir.byName("Orange Walk-In Clinic")).toMatchObject({
      street: "1500 16th St, Suite 2",
      zip: "77630",
    });
  });
  test("+1 phones, ratings with review counts, web sites without tracking parameters", () => {
    const c = dir.byName("Bridge City Urgent Care");
    expect([c.phone, c.rating, c.reviews_count]).toEqual(["(409) 330-4707", 4.6, 128]);
    expect(c.website).toBe("https://bridgecityuc.example.org/?page=2");
    const o = dir.byName("Orange Walk-In Clinic");
    expect([o.website, o.reviews_count]).toEqual(["https://www.orangewalkin.example.org/", 1204]);
  });
  test("a Canadian address is out of scope", () => {
    expect(dir.data.clinics.some((c) => c.name.startsWith("Ottawa"))).toBe(false);
    expect(dir.data.report.rejected.out_of_scope_state).toBe(1);
  });
  test("bidirectional overrides are stripped from text", () => {
    expect(dir.data.clinics.some((c) => /[\u202a-\u202e\u2066-\u2069]/.test(c.name))).toBe(false);
    expect(dir.byName("erac tnegru Port Arthur").state).toBe("TX");
  });
});

describe("11. names: acronyms, brand spellings, place names", () => {
  test.each([
    ["MGH Urgent Care"],
    ["TLC Walk In Clinic"],
    ["DFW AM/PM Urgent Care"],
    ["FastMed Urgent Care - Raleigh"],
    ["InstaCare - Layton"],
  ])("%s", (name) => expect(original.byName(name).name).toBe(name));
  test("state routes keep their capitals; the place's name is published", () => {
    expect(original.byName("TLC Walk In Clinic").street).toBe("1200 NC Highway 55, Ste 4");
    expect(original.byName("CentraCare Urgent Care").city).toBe("St. Cloud");
  });
});

afterAll(() => undefined);
