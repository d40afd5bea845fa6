import { describe, expect, test } from "vitest";
import { dedupe } from "../../src/ingest/dedupe/index.js";
import { isPaediatric, similarNames } from "../../src/ingest/dedupe/similarity.js";
import type { MergedRecord, NormalisedRecord } from "../../src/ingest/normalised.js";
import type { Problem } from "../../src/ingest/problems.js";
import { normalisedRecord } from "../helpers/normalised.js";

let order = 0;
function candidate(over: Partial<NormalisedRecord>): NormalisedRecord {
  return normalisedRecord(order++, over);
}

function run(list: NormalisedRecord[]) {
  const problems: Problem[] = [];
  const r = dedupe(
    list,
    (c) => `f.csv:${c.row}`,
    (c) => c.sourceId,
    (p) => problems.push(p),
  );
  return { ...r, problems };
}

describe("dedupe", () => {
  const cases: [string, { records: Partial<NormalisedRecord>[]; survivors: number; reason?: string }][] = [
    [
      "same source id, similar name, other street",
      {
        records: [
          { sourceId: "hifld:1" },
          { sourceId: "hifld:1", name: "Acme Urgent Care - Austin", street: "9 Elm St", phone: null },
        ],
        survivors: 1,
        reason: "same_source_id",
      },
    ],
    [
      "same source id, unrelated names: renumbered ids prove nothing",
      {
        records: [
          { sourceId: "hifld:1" },
          { sourceId: "hifld:1", name: "Lakeside Clinic", street: "9 Elm St", phone: null },
        ],
        survivors: 2,
      },
    ],
    [
      "same name and street spelled differently",
      {
        records: [
          { street: "1234 N Lamar Blvd", phone: null },
          { street: "1234 North Lamar Boulevard", phone: null, latitude: 31 },
        ],
        survivors: 1,
        reason: "same_name_address",
      },
    ],
    [
      "same phone within 100 m, similar name",
      {
        records: [
          { name: "MedExpress Urgent Care" },
          { name: "MedExpress Urgent Care - Bluefield", street: "2 Other Rd", latitude: 30.2703 },
        ],
        survivors: 1,
        reason: "same_phone_nearby",
      },
    ],
    [
      "same phone and name, both placed at their ZIP's centre (where the directory put them, not where they are)",
      {
        records: [
          { name: "MedExpress Urgent Care", coordinatesSource: "zip_centroid" },
          { name: "MedExpress Urgent Care", street: "2 Other Rd", coordinatesSource: "zip_centroid" },
        ],
        survivors: 2,
      },
    ],
    [
      "same phone 1 km apart",
      {
        records: [
          { name: "MedExpress Urgent Care" },
          { name: "MedExpress Urgent Care", street: "2 Other Rd", latitude: 30.279 },
        ],
        survivors: 2,
      },
    ],
    [
      "same phone nearby, different names",
      {
        records: [
          { name: "Hill Country Urgent Care" },
          { name: "Lakeside Walk-In Clinic", street: "2 Other Rd" },
        ],
        survivors: 2,
      },
    ],
    [
      "adult and paediatric at one address and phone",
      { records: [{ name: "Mercy Urgent Care" }, { name: "Mercy Kids Urgent Care" }], survivors: 2 },
    ],
    [
      "same name and street, paediatric twice",
      {
        records: [{ name: "Mercy Kids Urgent Care" }, { name: "Mercy Kids Urgent Care" }],
        survivors: 1,
        reason: "same_name_address",
      },
    ],
    [
      "chain phone shared in two cities",
      {
        records: [
          { name: "Patient First - A" },
          { name: "Patient First - B", street: "7 Far Rd", latitude: 37.5, longitude: -77.5, state: "VA" },
        ],
        survivors: 2,
      },
    ],
  ];
  test.each(cases)("%s", (_, { records, survivors, reason }) => {
    const r = run(records.map(candidate));
    expect(r.clinics).toHaveLength(survivors);
    if (reason) expect(r.merged).toEqual({ [reason]: 1 });
    else expect(r.merged).toEqual({});
    expect(r.problems.every((p) => p.kind === "merged")).toBe(true);
  });

  test("precedence: the earlier record wins, gaps are filled from later ones, lists are united, provenance kept", () => {
    const a = candidate({
      sourceId: "s:1",
      website: null,
      phone: "(512) 555-0100",
      services: ["X-ray"],
      latitude: null,
      longitude: null,
    });
    const b = candidate({
      sourceId: "s:1",
      website: "https://b.example.org/",
      phone: "(512) 555-0199",
      services: ["Lab"],
      latitude: 30.3,
      longitude: -97.7,
    });
    const r = run([b, a].sort(() => -1)); // input order does not matter, `order` does
    expect(r.clinics).toHaveLength(1);
    const m = r.clinics[0] as MergedRecord;
    expect(m.order).toBe(a.order);
    expect(m.sourceIds).toEqual(["s:1"]);
    expect(m.phone).toBe("(512) 555-0100");
    expect(m.website).toBe("https://b.example.org/");
    expect([m.latitude, m.longitude]).toEqual([30.3, -97.7]);
    expect(m.services).toEqual(["Lab", "X-ray"]);
    expect(m.provenance).toEqual([`f.csv:${a.row}`, `f.csv:${b.row}`]);
  });

  test("real coordinates replace a ZIP centroid when a duplicate has them", () => {
    const a = candidate({ coordinatesSource: "zip_centroid", latitude: 30.2, longitude: -97.7, phone: null });
    const b = candidate({ latitude: 30.27, longitude: -97.74, phone: null });
    const m = run([a, b]).clinics[0] as MergedRecord;
    expect([m.latitude, m.longitude, m.coordinatesSource]).toEqual([30.27, -97.74, "source"]);
  });
});

describe("similarity", () => {
  test.each([
    ["CareNow - Frisco", "CareNow Urgent Care Frisco", true],
    ["CareNow Urgent Care", "CareNow Pediatric Urgent Care", false],
    ["Hill Country Urgent Care", "Lakeside Urgent Care", false],
    ["Urgent Care", "Urgent Care Center", false], // only generic words: similar only when identical
    ["Urgent Care", "URGENT CARE", true],
  ] as const)("%s ~ %s: %s", (a, b, want) => expect(similarNames(a, b)).toBe(want));
  test.each([
    ["Mercy Kids Urgent Care", true],
    ["St. Louis Children's After Hours", true],
    ["PM Pediatrics", true],
    ["Mercy Urgent Care", false],
  ] as const)("isPaediatric(%s)", (name, want) => expect(isPaediatric(name)).toBe(want));
});
