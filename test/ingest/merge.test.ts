import { describe, expect, test } from "vitest";
import { mergeSources } from "../../src/ingest/merge/index.js";
import type { MergedRecord } from "../../src/ingest/normalised.js";
import type { Problem } from "../../src/ingest/problems.js";
import { normalisedRecord } from "../helpers/normalised.js";

const NPPES = "CMS NPPES";
const HIFLD = "HIFLD Urgent Care Facilities";
const PLACES = "Places data set";

let order = 0;
/** A de-duplicated record of one source: an NPPES-like one by default (ZIP centroid, dated 2026, an NPI). */
function record(over: Partial<MergedRecord>): MergedRecord {
  const o = order++;
  const source = over.source ?? NPPES;
  return normalisedRecord(o, {
    file: `${source}.csv`,
    source,
    name: "Quickmend Urgent Care",
    street: "1200 W Anderson Ln",
    address: "1200 W Anderson Ln, Austin, TX 78757",
    zip: "78757",
    latitude: 30.35167,
    longitude: -97.732666,
    coordinatesSource: "zip_centroid",
    phone: "(512) 555-0134",
    date: "2026-10-14",
    provenance: [`${source}.csv:${o + 2}`],
    sourceIds: [],
    ...over,
  });
}

/** An HIFLD-like record: a real point, dated 2009. */
const hifld = (over: Partial<MergedRecord>) =>
  record({
    source: HIFLD,
    coordinatesSource: "source",
    latitude: 30.3571,
    longitude: -97.7329,
    date: "2009-01-20",
    name: "QUICKMEND URGENT CARE",
    phone: "(512) 555-0100",
    ...over,
  });

function merge(records: MergedRecord[]) {
  const problems: Problem[] = [];
  const out = mergeSources(records, (p) => problems.push(p));
  return { ...out, problems };
}

