import { describe, expect, test } from "vitest";
import { composeAddress, streetLine } from "../../src/ingest/normalise/address.js";
import { parseAddressLine } from "../../src/ingest/normalise/address-line.js";
import { normaliseCoordinates } from "../../src/ingest/normalise/coordinates.js";
import { normaliseDate, readDate } from "../../src/ingest/normalise/date.js";
import { normaliseHours } from "../../src/ingest/normalise/hours.js";
import { normaliseList } from "../../src/ingest/normalise/lists.js";
import { locate } from "../../src/ingest/normalise/location.js";
import { normaliseName } from "../../src/ingest/normalise/name.js";
import { normaliseRating, normaliseReviewsCount, splitRating } from "../../src/ingest/normalise/numbers.js";
import { normalisePhone } from "../../src/ingest/normalise/phone.js";
import { properCase } from "../../src/ingest/normalise/proper-case.js";
import { readWhole } from "../../src/ingest/normalise/resaved.js";
import { normaliseState } from "../../src/ingest/normalise/state.js";
import { blankSet, capLength, cleanText, MAX_LENGTH } from "../../src/ingest/normalise/text.js";
import { normaliseWebsite } from "../../src/ingest/normalise/website.js";
import { normaliseZip, readZip } from "../../src/ingest/normalise/zip.js";

describe("cleanText: whitespace and blank-as-null", () => {
  const blanks = blankSet(["NOT AVAILABLE", "N/A"]);
  const cases: [string, { given: unknown; want: string | null }][] = [
    ["single space (HIFLD blank)", { given: " ", want: null }],
    ["empty", { given: "", want: null }],
    ["tabs and newlines", { given: "\tA\n\nB\r\n", want: "A B" }],
    ["runs of spaces and NBSP", { given: "  ACME   URGENT\u00a0CARE ", want: "ACME URGENT CARE" }],
    ["blank marker, any case", { given: "not available", want: null }],
    ["N/A", { given: " N/A ", want: null }],
    ["number", { given: 78701, want: "78701" }],
    ["NaN", { given: Number.NaN, want: null }],
    ["bigint (Parquet INT64)", { given: 10001234n, want: "10001234" }],
    ["null", { given: null, want: null }],
    ["object", { given: { a: 1 }, want: null }],
    ["BOM inside", { given: "\ufeffNAME", want: "NAME" }],
  ];
  test.each(cases)("%s", (_, { given, want }) => expect(cleanText(given, blanks)).toBe(want));
});

describe("properCase", () => {
  const cases: [string, { given: string; want: string }][] = [
    ["plain words", { given: "HILL COUNTRY URGENT CARE", want: "Hill Country Urgent Care" }],
    ["suffixes kept", { given: "SMITH FAMILY CLINIC LLC", want: "Smith Family Clinic LLC" }],
    ["degrees and PC", { given: "JOHN DOE MD, PC", want: "John Doe MD, PC" }],
    ["Roman numerals", { given: "MEDICAL PLAZA II AND III", want: "Medical Plaza II and III" }],
    ["USA", { given: "URGENT CARE USA", want: "Urgent Care USA" }],
    ["ordinals", { given: "1ST AVE & 22ND ST", want: "1st Ave & 22nd St" }],
    ["3rd and 104th", { given: "3RD ST AND 104TH AVE", want: "3rd St and 104th Ave" }],
    ["Mc", { given: "MCALLEN MCDONALD CLINIC", want: "McAllen McDonald Clinic" }],
    ["O'", { given: "O'FALLON O'BRIEN", want: "O'Fallon O'Brien" }],
    ["D'", { given: "D'IBERVILLE", want: "D'Iberville" }],
    ["possessive", { given: "CHILDREN'S AFTER HOURS", want: "Children's After Hours" }],
    ["hyphenated", { given: "WINSTON-SALEM WALK-IN", want: "Winston-Salem Walk-In" }],
    ["small words inside", { given: "URGENT CARE OF THE OZARKS", want: "Urgent Care of the Ozarks" }],
    ["small word first", { given: "THE URGENT CARE", want: "The Urgent Care" }],
    ["directionals", { given: "1234 NE MAIN ST", want: "1234 NE Main St" }],
    ["St.", { given: "ST. LOUIS", want: "St. Louis" }],
    ["initialism with dots", { given: "U.S. HEALTHWORKS", want: "U.S. Healthworks" }],
    ["letter+digit kept", { given: "BUILDING 4B I35", want: "Building 4B I35" }],
    ["FM road", { given: "12 FM 1960", want: "12 FM 1960" }],
    ["mixed case left alone", { given: "CareNow of Frisco", want: "CareNow of Frisco" }],
    ["no letters", { given: "12345", want: "12345" }],
  ];
  test.each(cases)("%s", (_, { given, want }) => expect(properCase(given)).toBe(want));
});

