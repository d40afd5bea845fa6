import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ucd } from "../helpers/cli.js";
import { FIXTURES, HIFLD_FIXTURE, scratch } from "./helpers.js";

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

describe("ucd validate", () => {
  test("prints every problem as file:row:field: code: message and a summary; warnings only → exit 0", async () => {
    const r = await ucd("validate", "--input", HIFLD_FIXTURE);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      `${HIFLD_FIXTURE}:13:state: out_of_scope_state: Puerto Rico (PR) is outside the 50 states and DC; skipped`,
    );
    expect(r.out).toContain(`${HIFLD_FIXTURE}:15:coordinates: coordinates_outside_state:`);
    expect(r.out).toMatch(/rejected\s+out_of_scope_state\s+2/);
    expect(r.out).toContain("32 records read, 24 would be published, 5 rejected, 3 merged");
  });

  test("--report lists every network with its evidence, the record dates and the sources credited", async () => {
    const report = join(tmp.dir, "networks.json");
    const r = await ucd("validate", "--input", join(FIXTURES, "hifld-original.csv"), "--report", report);
    expect(r.code).toBe(0);
    const json = JSON.parse(await readFile(report, "utf8"));
    expect(json.record_dates).toEqual({ oldest: "2004-09-09", newest: "2009-02-01" });
    expect(json.upstream[0].name).toBe("Urgent Care Facilities");
    expect(json.networks).toContainEqual({
      name: "FastMed Urgent Care",
      clinics: 1,
      evidence: { dictionary: 1 },
      details: ['dictionary: "fastmed urgent care" is FastMed Urgent Care, which has clinics in NC'],
    });
    // A shared "Baptist Health - …" name alone is no evidence of a network (issue 38); a generic name neither.
    expect(json.networks.map((n: { name: string }) => n.name)).not.toContain("Baptist Health (KY)");
    expect(json.networks.map((n: { name: string }) => n.name)).not.toContain("Premier Urgent Care");
    expect(json.not_published).toEqual([]);
  });

  test("--keep-kind takes the kinds a build may keep, and says which when given another", async () => {
    const bad = await ucd("validate", "--input", HIFLD_FIXTURE, "--keep-kind", "walk_in_urgent_care");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--keep-kind must be one of occupational_medicine, emergency_room, telehealth");
    expect((await ucd("validate", "--input", HIFLD_FIXTURE, "--keep-kind", "hospital")).code).toBe(0);
  });

  test("--strict turns rejected records into failure", async () => {
    expect((await ucd("validate", "--input", HIFLD_FIXTURE, "--strict")).code).toBe(1);
  });

  test("malformed input: exit 1 with file:row messages, nothing written but the report", async () => {
    const bad = await tmp.file(
      "bad.csv",
      "NAME,STATE,CITY,X,Y\r\nA,TX,Austin,-97.7,30.2\r\nB,TX\r\nC,TX,Austin,-97.7,30.3\r\n",
    );
    const report = join(tmp.dir, "report.json");
    const r = await ucd("validate", "--input", bad, "--profile", "hifld", "--report", report);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${bad}:3:: row_malformed: wrong number of columns`);
    const json = JSON.parse(await readFile(report, "utf8"));
    expect(json.ok).toBe(false);
    expect(json.problems[0]).toMatchObject({
      file: bad,
      row: 3,
      field: "",
      code: "row_malformed",
      kind: "rejected",
    });
    expect(json.summary).toContainEqual({
      code: "row_malformed",
      kind: "rejected",
      severity: "error",
      count: 1,
    });
  });

  test.each([
    [
      "unterminated quote",
      "quote.csv",
      'NAME,STATE,CITY,X,Y\nA,TX,Austin,-97.7,30.2\n"B,TX,Austin,-97.7,30.2\n',
      "hifld",
      "row_malformed",
    ],
    ["header only", "header.csv", "NAME,STATE,CITY,X,Y\n", "hifld", "file_empty"],
    [
      "every row rejected",
      "rejected.csv",
      "NAME,STATE,CITY,X,Y\nA,PR,San Juan,-66.06,18.45\n,TX,Austin,-97.7,30.2\n",
      "hifld",
      "nothing_to_publish",
    ],
    ["empty file", "empty.csv", "", "hifld", "file_empty"],
    [
      "binary garbage",
      "garbage.csv",
      Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 31 + 7) % 256)),
      "hifld",
      "encoding_invalid",
    ],
    [
      "binary garbage, no profile",
      "garbage2.csv",
      Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 31 + 7) % 256)),
      null,
      "encoding_invalid",
    ],
    ["unknown layout", "other.csv", "foo,bar\n1,2\n", null, "unknown_profile"],
    ["unknown extension", "clinics.xlsx", "PK", null, "unknown_format"],
  ] as const)("%s → exit 1 (%s)", async (_, name, body, profile, code) => {
    const path = await tmp.file(name, body);
    const r = await ucd("validate", "--input", path, ...(profile ? ["--profile", profile] : []));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\d+:: ${code}: `));
    expect(r.out).toContain("validate: FAILED");
  });

  test("bad usage → exit 2", async () => {
    expect((await ucd("validate")).code).toBe(2);
    expect((await ucd("validate", "--input", HIFLD_FIXTURE, "--profile", "nope")).code).toBe(2);
    expect((await ucd("validate", "--input", HIFLD_FIXTURE, "--data-version", "yesterday")).code).toBe(2);
    expect((await ucd("validate", "--input", HIFLD_FIXTURE, "--bogus")).code).toBe(2);
    const mapping = await tmp.file("bad-mapping.json", JSON.stringify({ name: "x", columns: { nope: "A" } }));
    expect((await ucd("validate", "--input", HIFLD_FIXTURE, "--profile", mapping)).code).toBe(2);
  });
});

