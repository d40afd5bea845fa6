import { describe, expect, test } from "vitest";
import { keptListing } from "../../src/evidence/index.js";
import { STATES } from "../../src/geo/states.js";
import { assignNetworks, type NetworkDecision } from "../../src/ingest/networks/assign.js";
import { brandPrefix, isDistinctive } from "../../src/ingest/networks/brand-prefix.js";
import { NETWORKS } from "../../src/ingest/networks/dictionary.js";
import { PrefixCounts } from "../../src/ingest/networks/infer.js";
import { brandMatches, canonicalNetwork, respellBrands, words } from "../../src/ingest/networks/recognise.js";
import { NetworkSlugs } from "../../src/ingest/networks/slugs.js";
import type { NormalisedRecord } from "../../src/ingest/normalised.js";
import type { EvidenceSource } from "../../src/schema/evidence.js";

type Joined = Parameters<typeof assignNetworks>[0][number];

/**
 * A merged record in a state, dated or not, with only what the network decision reads; `legal` is the legal name a
 * registry lists it under (with `parent`, its parent organisation), when a registry lists it.
 */
function record(
  name: string,
  state: string,
  date: string | null = null,
  over: Partial<NormalisedRecord> & { legal?: string; parent?: string } = {},
): Joined {
  const { legal, parent, ...rest } = over;
  const sources: EvidenceSource[] =
    legal === undefined
      ? []
      : [
          {
            ...keptListing({ source: "CMS NPPES", sourceId: null, name, date, brand: null }),
            legal_name: legal,
            parent_organisation: parent ?? null,
          },
        ];
  return {
    name,
    state,
    date,
    networksFromNames: true,
    networkColumn: null,
    networkEvidence: null,
    brand: null,
    brandPrefix: brandPrefix(name),
    provenance: [],
    sourceIds: [],
    evidence: { sources },
    ...rest,
  } as unknown as Joined;
}
const none = new Map();
/** The decision for one clinic alone in its state. */
const assignNetwork = (r: Joined, inferred: Parameters<typeof assignNetworks>[1]): NetworkDecision =>
  assignNetworks([r], inferred)[0] as NetworkDecision;

