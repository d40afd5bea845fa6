import { describe, expect, test } from "vitest";
import { cityKey } from "../../src/dataset/identity.js";
import { BORDER_TOLERANCE_KM, isInState, neighbouringStates, stateAt } from "../../src/geo/state-shapes.js";
import { timezoneAt, US_ZONES } from "../../src/geo/timezone.js";
import { nearestZip, zipCentroid } from "../../src/geo/zip-centroids.js";
import { placesNamed } from "../../src/ingest/resolve/places.js";

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

  test("stateAt finds the state, or nothing at sea; neighbours share a border", () => {
    expect(stateAt(39.7392, -104.9903)).toBe("CO");
    expect(stateAt(30, -40)).toBeUndefined();
    expect(BORDER_TOLERANCE_KM).toBeGreaterThan(0);
    expect([...neighbouringStates("NM")].sort()).toEqual(["AZ", "CO", "OK", "TX"]);
    expect(neighbouringStates("HI").size).toBe(0);
  });
});

/**
 * Border cases of US time zones, each checked by its UTC offset in January and July (what a user notices: a
 * clock one hour off) and by its zone name. Offsets in minutes east of UTC.
 */
const BORDER_CASES: [string, number, number, string, number, number][] = [
  // Arizona: no DST, except the Navajo Nation (Mountain with DST), except the Hopi Reservation inside it.
  ["Phoenix AZ", 33.4484, -112.074, "America/Phoenix", -420, -420],
  ["Window Rock AZ (Navajo Nation)", 35.6803, -109.0526, "America/Denver", -420, -360],
  ["Tuba City AZ (Navajo Nation)", 36.135, -111.2399, "America/Denver", -420, -360],
  ["Kykotsmovi AZ (Hopi, inside the Navajo Nation)", 35.8747, -110.6201, "America/Phoenix", -420, -420],
  ["Page AZ (outside the Nation)", 36.9147, -111.4558, "America/Phoenix", -420, -420],
  // Indiana's counties.
  ["Indianapolis IN", 39.7684, -86.1581, "America/Indiana/Indianapolis", -300, -240],
  ["Gary IN (Lake County, Central)", 41.5934, -87.3464, "America/Chicago", -360, -300],
  ["Evansville IN (Vanderburgh, Central)", 37.9716, -87.5711, "America/Chicago", -360, -300],
  ["Knox IN (Starke)", 41.2959, -86.625, "America/Indiana/Knox", -360, -300],
  ["Tell City IN (Perry)", 37.9514, -86.7678, "America/Indiana/Tell_City", -360, -300],
  ["Petersburg IN (Pike)", 38.492, -87.2786, "America/Indiana/Petersburg", -300, -240],
  ["Vevay IN (Switzerland)", 38.7478, -85.0672, "America/Indiana/Vevay", -300, -240],
  ["Jeffersonville IN (Louisville area)", 38.2776, -85.7372, "America/Kentucky/Louisville", -300, -240],
  // The Kentucky and Tennessee splits.
  ["Louisville KY", 38.2527, -85.7585, "America/Kentucky/Louisville", -300, -240],
  ["Bowling Green KY", 36.9685, -86.4808, "America/Chicago", -360, -300],
  ["Columbia KY (Adair, Central)", 37.1028, -85.3063, "America/Chicago", -360, -300],
  ["Monticello KY (Wayne)", 36.8298, -84.8491, "America/Kentucky/Monticello", -300, -240],
  ["Knoxville TN", 35.9606, -83.9207, "America/New_York", -300, -240],
  ["Crossville TN (Cumberland, Central)", 35.9489, -85.0269, "America/Chicago", -360, -300],
  ["Kingston TN (Roane, Eastern)", 35.8809, -84.5083, "America/New_York", -300, -240],
  // North Dakota.
  ["Bismarck ND", 46.8083, -100.7837, "America/Chicago", -360, -300],
  ["Mandan ND (Morton)", 46.8267, -100.8896, "America/North_Dakota/New_Salem", -360, -300],
  ["Center ND (Oliver)", 47.1164, -101.2996, "America/North_Dakota/Center", -360, -300],
  ["Beulah ND (Mercer)", 47.2633, -101.7779, "America/North_Dakota/Beulah", -360, -300],
  ["Dickinson ND (Stark, Mountain)", 46.8792, -102.7896, "America/Denver", -420, -360],
  ["Williston ND (Williams, Central)", 48.147, -103.618, "America/Chicago", -360, -300],
  // The Idaho panhandle and Oregon's Malheur County.
  ["Coeur d'Alene ID", 47.6777, -116.7805, "America/Los_Angeles", -480, -420],
  ["Grangeville ID (Idaho County, north)", 45.9266, -116.1224, "America/Los_Angeles", -480, -420],
  ["Boise ID", 43.615, -116.2023, "America/Boise", -420, -360],
  ["Ontario OR (Malheur)", 44.0266, -116.9629, "America/Boise", -420, -360],
  // The Florida panhandle.
  ["Pensacola FL", 30.4213, -87.2169, "America/Chicago", -360, -300],
  ["Tallahassee FL", 30.4383, -84.2807, "America/New_York", -300, -240],
  ["Wewahitchka FL (Gulf County, north)", 30.1127, -85.2005, "America/Chicago", -360, -300],
  ["Port St. Joe FL (Gulf County, south)", 29.8119, -85.303, "America/New_York", -300, -240],
  ["Apalachicola FL", 29.7255, -84.983, "America/New_York", -300, -240],
  // El Paso and the Mexican border.
  ["El Paso TX", 31.7619, -106.485, "America/Denver", -420, -360],
  ["El Paso TX at the border", 31.7587, -106.4869, "America/Denver", -420, -360],
  ["Van Horn TX (Culberson)", 31.0399, -104.8307, "America/Chicago", -360, -300],
  ["Nogales AZ", 31.3404, -110.9343, "America/Phoenix", -420, -420],
  // US towns where a coarse lookup answers with a Canadian zone.
  ["Point Roberts WA", 48.985, -123.068, "America/Los_Angeles", -480, -420],
  ["Blaine WA", 48.9937, -122.7471, "America/Los_Angeles", -480, -420],
  ["Calais ME", 45.1887, -67.2786, "America/New_York", -300, -240],
  ["Lubec ME", 44.8606, -66.9848, "America/New_York", -300, -240],
  ["Pembina ND", 48.9664, -97.2437, "America/Chicago", -360, -300],
  ["Fort Pierre SD (Stanley, Mountain)", 44.3536, -100.374, "America/Denver", -420, -360],
  ["Metlakatla AK", 55.1292, -131.5722, "America/Metlakatla", -540, -480],
  ["Honolulu HI", 21.3069, -157.8583, "Pacific/Honolulu", -600, -600],
];