describe("normaliseName", () => {
  const cases: [string, { given: string; recase: boolean; want: string }][] = [
    [
      "BRAND - LOCATION spacing",
      { given: "CARENOW URGENT CARE -  FRISCO", recase: true, want: "Carenow Urgent Care - Frisco" },
    ],
    [
      "dash without spaces on one side",
      { given: "CONCENTRA- AUSTIN", recase: true, want: "Concentra - Austin" },
    ],
    ["en dash", { given: "Concentra – Austin", recase: false, want: "Concentra - Austin" }],
    ["hyphen inside word kept", { given: "WALK-IN CLINIC", recase: true, want: "Walk-In Clinic" }],
    ["no recasing for our exports", { given: "ACME CLINIC", recase: false, want: "ACME CLINIC" }],
  ];
  test.each(cases)("%s", (_, { given, recase, want }) => expect(normaliseName(given, recase)).toBe(want));
});

describe("normalisePhone", () => {
  const cases: [string, { given: string; want: string | null; code?: string }][] = [
    ["dashes", { given: "512-555-0134", want: "(512) 555-0134" }],
    ["dots", { given: "512.555.0134", want: "(512) 555-0134" }],
    ["digits", { given: "5125550134", want: "(512) 555-0134" }],
    ["country code", { given: "+1 (512) 555-0134", want: "(512) 555-0134" }],
    ["already formatted", { given: "(512) 555-0134", want: "(512) 555-0134" }],
    [
      "extension",
      { given: "(636) 555-0114 EXT 22", want: "(636) 555-0114", code: "phone_extension_dropped" },
    ],
    ["x extension", { given: "512-555-0134 x9", want: "(512) 555-0134", code: "phone_extension_dropped" }],
    ["seven digits", { given: "555-0115", want: null, code: "invalid_phone" }],
    ["area code 0", { given: "012-555-0134", want: null, code: "phone_invalid_area_code" }],
    ["area code 1", { given: "+1 112 555 0134", want: null, code: "phone_invalid_area_code" }],
    ["area code N9X, reserved", { given: "(592) 555-0134", want: null, code: "phone_invalid_area_code" }],
    ["exchange 1", { given: "512-155-0134", want: null, code: "phone_invalid_exchange" }],
    ["exchange 0", { given: "512-055-0134", want: null, code: "phone_invalid_exchange" }],
    ["area code 911", { given: "(911) 555-0148", want: null, code: "phone_service_code" }],
    ["area code 811", { given: "811-555-0148", want: null, code: "phone_service_code" }],
    ["area code 211 with country code", { given: "+1 211 555 0148", want: null, code: "phone_service_code" }],
    ["exchange 911", { given: "(512) 911-0148", want: null, code: "phone_service_code" }],
    ["exchange 411", { given: "512-411-2000", want: null, code: "phone_service_code" }],
    ["directory assistance", { given: "(512) 555-1212", want: null, code: "phone_555_service" }],
    ["555 outside the fictional range", { given: "512-555-0200", want: null, code: "phone_555_service" }],
    ["555-0100, fictional: kept", { given: "512-555-0100", want: "(512) 555-0100" }],
    ["555-0199, fictional: kept", { given: "512 555 0199", want: "(512) 555-0199" }],
    ["a real-shaped number", { given: "409-330-4707", want: "(409) 330-4707" }],
    ["N11 in the line is fine", { given: "(512) 555-0111", want: "(512) 555-0111" }],
    ["words", { given: "CALL FRONT DESK", want: null, code: "invalid_phone" }],
  ];
  test.each(cases)("%s", (_, { given, want, code }) => {
    const r = normalisePhone(given);
    expect(r.value).toBe(want);
    expect(r.problem?.code).toBe(code);
  });
});

