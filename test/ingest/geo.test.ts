import { describe, expect, test } from "vitest";
import { BORDER_TOLERANCE_KM, isInState, stateAt } from "../../src/geo/state-shapes.js";
import { timezoneAt } from "../../src/geo/timezone.js";
import { cityKey, findPlace } from "../../src/ingest/cities.js";

describe("point in state (us-atlas outlines)", () => {
  test.each([
    ["Austin in TX", "TX", 30.2672, -97.7431, true],
    ["New York City in TX", "TX", 40.7128, -74.006, false],
    ["St. Louis in KS", "KS", 38.627, -90.1994, false],
    ["Kansas City MO in MO", "MO", 39.0997, -94.5786, true],
    ["Kansas City KS in KS", "KS", 39.1141, -94.6275, true],
    ["Key West in FL", "FL", 24.5551, -81.78, true],
    ["Honolulu in HI", "HI", 21.3069, -157.8583, true],
    ["Anchorage in AK", "AK", 61.2181, -149.9003, true],
    ["Washington in DC", "DC", 38.8951, -77.0364, true],
    ["Miami pier 1 km offshore in FL (tolerance)", "FL", 25.7617, -80.12, true],
    ["San Juan in FL", "FL", 18.45, -66.06, false],
  ] as const)("%s", (_, code, lat, lng, want) => expect(isInState(code, lat, lng)).toBe(want));

  test("stateAt finds the state, or nothing at sea", () => {
    expect(stateAt(39.7392, -104.9903)).toBe("CO");
    expect(stateAt(30, -40)).toBeUndefined();
    expect(BORDER_TOLERANCE_KM).toBeGreaterThan(0);
  });
});

describe("cities and time zones", () => {
  test("spellings of one city share a key", () => {
    expect(cityKey("Saint Louis")).toBe(cityKey("ST. LOUIS"));
    expect(cityKey("Mc Allen")).toBe(cityKey("McAllen"));
    expect(cityKey("Fort Worth")).toBe(cityKey("Ft. Worth"));
    expect(cityKey("Austin")).not.toBe(cityKey("Houston"));
  });
  test("GeoNames places are found by state and spelling", () => {
    expect(findPlace("MO", "SAINT LOUIS")?.name).toBe("St. Louis");
    expect(findPlace("TX", "Nowhere Flats")).toBeUndefined();
    expect(findPlace("DC", "Washington")?.name).toBe("Washington");
  });
  test.each([
    [30.2672, -97.7431, "America/Chicago"],
    [39.7392, -104.9903, "America/Denver"],
    [40.7128, -74.006, "America/New_York"],
    [21.3069, -157.8583, "Pacific/Honolulu"],
  ] as const)("timezoneAt(%s, %s) = %s", (lat, lng, want) => expect(timezoneAt(lat, lng)).toBe(want));
});
