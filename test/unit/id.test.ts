import { describe, expect, it } from "vitest";
import { clinicId } from "../../src/util/id.js";

describe("clinicId", () => {
  it("is stable: the same parts give the same id on every run and platform", () => {
    // Pinned values: a change here changes every published id and breaks clients' stored links.
    expect(clinicId(["hifld", "10001234"])).toBe("3kjhf3ansren");
    expect(clinicId(["sample", "TX", "austin", "Abbott & Ibarra Urgent Care"])).toMatchInlineSnapshot(
      `"50x05204ht5j"`,
    );
  });

  it("is URL-safe lowercase base32 of 12 characters", () => {
    for (let i = 0; i < 500; i++) expect(clinicId(["x", String(i)])).toMatch(/^[0-9a-hjkmnp-tv-z]{12}$/);
  });

  it("does not confuse part boundaries", () => {
    expect(clinicId(["ab", "c"])).not.toBe(clinicId(["a", "bc"]));
  });

  it("has no collisions over 100,000 distinct inputs", () => {
    const ids = new Set<string>();
    for (let i = 0; i < 100_000; i++) ids.add(clinicId(["n", String(i)]));
    expect(ids.size).toBe(100_000);
  });
});