describe("normaliseWebsite", () => {
  const cases: [string, { given: string; want: string | null }][] = [
    ["bare host", { given: "www.carenow.com", want: "https://www.carenow.com/" }],
    ["http upgraded", { given: "http://example.org/austin", want: "https://example.org/austin" }],
    ["upper-case host", { given: "HTTPS://WWW.EXAMPLE.ORG/Path", want: "https://www.example.org/Path" }],
    ["protocol-relative", { given: "//example.org", want: "https://example.org/" }],
    ["port 443 dropped", { given: "https://example.org:443/x", want: "https://example.org/x" }],
    ["mailto", { given: "mailto:desk@example.org", want: null }],
    ["spaces", { given: "not a site", want: null }],
    ["no dot", { given: "localhost", want: null }],
    ["credentials", { given: "https://user:pw@example.org", want: null }],
  ];
  test.each(cases)("%s", (_, { given, want }) => expect(normaliseWebsite(given).value).toBe(want));
});

describe("normaliseCoordinates", () => {
  const cases: [string, { lat: string | null; lng: string | null; want: unknown; code?: string }][] = [
    [
      "valid, rounded to 6 decimals",
      { lat: "30.26715312", lng: "-97.7430608", want: { latitude: 30.267153, longitude: -97.743061 } },
    ],
    ["none", { lat: null, lng: null, want: null }],
    ["half", { lat: "30.1", lng: null, want: null, code: "coordinates_incomplete" }],
    ["not numbers", { lat: "abc", lng: "-97", want: null, code: "coordinates_invalid" }],
    ["out of range", { lat: "-97.74", lng: "30.27", want: null, code: "coordinates_out_of_range" }],
    ["null island", { lat: "0", lng: "0", want: null, code: "coordinates_out_of_range" }],
  ];
  test.each(cases)("%s", (_, { lat, lng, want, code }) => {
    const r = normaliseCoordinates(lat, lng);
    expect(r.value).toEqual(want);
    expect(r.problem?.code).toBe(code);
  });
});

describe("normaliseState", () => {
  const cases: [string, { given: string; want: unknown }][] = [
    ["code", { given: "TX", want: "TX" }],
    ["lower-case code", { given: "tx", want: "TX" }],
    ["name", { given: "new york", want: "NY" }],
    ["slug", { given: "district-of-columbia", want: "DC" }],
    ["D.C.", { given: "D.C.", want: "DC" }],
    ["dotted code", { given: "T.X.", want: "TX" }],
    ["Puerto Rico", { given: "PR", want: "out:Puerto Rico" }],
    ["Guam by name", { given: "GUAM", want: "out:Guam" }],
    ["Virgin Islands", { given: "VI", want: "out:U.S. Virgin Islands" }],
    ["nonsense", { given: "XX", want: "invalid" }],
  ];
  test.each(cases)("%s", (_, { given, want }) => {
    const r = normaliseState(given);
    expect("state" in r ? r.state.code : "outOfScope" in r ? `out:${r.outOfScope}` : "invalid").toBe(want);
  });
});

describe("readWhole: cells of digits a spreadsheet or pandas re-saved (issue 40)", () => {
  test.each([
    ["2.0", { whole: "2", resaved: true }],
    ["1234567893.0", { whole: "1234567893", resaved: true }],
    ["787011234.0", { whole: "787011234", resaved: true }],
    ["1.234567893E+09", { whole: "1234567893", resaved: true }],
    ["7.8701E+04", { whole: "78701", resaved: true }],
    ["1.23457E+09", { lost: true }],
    ["1.5E+00", { whole: "1.5E+00", resaved: false }],
    ["2.5", { whole: "2.5", resaved: false }],
    ["TX", { whole: "TX", resaved: false }],
    ["(512) 555-0123", { whole: "(512) 555-0123", resaved: false }],
  ] as const)("%s", (given, want) => expect(readWhole(given)).toEqual(want));
});

describe("normaliseZip", () => {
  const cases: [string, { given: string; want: string | null }][] = [
    ["five digits", { given: "78701", want: "78701" }],
    ["lost leading zero", { given: "2134", want: "02134" }],
    ["ZIP+4 compact", { given: "787011234", want: "78701-1234" }],
    ["ZIP+4", { given: "78701-1234", want: "78701-1234" }],
    ["+0000 dropped", { given: "78701-0000", want: "78701" }],
    ["zeros", { given: "00000", want: null }],
    ["letters", { given: "ABCDE", want: null }],
  ];
  test.each(cases)("%s", (_, { given, want }) => expect(normaliseZip(given)).toBe(want));
});

