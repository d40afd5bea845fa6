// The kind of a place and the level of its evidence (src/ingest/evidence): what a name says, the rules that decide
// the kind from every source's listing, and the levels.
import { describe, expect, test } from "vitest";
import { KEEPABLE_KINDS } from "../../src/cli/commands/import-options.js";
import { decideEvidence, keptListing, levelOf, nameSays } from "../../src/evidence/index.js";
import { readTaxonomies } from "../../src/ingest/evidence/listing.js";
import { type EvidenceSource, PLACE_KINDS, type Taxonomy } from "../../src/schema/evidence.js";

describe("what a name says of its place", () => {
  test.each<[string, string | null, string | null]>([
    ["Quickmend Urgent Care", "Austin", "urgent_care"],
    ["Smith Medical Associates", "Austin", "physician_group"],
    ["Lakeside Medical Clinic", "Austin", null],
    // Office words make an office only at the end of the name's main part.
    ["Quickmend Urgent Care Management Services", "Austin", "administrative"],
    ["Acme Medical Billing", "Austin", "administrative"],
    ["Urgent Care Billing Solutions of TX", "Austin", "administrative"],
    ["Acme Urgent Care Corporate Office", "Austin", "administrative"],
    ["Acme Billing - North", "Austin", "administrative"],
    ["Corporate Park Urgent Care", "Austin", "urgent_care"],
    ["Pain Management & Urgent Care of Austin", "Austin", "urgent_care"],
    ["Austin Pain Management", "Austin", null],
    // Care by video or at home, unless "and" joins it to urgent care.
    ["Virtual Urgent Care", "Austin", "telehealth"],
    ["Urgent Care Online of UT", "Provo", "telehealth"],
    ["Acme Urgent Care & Telehealth", "Austin", "urgent_care"],
    ["Acme Mobile Urgent Care", "Austin", "mobile"],
    ["Acme House Calls", "Austin", "mobile"],
    // The town's words are no sign: Mobile, Alabama; Billings, Montana.
    ["Mobile Urgent Care", "Mobile", "urgent_care"],
    ["Billings Clinic Urgent Care", "Billings", "urgent_care"],
    ["Acme Occupational Health", "Austin", "occupational_medicine"],
    ["Acme Occupational Health & Urgent Care", "Austin", "urgent_care"],
    ["Acme ER", "Austin", "emergency_room"],
    ["Acme Urgent Care & ER", "Austin", "urgent_care"],
    ["Saint Mary Regional Hospital", "Austin", "hospital"],
    ["Saint Mary Medical Center", "Austin", null],
    ["Acme Walk-In Clinic", "Austin", "urgent_care"],
    ["Acme After-Hours Clinic", "Austin", "urgent_care"],
  ])("%s (in %s) → %s", (name, town, says) => {
    expect(nameSays(name, town)?.says ?? null).toBe(says);
  });
});

/** A registry entry (CMS NPPES) with its taxonomies, primary first unless said. */
function registry(name: string, codes: string[], primarySlot = 1, other: string[] = []): EvidenceSource {
  return {
    ...keptListing({
      source: "CMS NPPES",
      sourceId: "npi:1234567893",
      name,
      date: "2025-03-05",
      brand: null,
    }),
    other_names: other,
    taxonomies: codes.map((code, i) => ({ code, slot: i + 1, primary: i + 1 === primarySlot })),
  };
}
const hifld = (name: string) =>
  keptListing({
    source: "HIFLD Urgent Care Facilities",
    sourceId: "hifld:1",
    name,
    date: "2009-01-20",
    brand: null,
  });
const overture = (name: string, basedOn: string[] = []): EvidenceSource => ({
  ...keptListing({
    source: "Overture Maps places",
    sourceId: "overture:x",
    name,
    date: "2026-01-01",
    brand: null,
  }),
  category: "urgent_care_clinic",
  confidence: 0.9,
  based_on: basedOn,
});
const locator = (name: string): EvidenceSource => ({
  ...keptListing({ source: "All The Places", sourceId: "atp:1", name, date: null, brand: null }),
  type: "store_locator",
});
const UC = "261QU0200X";