describe("ucd build --input", () => {
  test("publishes real data; a failing build leaves the previous output untouched", async () => {
    const out = join(tmp.dir, "public");
    const ok = await ucd(
      "build",
      "--input",
      HIFLD_FIXTURE,
      "--out",
      out,
      "--compression",
      "fast",
      "--site-url",
      "https://uc.example.org",
    );
    expect(ok.code).toBe(0);
    const index = JSON.parse(await readFile(join(out, "api/v1/index.json"), "utf8"));
    expect(index.meta.synthetic).toBe(false);
    expect(index.meta.data_version).toBe("2023-06-12");
    const stats = JSON.parse(await readFile(join(out, "api/v1/stats.json"), "utf8"));
    expect(stats.data_quality.records).toEqual({
      read: 32,
      carried: 0,
      replaced: 0,
      published: 24,
      rejected: 5,
      merged: 3,
      // Back Bay's ZIP 2116 read as 02116, a ZIP of MA (zip_leading_zero), counts since issue 40.
      repaired: 6,
    });
    const before = await readFile(join(out, "api/v1/stats.json"), "utf8");

    const missing = await tmp.file("missing-cols.csv", "NAME,CITY\nA,Austin\n");
    const failed = await ucd("build", "--input", missing, "--profile", "hifld", "--out", out);
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(
      /missing_columns: required column\(s\) missing for profile hifld: state \(STATE\)/,
    );
    expect(await readFile(join(out, "api/v1/stats.json"), "utf8")).toBe(before);

    const strict = await ucd("build", "--input", HIFLD_FIXTURE, "--strict", "--out", out);
    expect(strict.code).toBe(1);
    expect(strict.err).toContain("build refused (--strict)");
    expect(await readFile(join(out, "api/v1/stats.json"), "utf8")).toBe(before);

    // Inputs that would publish nothing fail, whatever their format, and the published API stays.
    const nothing = [
      await tmp.file("header-only.csv", "NAME,STATE,CITY,X,Y\r\n"),
      await tmp.file(
        "all-rejected.csv",
        "NAME,STATE,CITY,X,Y\nA,ON,Toronto,-79.38,43.65\n,TX,Austin,-97.7,30.2\n",
      ),
      await tmp.file("empty.json", "[]"),
      await tmp.file("empty.ndjson", "\n"),
    ];
    for (const input of nothing) {
      const r = await ucd("build", "--input", input, "--profile", "hifld", "--out", out);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/file_empty|nothing_to_publish/);
      expect(await readFile(join(out, "api/v1/stats.json"), "utf8")).toBe(before);
    }
  });

  test("a user mapping file maps any layout", async () => {
    const csv = await tmp.file(
      "registry.csv",
      "Facility,Street,Town,St,Lat,Lon,Web,Brand,Updated\n" +
        "LAKESIDE CLINIC,1 MAIN ST,AUSTIN,TX,30.27,-97.74,lakeside.example.org,,2024-02-03\n" +
        "Downtown Care,2 Elm St,Austin,Texas,30.26,-97.75,,CARENOW,2024-01-01\n",
    );
    const mapping = await tmp.file(
      "registry.json",
      JSON.stringify({
        name: "registry",
        source: "State registry",
        columns: {
          name: "Facility",
          street: "Street",
          city: "Town",
          state: "St",
          latitude: "Lat",
          longitude: "Lon",
          website: "Web",
          network: "Brand",
          date: "Updated",
        },
      }),
    );
    const out = join(tmp.dir, "registry-out");
    const r = await ucd("build", "--input", csv, "--profile", mapping, "--out", out, "--compression", "fast");
    expect(r.code).toBe(0);
    const austin = JSON.parse(await readFile(join(out, "api/v1/clinics/texas/austin.json"), "utf8"));
    expect(austin.meta.data_version).toBe("2024-02-03");
    expect(austin.meta.source.name).toBe("State registry");
    expect(
      austin.clinics.map((c: { name: string; network: string | null; website: string | null }) => [
        c.name,
        c.network,
        c.website,
      ]),
    ).toEqual([
      ["Downtown Care", "CareNow", null],
      ["Lakeside Clinic", null, "https://lakeside.example.org/"],
    ]);
  });

  test("sample options without --input stay usage errors", async () => {
    expect((await ucd("build", "--report", "r.json", "--out", join(tmp.dir, "x"))).code).toBe(2);
    expect(existsSync(join(tmp.dir, "x"))).toBe(false);
  });
});
