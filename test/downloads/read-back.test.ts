import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CANONICAL_COLUMNS, LIST_SEPARATOR } from "../../src/dataset/canonical-columns.js";
import { hoursFrom, parseWeekly } from "../../src/dataset/hours-text.js";
import { Manifest } from "../../src/render/downloads/manifest-schema.js";
import { IndexDocument } from "../../src/schema/index-document.js";
import { expectEqual } from "../helpers/equal.js";
import { sampleSite } from "../helpers/sample-build.js";
import { SITE_URL, sampleDataset, sampleRecords } from "../helpers/sample-site.js";
import { clinicsFromApi, duckdb, type ExpectedClinic, sqlPath } from "./helpers.js";

const VERSION = sampleDataset().dataVersion;
const STEM = `urgent-care-clinics-${VERSION}`;

/** DuckDB's name of each type the manifest gives Parquet columns. */
const DUCKDB_TYPE: Record<string, string> = {
  string: "VARCHAR",
  double: "DOUBLE",
  int32: "INTEGER",
  "list<string>": "VARCHAR[]",
};
/** DuckDB type to read each CSV column type the manifest gives. */
const CSV_READ_TYPE: Record<string, string> = {
  string: "VARCHAR",
  double: "DOUBLE",
  integer: "INTEGER",
  list: "VARCHAR",
  hours: "VARCHAR",
  json: "VARCHAR",
};

/** What the downloads add from the data set's records (not in the API documents), by clinic id. */
function recordFields(id: string) {
  const r = RECORDS.get(id);
  if (!r) throw new Error(`no record ${id}`);
  return {
    street: r.street,
    zip: r.zip,
    record_date: r.date,
    source_ids: r.source_ids,
    network_evidence: r.network_evidence ? `${r.network_evidence.kind}: ${r.network_evidence.detail}` : null,
  };
}
const RECORDS = new Map(sampleRecords().clinics.map((r) => [r.id, r]));

/**
 * A clinic as the typed download (Parquet) holds it: its API document's fields with the point as numbers and the
 * hours' zone beside them, plus the record's fields.
 */
function downloadRow(want: ExpectedClinic): Record<string, unknown> {
  const [lat, lng] = latLng(want);
  const hours = want.hours as { timezone: string } | null;
  return {
    id: want.id,
    name: want.name,
    network: want.network,
    address: want.address,
    neighborhood: want.neighborhood,
    latitude: lat,
    longitude: lng,
    coordinates: want.coordinates,
    phone: want.phone,
    timezone: hours?.timezone ?? null,
    hours: want.hours,
    services: want.services,
    insurance: want.insurance,
    rating: want.rating,
    reviews_count: want.reviews_count,
    website: want.website,
    url: want.url,
    state: want.state,
    state_code: want.state_code,
    state_name: want.state_name,
    city: want.city,
    city_name: want.city_name,
    coordinates_source: want.coordinates_source,
    ...recordFields(want.id),
    npi: want.npi,
    sources: want.sources,
    kind: want.kind,
    evidence_level: want.evidence_level,
    // JSON text in the tabular formats.
    evidence: JSON.stringify(want.evidence),
  };
}

/** Latitude and longitude as numbers, from the API's `coordinates` text. */
function latLng(c: ExpectedClinic): [number | null, number | null] {
  if (c.coordinates === null) return [null, null];
  const [lat, lng] = c.coordinates.split(",").map(Number);
  return [lat ?? null, lng ?? null];
}

