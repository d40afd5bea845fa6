import { describe, expect, test } from "vitest";
import { brandPrefix } from "../../src/ingest/networks/brand-prefix.js";
import { NETWORKS } from "../../src/ingest/networks/dictionary.js";
import { brandCase, canonicalNetwork, networkFromName, words } from "../../src/ingest/networks/recognise.js";

describe("network dictionary", () => {
  test.each([
    ["CARE NOW URGENT CARE - FRISCO", "CareNow"],
    ["CareNow", "CareNow"],
    ["AMERICAN FAMILY CARE - BIRMINGHAM", "AFC Urgent Care"],
    ["MEDEXPRESS URGENT CARE", "MedExpress"],
    ["NOVANT HEALTH GOHEALTH URGENT CARE", "Novant Health Urgent Care"],
    ["GOHEALTH URGENT CARE", "GoHealth Urgent Care"],
    ["CITY MD 14TH STREET", "CityMD"],
    ["Concentra Medical Centers", "Concentra"],
    ["SMITH FAMILY WALK-IN CLINIC", null],
    ["URGENT CARE CENTER", null],
    ["CONCENTRATED CARE", null], // whole words only
  ] as const)("%s → %s", (name, want) => expect(networkFromName(name)).toBe(want));

  test("no variant is a generic phrase or shared by two brands", () => {
    const seen = new Map<string, string>();
    for (const n of NETWORKS) {
      for (const v of n.variants) {
        expect(["urgent care", "walk in clinic", "clinic", "medical center"]).not.toContain(words(v));
        const prev = seen.get(words(v));
        if (prev) expect(prev).toBe(n.name);
        seen.set(words(v), n.name);
      }
    }
  });

  test("a network column is spelled the dictionary way when known, kept otherwise", () => {
    expect(canonicalNetwork("CARENOW")).toBe("CareNow");
    expect(canonicalNetwork("Lakeside Health")).toBe("Lakeside Health");
  });

  test("brandCase re-spells the brand inside a proper-cased name", () => {
    expect(brandCase("Carenow Urgent Care - Frisco", "CareNow")).toBe("CareNow Urgent Care - Frisco");
    expect(brandCase("Medexpress Urgent Care", "MedExpress")).toBe("MedExpress Urgent Care");
    expect(brandCase("Patient First - Midlothian", "Patient First")).toBe("Patient First - Midlothian");
  });

  test.each([
    ["Doctors Care - Lexington", "Doctors Care"],
    ["Urgent Care - West", null],
    ["Walk-In Clinic - North", null],
    ["Acme Clinic", null],
    ["24 - Hour Care", null],
  ] as const)("brandPrefix(%s)", (name, want) => expect(brandPrefix(name)).toBe(want));
});
