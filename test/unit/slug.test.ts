import { describe, expect, it } from "vitest";
import { findState, STATES } from "../../src/geo/states.js";
import { slugify } from "../../src/util/slug.js";

describe("slugify", () => {
  const cases: Array<[string, string]> = [
    ["California", "california"],
    ["New York", "new-york"],
    ["District of Columbia", "district-of-columbia"],
    ["Winston-Salem", "winston-salem"],
    ["St. Louis", "st-louis"],
    ["Coeur d'Alene", "coeur-dalene"],
    ["Cañon City", "canon-city"],
    ["  Boise  ", "boise"],
    ["Urgent Care & Family Medicine", "urgent-care-and-family-medicine"],
    ["O'Fallon", "ofallon"],
    ["Lees Summit--MO", "lees-summit-mo"],
  ];
  it.each(cases)("%s → %s", (given, want) => {
    expect(slugify(given)).toBe(want);
  });

  it("is idempotent", () => {
    for (const [given] of cases) expect(slugify(slugify(given))).toBe(slugify(given));
  });
});

describe("states", () => {
  it("has exactly the 50 states and DC with unique slugs and codes", () => {
    expect(STATES).toHaveLength(51);
    expect(new Set(STATES.map((s) => s.slug)).size).toBe(51);
    expect(new Set(STATES.map((s) => s.code)).size).toBe(51);
    for (const s of STATES) expect(s.slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  const lookups: Array<[string, string | undefined]> = [
    ["NY", "new-york"],
    ["ny", "new-york"],
    ["New York", "new-york"],
    ["new-york", "new-york"],
    ["DC", "district-of-columbia"],
    ["Washington DC", "district-of-columbia"],
    ["Washington", "washington"],
    ["PR", undefined],
    ["GU", undefined],
    ["Puerto Rico", undefined],
  ];
  it.each(lookups)("findState(%s) → %s", (key, slug) => {
    expect(findState(key)?.slug).toBe(slug);
  });
});