describe("the merge stage joins the records of different sources that are one clinic", () => {
  test.each([
    [
      "the same NPI",
      { npi: "1234567893" },
      { npi: "1234567893", street: "9 Other Rd", phone: null },
      "same_id",
    ],
    ["the same street address and ZIP, whatever the phones", {}, {}, "same_address"],
    [
      "the same phone in the same ZIP, the street written otherwise",
      {},
      { street: "Anderson Lane West", phone: "(512) 555-0134" },
      "same_phone",
    ],
    [
      "a similar name in the same ZIP, 0.7 km from its ZIP centre",
      {},
      { street: "Anderson Lane West", phone: null },
      "similar_name_nearby",
    ],
  ] as const)("%s → one clinic (%s)", (_what, a, b, rule) => {
    const { clinics, merged, problems } = merge([record(a), hifld(b)]);
    expect(clinics).toHaveLength(1);
    expect(merged).toEqual({ [rule]: 1 });
    expect(problems.map((p) => p.code)).toEqual([`merged_${rule}`]);
    expect(clinics[0]?.provenance).toHaveLength(2);
  });

  test.each<[string, Partial<MergedRecord>, Partial<MergedRecord>]>([
    [
      "a chain's shared phone at another house number",
      {},
      { street: "4500 N Lamar Blvd", phone: "(512) 555-0134" },
    ],
    [
      "a similar name 2 km away (two real points)",
      { coordinatesSource: "source", latitude: 30.34 },
      { street: "Anderson Lane West", phone: null },
    ],
    ["a similar name in another ZIP code", {}, { street: null, address: null, zip: "78758", phone: null }],
    ["an adult and a paediatric clinic at one address", {}, { name: "Quickmend Pediatric Urgent Care" }],
  ])("%s → two clinics", (_what, a, b) => {
    const { clinics, merged } = merge([record(a), hifld(b)]);
    expect(merged).toEqual({});
    expect(clinics).toHaveLength(2);
  });

  test("each field from the best source, the credit listing what each gave", () => {
    const [clinic] = merge([
      record({
        npi: "1234567893",
        sourceId: "npi:1234567893",
        stableId: true,
        name: "Quickmend Urgent Care - North Austin",
      }),
      hifld({
        sourceId: "hifld:10001",
        sourceIds: ["hifld:10001"],
        website: "https://quickmend.example.com/",
      }),
    ]).clinics;
    // Newer record (2026) over the 2009 one for the name and phone; a real point at the same street over a ZIP
    // centre; the web site only the older source has.
    expect(clinic).toMatchObject({
      name: "Quickmend Urgent Care - North Austin",
      phone: "(512) 555-0134",
      coordinatesSource: "source",
      latitude: 30.3571,
      website: "https://quickmend.example.com/",
      npi: "1234567893",
      sourceId: "npi:1234567893",
      date: "2026-10-14",
    });
    expect(clinic?.sources).toEqual([
      {
        name: NPPES,
        id: "npi:1234567893",
        merged_ids: [],
        date: "2026-10-14",
        fields: ["name", "address", "phone", "npi"],
      },
      {
        name: HIFLD,
        id: "hifld:10001",
        merged_ids: [],
        date: "2009-01-20",
        fields: ["coordinates", "website"],
      },
    ]);
  });

  test("a clinic that moved keeps its present ZIP's centre, not an old point at the address it left", () => {
    const [clinic] = merge([
      record({
        street: "77 New Plaza Dr",
        address: "77 New Plaza Dr, Austin, TX 78757",
        phone: "(512) 555-0134",
      }),
      hifld({ street: "1200 W Anderson Ln", phone: "(512) 555-0134", name: "Quickmend Urgent Care" }),
    ]).clinics;
    expect(clinic?.street).toBe("77 New Plaza Dr");
    expect(clinic?.coordinatesSource).toBe("zip_centroid");
  });

  test("a source that is the authority for positions gives them, whatever the dates", () => {
    const [clinic] = merge([
      hifld({}),
      record({
        source: PLACES,
        authority: ["coordinates"],
        coordinatesSource: "source",
        latitude: 30.3566,
        longitude: -97.7331,
        date: "2001-01-01",
      }),
    ]).clinics;
    expect(clinic?.latitude).toBe(30.3566);
    expect(clinic?.sources.find((s) => s.name === PLACES)?.fields).toEqual(["coordinates"]);
  });

  test("a record that matches two clinics equally joins neither, and says so", () => {
    const { clinics, problems } = merge([
      record({ street: "1 Main St", phone: "(512) 555-0150", name: "Quickmend Urgent Care" }),
      record({ street: "3 Main St", phone: "(512) 555-0151", name: "Quickmend Urgent Care", source: PLACES }),
      hifld({
        street: null,
        address: null,
        phone: null,
        coordinatesSource: "zip_centroid",
        latitude: 30.35167,
        longitude: -97.732666,
      }),
    ]);
    expect(clinics).toHaveLength(3);
    expect(problems.filter((p) => p.code === "merge_ambiguous")).toHaveLength(1);
  });

  test("a tie is settled by the closest name: the same phone at two clinics of one ZIP, one of them of the record's name", () => {
    const { clinics, problems } = merge([
      record({ street: "1 Main St", name: "Tulsa Urgent Care", npi: "1000000004" }),
      record({ street: "9 Oak St", name: "Van Medical Associates", npi: "1000000012" }),
      hifld({ street: "PO Box 12", name: "TULSA URGENT CARE", phone: "(512) 555-0134" }),
    ]);
    expect(clinics).toHaveLength(2);
    expect(problems.filter((p) => p.code === "merge_ambiguous")).toEqual([]);
    const joined = clinics.find((c) => c.sources.length === 2);
    expect(joined?.npi).toBe("1000000004");
  });

  test("a town's name shared by two names is no sign of one clinic; generic words (family, express) neither", () => {
    const place = (name: string) =>
      record({
        source: PLACES,
        name,
        city: name.includes("Port Saint Lucie") ? "Port Saint Lucie" : "Austin",
        street: null,
        address: null,
        phone: null,
        coordinatesSource: "source",
        latitude: 30.3566,
        longitude: -97.7331,
      });
    for (const [nppes, places] of [
      ["Foxglove Urgent Care Center of Port Saint Lucie", "Briarwood Express Care - Port Saint Lucie"],
      ["Austin Urgent & Family Care", "Woodland Windsor Family Urgent Care"],
    ])
      expect(
        merge([record({ name: nppes as string }), place(places as string)]).clinics,
        `${nppes} / ${places}`,
      ).toHaveLength(2);
    // The same name, with the town said twice, is one clinic.
    expect(
      merge([record({ name: "Austin Urgent Care" }), place("Austin Urgent Care - Austin")]).clinics,
    ).toHaveLength(1);
  });

  test("a places data set's authority for positions covers its points, not a ZIP centre it placed a record at", () => {
    const [clinic] = merge([
      hifld({}),
      record({
        source: PLACES,
        authority: ["coordinates"],
        coordinatesSource: "zip_centroid",
        date: "2026-11-01",
      }),
    ]).clinics;
    expect(clinic?.coordinatesSource).toBe("source");
    expect(clinic?.latitude).toBe(30.3571);
  });

  test("one record per source and clinic: a second record of a source that matched is a clinic of its own", () => {
    const { clinics } = merge([record({}), hifld({ row: 2 }), hifld({ row: 3, phone: "(512) 555-0111" })]);
    expect(clinics).toHaveLength(2);
  });
});
