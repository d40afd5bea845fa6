// The small decisions of the Overture source, each on its own: the release's date, the licences let in, the state
// of an address, a brand's Wikidata id, and brand evidence surviving our own export.
import { describe, expect, test } from "vitest";
import { normaliseRecord } from "../../src/ingest/normalise/record.js";
import { OVERTURE_ROW } from "../../src/ingest/overture/columns.js";
import { incompatibleLicences } from "../../src/ingest/overture/licence.js";
import { stateOf } from "../../src/ingest/overture/reader.js";
import { releaseDate } from "../../src/ingest/overture/release.js";
import type { Problem } from "../../src/ingest/problems.js";
import { CANONICAL_PROFILE, OVERTURE_PROFILE } from "../../src/ingest/profiles/index.js";
import { bindMapping } from "../../src/ingest/row-access.js";

describe("the release's date", () => {
  test.each([
    [[{ key: "overture:release", value: "2026-01-21.0" }], "extract.parquet", "2026-01-21"],
    [[], "overture-us-urgent-care-2025-12-17.1.parquet", "2025-12-17"],
    [[], "/data/release/2026-02-18.0/places.parquet", "2026-02-18"],
    [[{ key: "overture:release", value: "2026-03-18.0" }], "places-2026-01-21.0.parquet", "2026-03-18"],
    [[], "places.parquet", null],
    [[], "places-2026-13-40.parquet", null],
  ])("%j in %s → %s", (kv, path, expected) => {
    expect(releaseDate(kv, path)).toBe(expected);
  });
});

describe("the licences of a record's sources", () => {
  test("permissive and public-domain licences pass, whatever their case; share-alike, non-commercial and unknown ones do not", () => {
    expect(incompatibleLicences(["CDLA-Permissive-2.0", "cc0-1.0", "Apache-2.0", null, ""])).toEqual([]);
    expect(incompatibleLicences(["CDLA-Permissive-2.0", "ODbL-1.0", "CC-BY-NC-4.0", "ODbL-1.0"])).toEqual([
      "CC-BY-NC-4.0",
      "ODbL-1.0",
    ]);
    expect(incompatibleLicences(["all rights reserved"])).toEqual(["all rights reserved"]);
  });
});

describe("the state of an address", () => {
  test.each([
    ["US-TX", "US", "TX"],
    ["TX", "US", "TX"],
    ["us-ca", null, "CA"],
    [null, "US", null],
    ["PR-SJ", "PR", "PR"],
    ["CA-ON", "CA", "CA"],
  ])("region %s, country %s → %s", (region, country, expected) => {
    expect(stateOf(region, country)).toBe(expected);
  });
});

describe("a brand and its Wikidata id", () => {
  const row = (wikidata: string) => ({
    [OVERTURE_ROW.sourceId]: "a1",
    [OVERTURE_ROW.name]: "Carenow Urgent Care - Frisco",
    [OVERTURE_ROW.city]: "Frisco",
    [OVERTURE_ROW.state]: "TX",
    [OVERTURE_ROW.brand]: "CARENOW",
    [OVERTURE_ROW.brandWikidata]: wikidata,
  });
  const read = (values: Record<string, unknown>, mapping = OVERTURE_PROFILE) => {
    const problems: Problem[] = [];
    const r = normaliseRecord(bindMapping(mapping, Object.keys(values)), values, {
      input: 0,
      file: "f",
      row: 2,
      order: 0,
      report: (p) => problems.push(p),
    });
    if (!("record" in r)) throw new Error("rejected");
    return { record: r.record, problems };
  };

  test("written the dictionary's way, its Wikidata id kept; an id that is not one is dropped and reported", () => {
    expect(read(row("Q5040000")).record.brand).toEqual({ name: "CareNow", wikidata: "Q5040000" });
    const bad = read(row("5040000"));
    expect(bad.record.brand).toEqual({ name: "CareNow", wikidata: null });
    expect(bad.problems.map((p) => p.code)).toEqual(["invalid_wikidata"]);
  });

  test("brand evidence, as our export writes it, is read back with its Wikidata id", () => {
    const exported = {
      id: "abc123def456",
      name: "CareNow Urgent Care - Frisco",
      state_code: "TX",
      city: "frisco",
      city_name: "Frisco",
      network: "CareNow",
      network_evidence: 'brand: Overture Maps places gives the brand "CareNow" (Wikidata Q5040000)',
    };
    expect(read(exported, CANONICAL_PROFILE).record.networkEvidence).toEqual({
      kind: "brand",
      detail: 'Overture Maps places gives the brand "CareNow" (Wikidata Q5040000)',
      wikidata: "Q5040000",
    });
  });
});
