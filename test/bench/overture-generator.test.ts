// The Overture places generator writes files as Overture ships them (the release's nested columns, WKB points in
// GeoParquet), deterministically, and its ground truth says what an independent reader (DuckDB) finds in them.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateOverture } from "../../bench/overture/generate-overture.mjs";
import { duckdb, sqlPath } from "../downloads/helpers.js";
import { overturePair } from "../helpers/overture.js";
import { tempDir } from "../helpers/sample-site.js";

describe("Overture places generator", () => {
  it("writes the release's columns with their nested types, WKB points and the GeoParquet metadata", async () => {
    const o = await overturePair();
    const db = await duckdb();
    try {
      const file = `read_parquet(${sqlPath(o.places)})`;
      const types = Object.fromEntries(
        (await db.all(`DESCRIBE SELECT * FROM ${file}`)).map((r) => [r.column_name, r.column_type]),
      );
      expect(types).toMatchObject({
        id: "VARCHAR",
        geometry: expect.stringMatching(/^GEOMETRY/),
        bbox: "STRUCT(xmin FLOAT, xmax FLOAT, ymin FLOAT, ymax FLOAT)",
        categories: 'STRUCT("primary" VARCHAR, alternate VARCHAR[])',
        confidence: "DOUBLE",
        phones: "VARCHAR[]",
        websites: "VARCHAR[]",
        addresses:
          "STRUCT(freeform VARCHAR, locality VARCHAR, postcode VARCHAR, region VARCHAR, country VARCHAR)[]",
        operating_status: "VARCHAR",
      });
      expect(types.sources).toContain("license VARCHAR");
      expect(types.brand).toMatch(/^STRUCT\(wikidata VARCHAR, "names" STRUCT\("primary" VARCHAR/);
      const geo = await db.all(
        `SELECT value::VARCHAR AS v FROM parquet_kv_metadata(${sqlPath(o.places)}) WHERE key = 'geo'`,
      );
      expect(JSON.parse(String(geo[0]?.v).replaceAll("\\x22", '"')).columns.geometry.encoding).toBe("WKB");
      const urgent = await db.all(`SELECT count(*)::INT AS n FROM ${file}
        WHERE categories.primary = 'urgent_care_clinic' OR list_contains(categories.alternate, 'urgent_care_clinic')`);
      expect(urgent[0]?.n).toBe(o.truth.counts.urgentCareCategory);
      // The ground truth's points are the file's.
      const p = o.truth.places[0] as (typeof o.truth.places)[number];
      const at = await db.all(`SELECT ST_AsWKB(geometry) AS wkb FROM ${file} WHERE id = '${p.id}'`);
      const wkb = at[0]?.wkb as Uint8Array;
      const view = new DataView(wkb.buffer, wkb.byteOffset, wkb.byteLength);
      expect([view.getUint8(0), view.getUint32(1, true)]).toEqual([1, 1]); // little-endian ISO WKB, a point
      expect([view.getFloat64(13, true), view.getFloat64(5, true)]).toEqual([p.latitude, p.longitude]);
    } finally {
      db.close();
    }
  });

  it("gives the same bytes for the same options", async () => {
    const tmp = await tempDir();
    try {
      const hash = async (dir: string) => {
        const t = await generateOverture({ out: dir, rows: 1500, seed: 3, nppes: null, overtureOnly: 30 });
        return createHash("sha256")
          .update(await readFile(join(dir, t.files.places)))
          .digest("hex");
      };
      expect(await hash(join(tmp.dir, "a"))).toBe(await hash(join(tmp.dir, "b")));
    } finally {
      await tmp.cleanup();
    }
  });
});