describe("addresses", () => {
  test.each([
    ["street and suite", "1234 N MAIN ST", "STE 100", "1234 N Main St, Ste 100"],
    ["no suite", "1234 N MAIN ST", null, "1234 N Main St"],
    ["suite repeats street", "1 MAIN ST", "1 main st", "1 Main St"],
    ["nothing", null, null, null],
    // A run of empty parts is one comma, so that normalising the line again changes nothing (found by fast-check).
    ["a run of commas", ", ,, A", null, ", A"],
    ["two commas", ",, A", null, ", A"],
  ] as const)("streetLine: %s", (_, a, b, want) => expect(streetLine(a, b, true)).toBe(want));
  test("composeAddress joins street, city, state and ZIP", () => {
    expect(composeAddress("1 Main St", "Austin", "TX", "78701")).toBe("1 Main St, Austin, TX 78701");
    expect(composeAddress("1 Main St", "Austin", "TX", null)).toBe("1 Main St, Austin, TX");
    expect(composeAddress(null, "Austin", "TX", "78701")).toBeNull();
  });
});

describe("lists, numbers, dates, hours", () => {
  test.each([
    ["separated text", "X-ray| Lab tests |X-ray", ["Lab tests", "X-ray"]],
    ["array", ["b", " a ", "", "b"], ["a", "b"]],
    ["nothing", null, []],
  ] as const)("normaliseList: %s", (_, given, want) => expect(normaliseList(given, "|")).toEqual(want));

  test.each([
    ["4.5", 4.5, undefined],
    ["5", 5, undefined],
    ["6", null, "invalid_rating"],
    ["great", null, "invalid_rating"],
  ] as const)("normaliseRating(%s)", (given, want, code) => {
    expect(normaliseRating(given).value).toBe(want);
    expect(normaliseRating(given).problem?.code).toBe(code);
  });
  test.each([
    ["1,204", 1204],
    ["12.5", null],
    ["-1", null],
  ] as const)("normaliseReviewsCount(%s)", (given, want) =>
    expect(normaliseReviewsCount(given).value).toBe(want),
  );

  test.each([
    ["2019/06/04 00:00:00", "2019-06-04"],
    ["2019-06-04T00:00:00.000Z", "2019-06-04"],
    ["6/4/2019", "2019-06-04"],
    ["1559606400000", "2019-06-04"],
    ["2019-02-30", null],
    ["1899-01-01", null],
    ["soon", null],
  ] as const)("normaliseDate(%s)", (given, want) => expect(normaliseDate(given)).toBe(want));

  test("hours: text form, 24/7, objects, and errors", () => {
    const text =
      "mon 08:00-20:00; tue 08:00-20:00; wed 08:00-20:00; thu 08:00-20:00; fri 08:00-20:00; sat 09:00-17:00; sun closed";
    expect(normaliseHours(text).value?.weekly.sun).toEqual([]);
    expect(normaliseHours("24/7").value?.weekly.wed).toEqual([{ open: "00:00", close: "24:00" }]);
    const obj = {
      timezone: "America/Chicago",
      open_24_hours: false,
      weekly: normaliseHours(text).value?.weekly,
    };
    expect(normaliseHours(obj).value?.timezone).toBe("America/Chicago");
    expect(normaliseHours("mon 8-5").problem?.code).toBe("invalid_hours");
    expect(normaliseHours({ mon: "x" }).problem?.code).toBe("invalid_hours");
  });
});

describe("readDate: the forms real exports and spreadsheets write (class 1)", () => {
  test.each([
    ["2009-01-20", "2009-01-20"],
    ["2009/01/20 00:00:00", "2009-01-20"],
    ["2009-01-20T00:00:00.000Z", "2009-01-20"],
    ["1/20/09 0:00", "2009-01-20"],
    ["1/20/2009 0:00", "2009-01-20"],
    ["01/20/2009", "2009-01-20"],
    ["1/20/2009 12:00 AM", "2009-01-20"],
    ["6/4/98", "1998-06-04"],
    ["20090120", "2009-01-20"],
    ["39833", "2009-01-20"],
    ["39833.75", "2009-01-20"],
    ["Jan 20, 2009", "2009-01-20"],
    ["20 January 2009", "2009-01-20"],
    ["1232409600000", "2009-01-20"],
    // Spreadsheet and pandas re-saves (issue 40).
    ["20-Jan-09", "2009-01-20"],
    ["20-Jan-2009", "2009-01-20"],
    ["Jan-20-2009", "2009-01-20"],
    ["Tuesday, January 20, 2009", "2009-01-20"],
    ["Tue, 20 Jan 2009 00:00:00 GMT", "2009-01-20"],
    ["20.01.2009", "2009-01-20"],
    ["1/20/2009 12:00:00 AM", "2009-01-20"],
    ["2009-01-20 00:00:00", "2009-01-20"],
    ["2009-01-20 00:00:00+00:00", "2009-01-20"],
  ])("%s → %s", (given, want) => expect(readDate(given)).toEqual({ date: want }));
  test.each([
    ["SOON"],
    ["13/45/2009"],
    ["2009-02-30"],
    ["1/20"],
    ["yesterday"],
    ["32.01.2009"],
    ["20-Foo-09"],
  ])("%s is unreadable", (given) => expect(readDate(given)).toEqual({ unreadable: true }));
  test("years outside 1990–2100 are out of range", () => {
    expect(readDate("1/1/1900")).toEqual({ outOfRange: "1900-01-01" });
  });
});