describe("bulk downloads read back with DuckDB", () => {
  let out: string;
  let dl: string;
  let manifest: Manifest;
  let expected: ExpectedClinic[];
  let byId: Map<string, ExpectedClinic>;
  let db: Awaited<ReturnType<typeof duckdb>>;
  const file = (name: string) => sqlPath(join(dl, name));

  beforeAll(async () => {
    out = sampleSite();
    dl = join(out, "downloads");
    manifest = Manifest.parse(JSON.parse(await readFile(join(dl, "manifest.json"), "utf8")));
    expected = await clinicsFromApi(out);
    byId = new Map(expected.map((c) => [c.id, c]));
    db = await duckdb();
  });
  afterAll(async () => {
    db?.close();
  });

  it("writes every format under its dated name and a byte-identical -latest copy", async () => {
    expect(manifest.files.map((f) => f.name)).toEqual(
      ["csv", "json", "ndjson", "parquet", "geojson"].map((e) => `${STEM}.${e}`),
    );
    for (const f of manifest.files) {
      const dated = await readFile(join(dl, f.name));
      expect(f.latest_name).toBe(`urgent-care-clinics-latest.${f.name.split(".").pop()}`);
      expect((await readFile(join(dl, f.latest_name))).equals(dated), f.latest_name).toBe(true);
      // text formats get a precompressed gzip sibling (no brotli: docs/releases.md); Parquet is compressed inside
      const siblings = await Promise.all(
        [".br", ".gz"].map((x) =>
          stat(join(dl, f.name + x)).then(
            () => true,
            () => false,
          ),
        ),
      );
      expect(siblings, f.name).toEqual(f.format === "parquet" ? [false, false] : [false, true]);
    }
  });

  it("each text file's .gz gunzips to exactly its bytes (gzip -t, Node's gunzip)", async () => {
    for (const f of manifest.files.filter((m) => m.format !== "parquet")) {
      const gz = join(dl, `${f.name}.gz`);
      execFileSync("gzip", ["-t", gz]);
      expect(gunzipSync(await readFile(gz)).equals(await readFile(join(dl, f.name))), f.name).toBe(true);
    }
  });

  it("the manifest's size, SHA-256 and row count match each file", async () => {
    expect(manifest.rows).toBe(expected.length);
    expect(manifest.data_version).toBe(VERSION);
    expect(manifest.license.id).toBe("CC-BY-4.0");
    for (const f of manifest.files) {
      const body = await readFile(join(dl, f.name));
      expect(f.bytes, f.name).toBe(body.length);
      expect(f.sha256, f.name).toBe(createHash("sha256").update(body).digest("hex"));
      expect(f.rows, f.name).toBe(expected.length);
      expect(f.url).toBe(`${SITE_URL}/downloads/${f.name}`);
    }
  });

  it("index.json lists the same downloads, and the OpenAPI document points to the manifest", async () => {
    const index = IndexDocument.parse(JSON.parse(await readFile(join(out, "api/v1/index.json"), "utf8")));
    expect(index.datasets.manifest_url).toBe(`${SITE_URL}/downloads/manifest.json`);
    expect(index.datasets.license_url).toBe(`${SITE_URL}/downloads/LICENSE.txt`);
    expect(index.datasets.data_version).toBe(VERSION);
    expect(index.datasets.downloads).toEqual(
      manifest.files.map((f) => ({
        name: f.name,
        format: f.format,
        media_type: f.media_type,
        url: f.url,
        latest_url: f.latest_url,
        bytes: f.bytes,
        sha256: f.sha256,
        rows: f.rows,
      })),
    );
    const openapi = JSON.parse(await readFile(join(out, "api/openapi.json"), "utf8"));
    expect(openapi.externalDocs.description).toContain(index.datasets.manifest_url);
    expect(openapi.tags.find((t: { name: string }) => t.name === "downloads")?.externalDocs.url).toBe(
      index.datasets.manifest_url,
    );
  });

  it("LICENSE.txt carries the CC-BY-4.0 notice and a credit line with the service, the year, the link and the changes note", async () => {
    const text = await readFile(join(dl, "LICENSE.txt"), "utf8");
    expect(text).toContain("Creative Commons Attribution 4.0 International");
    expect(text).toContain("https://creativecommons.org/licenses/by/4.0/legalcode");
    const credit = text.split("\n").find((l) => l.trim().startsWith("Data: "));
    expect(credit?.trim()).toBe(
      `Data: Urgent Care Directory (${VERSION.slice(0, 4)}), ${SITE_URL}, licensed CC-BY-4.0 (synthetic sample data). Unmodified.`,
    );
    expect(text).toMatch(/say whether you changed the data/);
    expect(text).toContain("Modified by <you>: <what you changed>.");
    expect(manifest.attribution).toContain(SITE_URL);
  });

  it("Parquet: typed columns as the manifest says, dictionary-encoded places, gzip, licence in the footer", async () => {
    const pq = file(`${STEM}.parquet`);
    const described = await db.all(`describe select * from ${pq}`);
    const columns = manifest.files.find((f) => f.format === "parquet")?.columns ?? [];
    expect(described.map((d) => d.column_name)).toEqual([...CANONICAL_COLUMNS]);
    for (const [i, col] of columns.entries()) {
      const want = DUCKDB_TYPE[col.type] ?? null;
      if (want) expect(described[i]?.column_type, col.name).toBe(want);
    }
    expect(String(described.find((d) => d.column_name === "hours")?.column_type)).toBe(
      `STRUCT(timezone VARCHAR, open_24_hours BOOLEAN, weekly STRUCT(${[
        "mon",
        "tue",
        "wed",
        "thu",
        "fri",
        "sat",
        "sun",
      ]
        .map((d) => `${d} STRUCT("open" VARCHAR, "close" VARCHAR)[]`)
        .join(", ")}))`.replace(/"open"/g, "open"),
    );
    const chunks = await db.all(`select path_in_schema, encodings, compression from parquet_metadata(${pq})`);
    for (const c of chunks) expect(c.compression, String(c.path_in_schema)).toBe("GZIP");
    // The manifest names the codec inside each file: the Parquet file's, none for the text formats.
    expect(Object.fromEntries(manifest.files.map((f) => [f.format, f.compression]))).toEqual({
      csv: null,
      json: null,
      ndjson: null,
      parquet: "gzip",
      geojson: null,
    });
    for (const name of ["state", "state_code", "city", "city_name", "network"]) {
      expect(String(chunks.find((c) => c.path_in_schema === name)?.encodings), name).toContain(
        "RLE_DICTIONARY",
      );
    }
    const kv = await db.all(
      `select decode(key) as key, decode(value) as value from parquet_kv_metadata(${pq})`,
    );
    expect(kv).toContainEqual({ key: "license", value: "CC-BY-4.0" });
    expect(kv).toContainEqual({ key: "attribution", value: manifest.attribution });
  });

  it("Parquet: every clinic equals its API document field by field", async () => {
    const rows = await db.all(`select * from ${file(`${STEM}.parquet`)}`);
    expect(rows).toHaveLength(expected.length);
    for (const [i, row] of rows.entries()) {
      const want = expected[i] as ExpectedClinic;
      expectEqual(row, downloadRow(want), want.id);
    }
  });

  it("Parquet: count(*) and avg(rating) agree with stats.json and the API documents", async () => {
    const stats = JSON.parse(await readFile(join(out, "api/v1/stats.json"), "utf8"));
    const [row] = await db.all(
      `select count(*) as n, count(rating) as rated, avg(rating) as mean from ${file(`urgent-care-clinics-latest.parquet`)}`,
    );
    expect(Number(row?.n)).toBe(stats.coverage.total_clinics);
    // stats.json gives the share of rated clinics (4 decimals), not a mean: check both against what the API publishes
    expect(Math.round((Number(row?.rated) / Number(row?.n)) * 10000) / 10000).toBe(
      stats.data_quality.completeness.rating,
    );
    const ratings = expected.map((c) => c.rating).filter((r): r is number => r !== null);
    expect(row?.mean).toBeCloseTo(ratings.reduce((a, r) => a + r, 0) / ratings.length, 10);
  });

  it("CSV: RFC 4180 with CRLF, the canonical header, and every clinic equal to its API document", async () => {
    const csv = manifest.files.find((f) => f.format === "csv");
    const text = await readFile(join(dl, `${STEM}.csv`), "utf8");
    expect(text.startsWith(`${CANONICAL_COLUMNS.join(",")}\r\n`)).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const spec = `{${(csv?.columns ?? []).map((c) => `'${c.name}': '${CSV_READ_TYPE[c.type]}'`).join(", ")}}`;
    const rows = await db.all(
      `select * from read_csv(${file(`${STEM}.csv`)}, header = true, delim = ',', quote = '"', escape = '"', columns = ${spec})`,
    );
    expect(rows).toHaveLength(expected.length);
    for (const [i, row] of rows.entries()) {
      const want = expected[i] as ExpectedClinic;
      const list = (v: unknown) => ((v as string[]).length ? (v as string[]).join(LIST_SEPARATOR) : null);
      const { hours: hoursText, sources: sourcesText, evidence: evidenceText, ...rest } = row;
      // The typed row with the hours left to the check below, the lists as text, the sources and evidence as JSON text.
      const { hours, sources, evidence, ...flat } = downloadRow(want);
      expect(evidenceText, want.id).toBe(evidence);
      expectEqual(
        rest,
        {
          ...flat,
          services: list(flat.services),
          insurance: list(flat.insurance),
          source_ids: list(flat.source_ids),
        },
        want.id,
      );
      expectEqual(JSON.parse(String(sourcesText)), sources, want.id);
      // the hours text, read back with the documented parser and the timezone column, gives the API's hours
      if (hours === null) expect(hoursText).toBeNull();
      else {
        const parsed = parseWeekly(String(hoursText));
        if (!("weekly" in parsed)) throw new Error(`${want.id}: ${parsed.error}`);
        expectEqual(hoursFrom(parsed.weekly, String(row.timezone)), want.hours, want.id);
      }
    }
  });

  it("CSV: a sniffing reader infers numeric types for the numeric columns", async () => {
    const described = await db.all(`describe select * from read_csv(${file(`${STEM}.csv`)})`);
    const type = (name: string) => described.find((d) => d.column_name === name)?.column_type;
    expect([type("latitude"), type("longitude"), type("rating")]).toEqual(["DOUBLE", "DOUBLE", "DOUBLE"]);
    expect(["BIGINT", "INTEGER"]).toContain(type("reviews_count"));
  });

  const documentColumns =
    "{id: 'VARCHAR', name: 'VARCHAR', network: 'VARCHAR', address: 'VARCHAR', neighborhood: 'VARCHAR', coordinates: 'VARCHAR', phone: 'VARCHAR', hours: 'JSON', services: 'VARCHAR[]', insurance: 'VARCHAR[]', rating: 'DOUBLE', reviews_count: 'INTEGER', website: 'VARCHAR', url: 'VARCHAR', coordinates_source: 'VARCHAR', npi: 'VARCHAR', kind: 'VARCHAR', evidence_level: 'VARCHAR', state: 'VARCHAR', state_code: 'VARCHAR', state_name: 'VARCHAR', city: 'VARCHAR', city_name: 'VARCHAR', zip: 'VARCHAR', sources: 'JSON', evidence: 'JSON'}";

  it.each([
    ["ndjson", "newline_delimited"],
    ["json", "array"],
  ])("%s: every clinic equals its API document plus state and city", async (ext, format) => {
    const rows = await db.all(
      `select * from read_json(${file(`${STEM}.${ext}`)}, format = '${format}', columns = ${documentColumns})`,
    );
    expect(rows).toHaveLength(expected.length);
    for (const [i, row] of rows.entries()) {
      const hours = row.hours === null ? null : JSON.parse(String(row.hours));
      const parsed = {
        hours,
        sources: JSON.parse(String(row.sources)),
        evidence: JSON.parse(String(row.evidence)),
      };
      expectEqual({ ...row, ...parsed }, expected[i], String(row.id));
    }
  });

  it("JSON and NDJSON hold the same documents, one per line, keys in API order", async () => {
    const json = await readFile(join(dl, `${STEM}.json`), "utf8");
    const ndjson = await readFile(join(dl, `${STEM}.ndjson`), "utf8");
    const lines = ndjson.split("\n");
    expect(lines.pop()).toBe("");
    expect(json).toBe(`[\n${lines.join(",\n")}\n]\n`);
    const first = JSON.parse(lines[0] as string);
    expect(Object.keys(first)).toEqual(
      manifest.files.find((f) => f.format === "json")?.columns.map((c) => c.name),
    );
    expect({ ...byId.get(first.id), ...recordFields(first.id) }).toEqual(first);
  });
});
