import { describe, expect, test } from "vitest";
import { STATES } from "../../src/geo/states.js";
import { assignNetwork } from "../../src/ingest/networks/assign.js";
import { brandPrefix, isDistinctive } from "../../src/ingest/networks/brand-prefix.js";
import { NETWORKS } from "../../src/ingest/networks/dictionary.js";
import { PrefixCounts } from "../../src/ingest/networks/infer.js";
import { brandMatches, canonicalNetwork, respellBrands, words } from "../../src/ingest/networks/recognise.js";
import type { NormalisedRecord } from "../../src/ingest/normalised.js";

/** A merged record in a state, dated or not, with only what the network decision reads. */
function record(
  name: string,
  state: string,
  date: string | null = null,
  over: Partial<NormalisedRecord> = {},
) {
  return {
    name,
    state,
    date,
    networksFromNames: true,
    networkColumn: null,
    networkEvidence: null,
    brandPrefix: brandPrefix(name),
    provenance: [],
    sourceIds: [],
    ...over,
  } as unknown as Parameters<typeof assignNetwork>[0];
}
const none = new Map();

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
    // A distinctive national brand beyond the states the dictionary lists (issue: 6 % of a chain's clinics lost)
    ["CONCENTRA URGENT CARE - FARGO", "ND", null, "Concentra"],
    ["NEXTCARE URGENT CARE - BOISE", "ID", null, "NextCare Urgent Care"],
    ["PATIENT FIRST URGENT CARE", "TX", null, null], // a phrase other clinics use: the footprint decides
    ["SMITH FAMILY WALK-IN CLINIC", "TX", null, null],
    ["CONCENTRATED CARE", "TX", null, null], // whole words only
  ] as const)("%s in %s (%s) → %s", (name, state, date, want) => {
    const d = assignNetwork(record(name, state, date), none);
    expect(d.network).toBe(want);
    if (want) expect(d.evidence).toMatchObject({ kind: "dictionary" });
    else expect(d.evidence).toBeNull();
    if (state === "ND" || state === "ID")
      expect(d.evidence?.detail).toMatch(/beyond the states the dictionary lists/);
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

  test("three clinics in two cities of one state make a network, with evidence", () => {
    const inferred = infer([
      ["Rapidcare - North", "OK", "Oklahoma City"],
      ["Rapidcare - South", "OK", "Oklahoma City"],
      ["Rapidcare - Edmond", "OK", "Edmond"],
    ]);
    const d = assignNetwork(record("Rapidcare - Edmond", "OK"), inferred);
    expect(d.network).toBe("Rapidcare");
    expect(d.evidence?.kind).toBe("name_pattern");
    expect(d.evidence?.detail).toContain("3 clinics in 2 cities of OK");
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
    expect(assignNetwork(record("Mercyone - A", "IA"), inferred).network).toBe("Mercyone (IA)");
    expect(assignNetwork(record("Mercyone - F", "FL"), inferred).network).toBe("Mercyone (FL)");
  });

  test("neighbouring states form one region; a lone clinic far away joins nothing", () => {
    const inferred = infer([
      ["Ozark Health - A", "MO", "Springfield"],
      ["Ozark Health - B", "AR", "Rogers"],
      ["Ozark Health - C", "AR", "Bentonville"],
      ["Ozark Health - D", "ME", "Portland"],
    ]);
    expect(assignNetwork(record("Ozark Health - A", "MO"), inferred).network).toBe("Ozark Health");
    expect(assignNetwork(record("Ozark Health - D", "ME"), inferred).network).toBeNull();
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