describe("text hardening: bidi controls stripped, absurd lengths cut", () => {
  test("bidirectional overrides, isolates and marks are removed", () => {
    expect(cleanText("\u202eerac tnegru\u202c Clinic")).toBe("erac tnegru Clinic");
    expect(cleanText("A\u2066B\u2069C\u200fD\u061cE")).toBe("ABCDE");
  });
  test("a value over its field's limit is cut at a word boundary", () => {
    const long = `${"Word ".repeat(100)}End`;
    const r = capLength(long, MAX_LENGTH.name);
    expect(r.cut).toBe(true);
    expect(r.value.length).toBeLessThanOrEqual(MAX_LENGTH.name);
    expect(r.value.endsWith("Word")).toBe(true);
    expect(capLength("Short", 200)).toEqual({ value: "Short", cut: false });
  });
});

describe("directory exports (class 10)", () => {
  test.each([
    ["220 Main St, Town, TX 77630", { street: "220 Main St", city: "Town", state: "TX", zip: "77630" }],
    [
      "1500 16th St, Suite 2, Orange, Texas 77630-1234",
      { street: "1500 16th St, Suite 2", city: "Orange", state: "Texas", zip: "77630-1234" },
    ],
    ["220 Main St, Town, TX, 77630, USA", { street: "220 Main St", city: "Town", state: "TX", zip: "77630" }],
    ["220 Main St, Town TX 77630", { street: "220 Main St", city: "Town", state: "TX", zip: "77630" }],
    ["100 Bank St, Ottawa, ON K1P 5N2", { street: "100 Bank St", city: "Ottawa", state: "ON", zip: null }],
    ["220 Main St", { street: "220 Main St", city: null, state: null, zip: null }],
  ] as const)("parseAddressLine(%s)", (given, want) => expect(parseAddressLine(given)).toEqual(want));

  test.each([
    ["4.6 (128 reviews)", { rating: "4.6", reviews: "128" }],
    ["3.9 (1,204)", { rating: "3.9", reviews: "1,204" }],
    ["4.5 stars, 87 reviews", { rating: "4.5", reviews: "87" }],
    ["4.5/5", { rating: "4.5", reviews: null }],
    ["5", { rating: "5", reviews: null }],
  ] as const)("splitRating(%s)", (given, want) => expect(splitRating(given)).toEqual(want));

  test.each([
    ["https://a.example.org/?utm_source=g&utm_medium=cpc&gclid=x&page=2", "https://a.example.org/?page=2"],
    ["www.a.example.org/loc?fbclid=IwAR0&msclkid=abc", "https://www.a.example.org/loc"],
    ["https://a.example.org/?UTM_Campaign=x", "https://a.example.org/"],
    ["https://a.example.org/?ref=home", "https://a.example.org/?ref=home"],
    ["https://a.example.org/?utm_source=gmb&amp;utm_medium=organic", "https://a.example.org/"],
    ["https://a.example.org/?q=a%20b+c&amp;gclid=1&x=%C3%A9", "https://a.example.org/?q=a%20b+c&x=%C3%A9"],
    ["https://a.example.org/loc#utm_source=x&fbclid=y", "https://a.example.org/loc"],
    ["https://a.example.org/#/route?utm_source=x", "https://a.example.org/#/route?utm_source=x"],
    ["https://a.example.org/?mc_cid=1&mc_eid=2&hsa_acc=3&gad_source=1&mkt_tok=t", "https://a.example.org/"],
    ["https://a.example.org/?utm_source%3Dgmb", "https://a.example.org/"],
  ])("tracking parameters are removed: %s", (given, want) =>
    expect(normaliseWebsite(given).value).toBe(want),
  );

  test("a removal is a repair that names the parameters; a clean address is none", () => {
    expect(normaliseWebsite("https://a.example.org/?utm_source=g&gclid=x&page=2").problem).toEqual({
      code: "tracking_removed",
      message:
        'tracking parameter(s) utm_source, gclid removed from "https://a.example.org/?utm_source=g&gclid=x&page=2"',
    });
    expect(normaliseWebsite("https://a.example.org/?page=2").problem).toBeUndefined();
  });

  test("+1 phones", () => expect(normalisePhone("+1 409-330-4707").value).toBe("(409) 330-4707"));
});

