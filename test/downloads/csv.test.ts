import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromRecords } from "../../src/dataset/store.js";
import type { ClinicRecord, Dataset, FlatDataset } from "../../src/dataset/types.js";
import { renderSite } from "../../src/render/build.js";
import { csvField, joinList, textCell } from "../../src/render/downloads/csv.js";
import { SITE_URL, sampleRecords, tempDir, WITHOUT_SITE } from "../helpers/sample-site.js";

/** The downloads alone are read here: the build leaves the site out (it is tested on the sample and hostile data). */
const OPTIONS = { siteUrl: SITE_URL, compression: "fast", parts: WITHOUT_SITE } as const;

import { clinicsFromApi, duckdb, sqlPath } from "./helpers.js";

describe("csvField (RFC 4180)", () => {
  it.each([
    ["plain text", { given: "CareNow", want: "CareNow" }],
    ["null is an empty field", { given: null, want: "" }],
    ["the empty string is quoted, to stay distinct from null", { given: "", want: '""' }],
    ["a comma", { given: "Suite 4, Floor 2", want: '"Suite 4, Floor 2"' }],
    ["quotes are doubled", { given: 'Dr. "Quick" Care', want: '"Dr. ""Quick"" Care"' }],
    ["a CRLF line break", { given: "12 Main St\r\nSuite 4", want: '"12 Main St\r\nSuite 4"' }],
    ["a bare LF", { given: "a\nb", want: '"a\nb"' }],
    ["leading white space", { given: " Old Town", want: '" Old Town"' }],
    ["non-ASCII is written as is", { given: "Clínica Niño ✓", want: "Clínica Niño ✓" }],
    ["a leading minus sign is data, not a formula", { given: "-87.9", want: "-87.9" }],
  ] as const)("%s", (_name, { given, want }) => {
    expect(csvField(given)).toBe(want);
  });

  it.each([
    ["=HYPERLINK", '=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ["@SUM", "@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
    ["a plus", "+1 409-330-4707", "'+1 409-330-4707"],
    ["a minus", "-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["a leading tab", "\t=1+1", "'\t=1+1"],
    ["a leading carriage return", "\r=1+1", "'\r=1+1"],
    ["a full-width equals sign", "\uff1d1+1", "'\uff1d1+1"],
    ["plain text is untouched", "Acme Urgent Care", "Acme Urgent Care"],
    ["an inner = is harmless", "A=B Clinic", "A=B Clinic"],
    ["null stays null", null, null],
  ] as const)("text cells that start like a formula are made inert (OWASP): %s", (_name, given, want) => {
    expect(textCell(given)).toBe(want);
  });

  it("joins list items with | and refuses items that could not be split back", () => {
    expect(joinList(["Flu shots", "X-ray"], "t")).toBe("Flu shots|X-ray");
    expect(joinList([], "t")).toBe("");
    expect(() => joinList(["a|b"], "clinic x services")).toThrow(/clinic x services/);
    expect(() => joinList([""], "t")).toThrow();
  });
});

/** A few sample clinics rewritten with every awkward value a CSV writer has to survive. */
function awkwardDataset(): Dataset {
  return fromRecords(awkwardRecords());
}

function awkwardRecords(): FlatDataset {
  const sample = sampleRecords();
  const first = sample.clinics[0] as ClinicRecord;
  const picked = sample.clinics
    .filter((c) => c.state === first.state && c.city_slug === first.city_slug)
    .slice(0, 8);
  const edits: Partial<ClinicRecord>[] = [
    { name: 'Dr. "Quick", Urgent Care', network: "Care, Inc." },
    { name: "Clínica Niño — Urgent Care ✓", address: "12 Main St\r\nSuite 4" },
    { neighborhood: " Old Town ", services: [], insurance: [] },
    { services: ["X-ray, digital", 'Stitches "same day"'], hours: null },
    { latitude: null, longitude: null, rating: null, reviews_count: null, website: null, phone: null },
    { name: "Line\nbreak Clinic", rating: 0, reviews_count: 0 },
  ];
  const clinics = picked.map((c, i) => ({ ...c, ...(edits[i] ?? {}) }));
  return {
    ...sample,
    clinics,
    cities: sample.cities.filter((c) => c.state === first.state && c.slug === first.city_slug),
  };
}

describe("the CSV download with awkward values, read back by DuckDB", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let db: Awaited<ReturnType<typeof duckdb>>;
  beforeAll(async () => {
    tmp = await tempDir();
    db = await duckdb();
  });
  afterAll(async () => {
    db?.close();
    await tmp.cleanup();
  });

  it("gives back every text field exactly, nulls as nulls", async () => {
    const out = join(tmp.dir, "public");
    await renderSite(awkwardDataset(), out, OPTIONS);
    const expected = await clinicsFromApi(out);
    const csv = sqlPath(join(out, "downloads/urgent-care-clinics-latest.csv"));
    const rows = await db.all(
      `select * from read_csv(${csv}, header = true, all_varchar = true, delim = ',', quote = '"', escape = '"', strict_mode = true)`,
    );
    expect(rows).toHaveLength(expected.length);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const [i, row] of rows.entries()) {
      const want = expected[i] as Record<string, unknown>;
      for (const key of [
        "id",
        "name",
        "network",
        "address",
        "neighborhood",
        "coordinates",
        "phone",
        "website",
        "url",
      ]) {
        expect(row[key], `${want.id} ${key}`).toBe(want[key] ?? null);
      }
      const list = (v: unknown) => ((v as string[]).length ? (v as string[]).join("|") : null);
      expect(row.services, `${want.id} services`).toBe(list(want.services));
      expect(row.insurance, `${want.id} insurance`).toBe(list(want.insurance));
      expect(row.rating, `${want.id} rating`).toBe(want.rating === null ? null : String(want.rating));
    }
    // the awkward values did reach the file
    expect(rows.map((r) => r.name)).toContain('Dr. "Quick", Urgent Care');
    expect(rows.map((r) => r.address)).toContain("12 Main St\r\nSuite 4");
  });

  it("refuses to build when a list item holds the separator", async () => {
    const data = awkwardRecords();
    const bad = fromRecords({
      ...data,
      clinics: data.clinics.map((c, i) => (i === 0 ? { ...c, services: ["A|B"] } : c)),
    });
    await expect(renderSite(bad, join(tmp.dir, "bad"), OPTIONS)).rejects.toThrow(/cannot be written to CSV/);
  });
});

describe("an empty data set", () => {
  it("still writes every format with its header and zero rows", async () => {
    const tmp = await tempDir();
    const db = await duckdb();
    try {
      const out = join(tmp.dir, "public");
      await renderSite(fromRecords({ ...sampleRecords(), clinics: [], cities: [] }), out, OPTIONS);
      const pq = sqlPath(join(out, "downloads/urgent-care-clinics-latest.parquet"));
      expect(await db.all(`select count(*)::int as n from ${pq}`)).toEqual([{ n: 0 }]);
      expect(
        await db.all(
          `select count(*)::int as n from read_csv(${sqlPath(join(out, "downloads/urgent-care-clinics-latest.csv"))}, header = true)`,
        ),
      ).toEqual([{ n: 0 }]);
    } finally {
      db.close();
      await tmp.cleanup();
    }
  });
});