describe("the kind of a place, from every source", () => {
  test.each<[string, EvidenceSource[], string, string, string]>([
    [
      "urgent care as the primary code",
      [registry("Lakeside Medical Clinic", [UC])],
      "Lakeside Medical Clinic",
      "walk_in_urgent_care",
      "listed",
    ],
    [
      "a plain name, urgent care primary",
      [registry("Smith Medical Associates", [UC, "207Q00000X"])],
      "Smith Medical Associates",
      "walk_in_urgent_care",
      "listed",
    ],
    [
      "a billing company under the urgent care code",
      [registry("Acme Urgent Care Billing", [UC])],
      "Acme Urgent Care Billing",
      "administrative",
      "listed",
    ],
    [
      "a telehealth company",
      [registry("Acme Virtual Urgent Care", [UC])],
      "Acme Virtual Urgent Care",
      "telehealth",
      "listed",
    ],
    [
      "a hospital, urgent care in slot 3",
      [registry("Saint Mary Medical Center", ["282N00000X", "261QM1300X", UC])],
      "Saint Mary Medical Center",
      "hospital",
      "listed",
    ],
    // A hospital's NPI whose only urgent-care signal is a secondary slot needs a second source.
    [
      "the same hospital that HIFLD lists as urgent care",
      [registry("Saint Mary Medical Center", ["282N00000X", UC]), hifld("SAINT MARY MEDICAL CENTER")],
      "Saint Mary Medical Center",
      "walk_in_urgent_care",
      "listed",
    ],
    [
      "a hospital's urgent care: its name says so",
      [registry("Saint Mary Urgent Care", ["282N00000X", UC])],
      "Saint Mary Urgent Care",
      "walk_in_urgent_care",
      "doubtful",
    ],
    [
      "a physician group, urgent care secondary",
      [registry("Acme Family Medicine Associates", ["193200000X", UC])],
      "Acme Family Medicine Associates",
      "physician_group",
      "listed",
    ],
    [
      "a primary care clinic with urgent care secondary",
      [registry("Lakeside Family Clinic", ["261QP2300X", UC])],
      "Lakeside Family Clinic",
      "walk_in_urgent_care",
      "listed",
    ],
    [
      "an occupational health clinic, urgent care primary",
      [registry("Acme Occupational Health", [UC])],
      "Acme Occupational Health",
      "occupational_medicine",
      "listed",
    ],
    [
      "a freestanding emergency room",
      [registry("Acme Emergency Room", ["261QE0002X", UC])],
      "Acme Emergency Room",
      "emergency_room",
      "listed",
    ],
    [
      "a DBA that says urgent care over a legal name that says billing",
      [registry("Acme Urgent Care", [UC], 1, ["Acme Billing"])],
      "Acme Urgent Care",
      "walk_in_urgent_care",
      "doubtful",
    ],
    [
      "a legal name that says billing, no other name",
      [registry("Acme Health", [UC], 1, ["Acme Billing"])],
      "Acme Health",
      "administrative",
      "listed",
    ],
    [
      "the chain's own locator lists it",
      [locator("Acme Health - North")],
      "Acme Health - North",
      "walk_in_urgent_care",
      "confirmed",
    ],
    [
      "NPPES and HIFLD",
      [registry("Acme Urgent Care", [UC]), hifld("ACME URGENT CARE")],
      "Acme Urgent Care",
      "walk_in_urgent_care",
      "confirmed",
    ],
    [
      "NPPES and Overture",
      [registry("Acme Urgent Care", [UC]), overture("Acme Urgent Care")],
      "Acme Urgent Care",
      "walk_in_urgent_care",
      "confirmed",
    ],
    ["HIFLD alone", [hifld("ACME URGENT CARE")], "Acme Urgent Care", "walk_in_urgent_care", "listed"],
    [
      "a group's code beside a name that says urgent care, and HIFLD",
      [registry("Acme Urgent Care", ["193200000X", UC]), hifld("ACME URGENT CARE")],
      "Acme Urgent Care",
      "walk_in_urgent_care",
      "listed",
    ],
  ])("%s → %s, %s", (_what, listings, name, kind, level) => {
    const e = decideEvidence(listings, name, "Austin");
    expect([e.kind, e.level]).toEqual([kind, level]);
    expect(e.sources).toEqual(listings);
    expect(e.reason.detail.length).toBeGreaterThan(0);
  });

  test("signs against a kind are listed with what says them", () => {
    const e = decideEvidence(
      [registry("Saint Mary Urgent Care", ["282N00000X", "261QM1300X", UC])],
      "Saint Mary Urgent Care",
      "Austin",
    );
    expect(e.against).toEqual([
      {
        code: "taxonomy_primary_hospital",
        detail:
          "CMS NPPES lists 282N00000X (a hospital) as the primary taxonomy, urgent care (261QU0200X) only in slot 3",
      },
    ]);
  });
});

describe("levels", () => {
  test("two records of one source are one source; a places record made from a source among the inputs is not independent", () => {
    expect(levelOf([registry("A", [UC]), registry("A", [UC])], false)).toBe("listed");
    expect(levelOf([locator("A"), overture("A", ["AllThePlaces"])], false)).toBe("confirmed");
    expect(levelOf([hifld("A"), overture("A", ["AllThePlaces"])], false)).toBe("confirmed");
    expect(
      levelOf(
        [
          registry("A", [UC]),
          { ...overture("A", ["All The Places"]), name: "Overture Maps places" },
          { ...locator("A"), type: "mapping" },
        ],
        false,
      ),
    ).toBe("confirmed");
    // Overture's record made only from the locator the build reads too adds nothing: still one source.
    expect(levelOf([{ ...locator("A"), type: "mapping" }, overture("A", ["AllThePlaces"])], false)).toBe(
      "listed",
    );
  });

  test("a sign against lowers the level one step", () => {
    expect(levelOf([registry("A", [UC]), hifld("A")], true)).toBe("listed");
    expect(levelOf([registry("A", [UC])], true)).toBe("doubtful");
  });
});

describe("a registry's taxonomies as a cell", () => {
  test.each<[string, Taxonomy[], number]>([
    [
      "193200000X@1*|261QU0200X@2",
      [
        { code: "193200000X", slot: 1, primary: true },
        { code: UC, slot: 2, primary: false },
      ],
      0,
    ],
    [
      "261QU0200X|207q00000x",
      [
        { code: UC, slot: 1, primary: false },
        { code: "207Q00000X", slot: 2, primary: false },
      ],
      0,
    ],
    ["261QU0200X@16|nonsense", [], 2],
  ])("%s", (cell, want, problems) => {
    const reported: string[] = [];
    expect(readTaxonomies(cell, "|", (_f, code) => reported.push(code))).toEqual(want);
    expect(reported).toHaveLength(problems);
  });
});

test("--keep-kind takes every kind but walk-in urgent care (written apart so that usage loads no schema)", () => {
  expect([...KEEPABLE_KINDS].sort()).toEqual(PLACE_KINDS.filter((k) => k !== "walk_in_urgent_care").sort());
});