function offsetMinutes(zone: string, isoDate: string): number {
  const date = new Date(isoDate);
  const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(date)
    .find((p) => p.type === "timeZoneName")?.value as string;
  const m = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(part) as RegExpExecArray;
  return m[1] ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

describe("time zones from the precise boundaries, US names only", () => {
  test.each(BORDER_CASES)("%s", (_, lat, lng, zone, winter, summer) => {
    const got = timezoneAt(lat, lng) as string;
    expect(US_ZONES.has(got)).toBe(true);
    expect([offsetMinutes(got, "2026-01-15T12:00:00Z"), offsetMinutes(got, "2026-07-15T12:00:00Z")]).toEqual([
      winter,
      summer,
    ]);
    expect(got).toBe(zone);
  });

  test("a point on water off a US shore still gets the shore's US zone", () => {
    expect(timezoneAt(42.318, -83.07)).toBe("America/Detroit"); // Detroit River, on the Canadian side
  });
});

describe("cities and ZIP codes", () => {
  test("spellings of one city share a key", () => {
    expect(cityKey("Saint Louis")).toBe(cityKey("ST. LOUIS"));
    expect(cityKey("Mc Allen")).toBe(cityKey("McAllen"));
    expect(cityKey("Fort Worth")).toBe(cityKey("Ft. Worth"));
    expect(cityKey("Austin")).not.toBe(cityKey("Houston"));
  });
  test("GeoNames places are found by state and spelling, every same-named one", () => {
    expect(placesNamed("MO", "SAINT LOUIS")[0]?.name).toBe("St. Louis");
    expect(placesNamed("TX", "Nowhere Flats")).toEqual([]);
    expect(placesNamed("KY", "Mount Vernon").length).toBe(2);
  });
  test("ZIP centroids (Census ZCTA)", () => {
    expect(zipCentroid("77630")).toMatchObject({ latitude: 30.066254, longitude: -93.870098 });
    expect(zipCentroid("00000")).toBeUndefined();
    expect(nearestZip(30.066, -93.87)?.zip).toBe("77630");
    expect(nearestZip(30, -40)).toBeUndefined();
  });
});