describe("network dictionary: a brand only where it has clinics, only in its years", () => {
  test.each([
    ["CARE NOW URGENT CARE - FRISCO", "TX", null, "CareNow"],
    ["CareNow Urgent Care - Boise", "WA", null, null], // CareNow has no clinics in Washington
    ["AMERICAN FAMILY CARE - BIRMINGHAM", "AL", null, "AFC Urgent Care"],
    ["MEDEXPRESS URGENT CARE", "WV", null, "MedExpress"],
    ["MEDEXPRESS URGENT CARE", "OR", null, null],
    ["CENTRA CARE - KISSIMMEE", "FL", null, "AdventHealth Centra Care"],
    ["CENTRACARE URGENT CARE", "MN", null, "CentraCare"], // same word, unrelated organisation
    ["DOCTORS EXPRESS - TOWSON", "MD", "2009-01-20", "Doctors Express"], // before AFC bought it
    ["DOCTORS EXPRESS - TOWSON", "MD", "2016-05-01", "AFC Urgent Care"],
    ["WELLNOW URGENT CARE", "NY", "2010-01-01", null], // the brand did not exist yet
    ["Concentra Medical Centers", "TX", null, "Concentra"],
    // A brand's name beyond the states the dictionary lists, with nothing else in the state: no network (issue 38:
    // Intermountain assigned in New Jersey and Wyoming from HIFLD's names). See below for it with evidence.
    ["CONCENTRA URGENT CARE - FARGO", "ND", null, null],
    ["INTERMOUNTAIN INSTACARE", "NJ", null, null],
    ["INTERMOUNTAIN INSTACARE", "WY", null, null],
    ["INTERMOUNTAIN INSTACARE - LAYTON", "UT", null, "Intermountain InstaCare"],
    ["PATIENT FIRST URGENT CARE", "TX", null, null], // a phrase other clinics use: the footprint decides
    ["SMITH FAMILY WALK-IN CLINIC", "TX", null, null],
    ["CONCENTRATED CARE", "TX", null, null], // whole words only
  ] as const)("%s in %s (%s) → %s", (name, state, date, want) => {
    const d = assignNetwork(record(name, state, date), none);
    expect(d.network).toBe(want);
    if (want) expect(d.evidence).toMatchObject({ kind: "dictionary" });
    else expect(d.evidence).toBeNull();
  });

  test("a brand beyond its footprint where the chain has other evidence in the state: the name joins it", () => {
    const [fargo, bismarck] = assignNetworks(
      [
        record("CONCENTRA URGENT CARE - FARGO", "ND"),
        record("Concentra - Bismarck", "ND", null, { brand: { name: "Concentra", wikidata: "Q5158614" } }),
      ],
      none,
    );
    expect(bismarck?.evidence?.kind).toBe("brand");
    expect(fargo?.network).toBe("Concentra");
    expect(fargo?.evidence?.detail).toMatch(/beyond the states the dictionary lists for it/);
  });

  test("a health system's own sites named with a chain's words are not the chain; the chain's are", () => {
    const [system, system2, chain] = assignNetworks(
      [
        record("MedExpress Urgent Care - Wheeling", "WV", null, { legal: "Mercy Health System of WV" }),
        record("MedExpress Urgent Care - Weirton", "WV", null, { legal: "Mercy Health System of WV" }),
        record("MedExpress Urgent Care - Morgantown", "WV", null, { legal: "MedExpress Urgent Care Inc" }),
      ],
      none,
    );
    // The health system's sites are its own network, by the registry's organisation.
    expect(system).toMatchObject({
      network: "Mercy Health System of WV",
      evidence: { kind: "registry_organisation" },
    });
    expect(system2?.network).toBe("Mercy Health System of WV");
    expect(chain).toMatchObject({ network: "MedExpress", evidence: { kind: "dictionary" } });
  });

  test("an organisation's network is spelled one way, whatever its places' spellings (one address, no clash)", () => {
    const name = (a: string, b: string) =>
      assignNetworks(
        [
          record(a, "TX", null, { legal: "Acme Partners of TX" }),
          record(b, "TX", null, { legal: "Acme Partners of TX" }),
        ],
        none,
      )[0]?.network;
    // A brand quoted in a registry's name, and the same brand as a places data set writes it, are one network.
    expect(name("'Tiny Triage' Pediatric Urgent Care - Waco", "'tiny Triage' Pediatric Urgent Care")).toBe(
      "Tiny Triage Pediatric Urgent Care",
    );
    expect(name("Northstar Walk-In Clinic", "NORTHSTAR WALK-IN CLINIC - Waco")).toBe(
      "Northstar Walk-In Clinic",
    );
    expect(name("O'Fallon Urgent Care - North", "O'Fallon Urgent Care - South")).toBe("O'Fallon Urgent Care");
  });

  test("places a registry lists under one legal name or parent organisation are one network, named by their brand", () => {
    const decided = assignNetworks(
      [
        record("Quickmend Urgent Care", "TX", null, { legal: "Quickmend Health Partners of TX" }),
        record("Quickmend Urgent Care - Austin", "TX", null, { legal: "Quickmend Health Partners of TX" }),
        record("Quickmend Urgent Care - Waco", "TX", null, {
          legal: "QH North LLC",
          parent: "Quickmend Health Partners of TX",
        }),
        // Alone under its legal name: no network; two places under one name that share no words: none either.
        record("Lakeside Walk-In Clinic", "TX", null, { legal: "Lakeside Medical LLC" }),
        record("Cedar Urgent Care", "TX", null, { legal: "Smith Holdings" }),
        record("Willow Walk-In Clinic", "TX", null, { legal: "Smith Holdings" }),
      ],
      none,
    );
    expect(decided.map((d) => d.network)).toEqual([
      "Quickmend Urgent Care",
      "Quickmend Urgent Care",
      "Quickmend Urgent Care",
      null,
      null,
      null,
    ]);
    expect(decided[0]?.evidence).toEqual({
      kind: "registry_organisation",
      detail: 'CMS NPPES lists it with other places of "Quickmend Health Partners of TX" in TX',
    });
  });

  test("no variant is a generic phrase; generic brands are not entries", () => {
    for (const n of NETWORKS) {
      for (const v of n.variants) {
        expect(["urgent care", "walk in clinic", "clinic", "medical center", "express care"]).not.toContain(
          words(v),
        );
      }
      expect(n.states.length).toBeGreaterThan(0);
      for (const code of n.states) expect(STATES.map((st) => st.code)).toContain(code);
    }
    expect(isDistinctive("Express Care")).toBe(false);
    for (const generic of [
      "Express Care",
      "Premier Urgent Care",
      "First Choice Urgent Care",
      "Baptist Health Urgent Care",
    ])
      expect(brandMatches(generic)).toEqual([]);
  });

  test("a network column wins and records its column", () => {
    const d = assignNetwork(
      record("Acme", "TX", null, { networkColumn: { column: "Brand", value: "CareNow" } }),
      none,
    );
    expect(d).toEqual({ network: "CareNow", evidence: { kind: "source_column", detail: "Brand: CareNow" } });
    expect(canonicalNetwork("CARENOW")).toBe("CareNow");
    expect(canonicalNetwork("Lakeside Health")).toBe("Lakeside Health");
  });

  test("brand spellings are the dictionary's", () => {
    expect(respellBrands("Fastmed Urgent Care - Raleigh")).toBe("FastMed Urgent Care - Raleigh");
    expect(respellBrands("Instacare - Layton")).toBe("InstaCare - Layton");
    expect(respellBrands("Carenow Urgent Care")).toBe("CareNow Urgent Care");
    expect(respellBrands("Patient First - Midlothian")).toBe("Patient First - Midlothian");
  });

  test.each([
    ["Acme Health - Lexington", "Acme Health"],
    ["Doctors Care - Lexington", null], // generic words only
    ["Express Care - North", null],
    ["Premier Urgent Care - West", null],
    ["First Choice - Main St", null],
    ["Urgent Care - West", null],
    ["Acme Clinic", null],
    ["24 - Hour Care", null],
  ] as const)("brandPrefix(%s)", (name, want) => expect(brandPrefix(name)).toBe(want));
});