describe("names keep acronyms (class 11)", () => {
  test.each([
    ["MGH URGENT CARE", "MGH Urgent Care"],
    ["TLC WALK IN CLINIC", "TLC Walk In Clinic"],
    ["DFW URGENT CARE", "DFW Urgent Care"],
    ["AM/PM WALK-IN CLINIC", "AM/PM Walk-In Clinic"],
    ["1200 NC HIGHWAY 55", "1200 NC Highway 55"],
    ["TX-71 W", "TX-71 W"],
    ["ST JOHNS URGENT CARE", "St Johns Urgent Care"],
    ["123 MAIN ST STE 5", "123 Main St Ste 5"],
    ["DR SMITH FAMILY CLINIC", "Dr Smith Family Clinic"],
    ["IN HOME CARE", "In Home Care"],
  ])("%s → %s", (given, want) => expect(properCase(given)).toBe(want));
});

describe("locate: coordinates from duplicated columns, ZIP centroids, out-of-scope places (classes 9, 10)", () => {
  const lonLat: [string, string] = ["30.2672", "-97.7431"];
  const mercator: [string, string] = ["3539000.12", "-10880700.55"];
  test.each([
    ["lon/lat first", [lonLat, mercator]],
    ["Web Mercator first", [mercator, lonLat]],
  ] as const)("%s: the pair in range is taken", (_, pairs) => {
    const where = locate(
      pairs.map((p) => [...p] as [string, string]),
      null,
      "TX",
      null,
    );
    expect(where).toMatchObject({
      state: "TX",
      point: { latitude: 30.2672, longitude: -97.7431 },
      problems: [],
    });
  });
  const zip = (z: string) => ({ zip: z, lostZeros: false });
  test("no point: the ZIP's centroid, when the ZIP is one of the state's", () => {
    expect(locate([], null, "TX", zip("77630"))).toMatchObject({
      coordinatesSource: "zip_centroid",
      problems: [],
    });
    expect(locate([], null, "OK", zip("77630"))).toMatchObject({
      coordinatesSource: null,
      problems: [
        {
          code: "zip_outside_state",
          message: "ZIP 77630 is a ZIP of TX, not of OK: not used to place the clinic",
        },
      ],
    });
  });
  test("a ZIP's state is the ZIP table's, not the one its centre falls in (82930, Evanston WY: centre in Utah)", () => {
    expect(locate([], null, "WY", zip("82930"))).toMatchObject({
      state: "WY",
      coordinatesSource: "zip_centroid",
      point: { latitude: 40.958206, longitude: -110.607498 },
      zip: "82930",
      problems: [],
    });
    expect(locate([], null, "UT", zip("82930")).problems).toEqual([
      {
        field: "zip",
        code: "zip_outside_state",
        message: "ZIP 82930 is a ZIP of WY, not of UT: not used to place the clinic",
        kind: "repaired",
      },
    ]);
  });
  test.each([
    ["MA", "2134", "02134", "zip_leading_zero"],
    ["NJ", "7030", "07030", "zip_leading_zero"],
    ["NJ", "70301234", "07030-1234", "zip_leading_zero"],
    ["TX", "7030", null, "invalid_zip"],
    ["TX", "78701", "78701", null],
  ] as const)("in %s, ZIP %s that lost its leading zero is %s", (state, given, want, code) => {
    const where = locate([], null, state, readZip(given), false);
    expect(where.zip).toBe(want);
    expect(where.problems.map((p) => p.code)).toEqual(code ? [code] : []);
  });
  test("a province is out of scope; no state and a point abroad too", () => {
    expect(locate([], null, "ON", null).problems.map((p) => p.code)).toEqual(["out_of_scope_state"]);
    expect(locate([["42.97", "-82.41"]], null, null, null).problems.map((p) => p.code)).toEqual([
      "out_of_scope_state",
    ]);
    expect(locate([], null, null, null).problems.map((p) => p.code)).toEqual(["missing_state"]);
  });
});