describe("networks inferred from BRAND - LOCATION names: a coherent region, never generic words", () => {
  const infer = (rows: [string, string, string][]) => {
    const counts = new PrefixCounts();
    for (const [name, state, city] of rows) counts.add(brandPrefix(name) as string, state, city);
    return counts.decide();
  };

  test("three clinics in two cities of one state make a network, where the network has other evidence there", () => {
    const inferred = infer([
      ["Rapidcare - North", "OK", "Oklahoma City"],
      ["Rapidcare - South", "OK", "Oklahoma City"],
      ["Rapidcare - Edmond", "OK", "Edmond"],
    ]);
    // The pattern alone makes no network (issue 38: a name pattern is no evidence).
    expect(assignNetwork(record("Rapidcare - Edmond", "OK"), inferred).network).toBeNull();
    const [d] = assignNetworks(
      [
        record("Rapidcare - Edmond", "OK"),
        record("Rapidcare - North", "OK", null, { networkColumn: { column: "Brand", value: "Rapidcare" } }),
      ],
      inferred,
    );
    expect(d?.network).toBe("Rapidcare");
    expect(d?.evidence?.kind).toBe("name_pattern");
    expect(d?.evidence?.detail).toContain("3 clinics in 2 cities of OK");
  });

  test("same-named systems in distant states are two networks, each named with its state", () => {
    const inferred = infer([
      ["Mercyone - A", "IA", "Des Moines"],
      ["Mercyone - B", "IA", "Ames"],
      ["Mercyone - C", "IA", "Ames"],
      ["Mercyone - D", "FL", "Tampa"],
      ["Mercyone - E", "FL", "Miami"],
      ["Mercyone - F", "FL", "Orlando"],
    ]);
    const backed = (name: string, state: string, network: string) =>
      assignNetworks(
        [
          record(name, state),
          record("Other", state, null, { networkColumn: { column: "Brand", value: network } }),
        ],
        inferred,
      )[0]?.network;
    expect(backed("Mercyone - A", "IA", "Mercyone (IA)")).toBe("Mercyone (IA)");
    expect(backed("Mercyone - F", "FL", "Mercyone (FL)")).toBe("Mercyone (FL)");
  });

  test("neighbouring states form one region; a lone clinic far away joins nothing", () => {
    const inferred = infer([
      ["Ozark Health - A", "MO", "Springfield"],
      ["Ozark Health - B", "AR", "Rogers"],
      ["Ozark Health - C", "AR", "Bentonville"],
      ["Ozark Health - D", "ME", "Portland"],
    ]);
    const backed = (name: string, state: string) =>
      assignNetworks(
        [
          record(name, state),
          record("Other", state, null, { networkColumn: { column: "Brand", value: "Ozark Health" } }),
        ],
        inferred,
      )[0]?.network ?? null;
    expect(backed("Ozark Health - A", "MO")).toBe("Ozark Health");
    expect(backed("Ozark Health - D", "ME")).toBeNull();
  });

  test("a dictionary brand outside its footprint is not inferred either", () => {
    const inferred = infer([
      ["CareNow - A", "AL", "Mobile"],
      ["CareNow - B", "AL", "Dothan"],
      ["CareNow - C", "AL", "Dothan"],
    ]);
    expect(assignNetwork(record("CareNow - A", "AL"), inferred).network).toBeNull();
  });
});

describe("one address per network: names that make one slug", () => {
  test("differing in letter case only, they are one network, spelled as the Wikidata-backed source writes it", () => {
    const slugs = new NetworkSlugs();
    // A chain's locator (with a Wikidata item) in one state, the registry's organisation in others.
    expect(slugs.check("Swiftwell Urgent Care", ["nppes.csv:2"])).toBeNull();
    expect(slugs.check("Swiftwell Urgent Care", ["nppes.csv:3"])).toBeNull();
    expect(slugs.check("SwiftWell Urgent Care", ["output.zip!swiftwell.geojson:7"])).toBeNull();
    expect(slugs.spellings((n) => n === "SwiftWell Urgent Care")).toEqual(
      new Map([["Swiftwell Urgent Care", "SwiftWell Urgent Care"]]),
    );
    // Without a Wikidata item, the spelling most clinics carry.
    expect(slugs.spellings(() => false)).toEqual(
      new Map([["SwiftWell Urgent Care", "Swiftwell Urgent Care"]]),
    );
  });

  test("differing otherwise, they are two networks that cannot share an address: fatal, with what to do", () => {
    const slugs = new NetworkSlugs();
    expect(slugs.check("Care+", ["a.csv:2"])).toBeNull();
    const clash = slugs.check("Care", ["a.csv:9"]);
    expect(clash).toMatchObject({
      file: "a.csv",
      row: 9,
      field: "network",
      code: "network_slug_clash",
      kind: "fatal",
    });
    expect(clash?.message).toMatch(/name them alike if they are one network, or apart$/);
    expect(slugs.spellings(() => false).size).toBe(0);
  });
});
