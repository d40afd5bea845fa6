// The Parquet leaf reader of the Overture scan (src/ingest/readers/parquet-leaf.ts, rle.ts) against hyparquet's own
// decoding, which it replaces for speed: the same values, field by field, row by row, on a generated places file
// (Snappy, V2 pages, hyparquet-writer) and on DuckDB's rewrite of it (zstd, V1 pages, DuckDB's nesting).

import { join } from "node:path";
import fc from "fast-check";
import { asyncBufferFromFile, parquetReadObjects } from "hyparquet";
import { readRleBitPackedHybrid } from "hyparquet/src/encoding.js";
import { beforeAll, describe, expect, test } from "vitest";
import { PLACE_FIELDS, type PlaceField } from "../../src/ingest/overture/columns.js";
import { openPlaces } from "../../src/ingest/overture/places-file.js";
import { PARQUET_CODECS } from "../../src/ingest/readers/codecs.js";
import type { Picked } from "../../src/ingest/readers/parquet-leaf.js";
import { decodeHybrid } from "../../src/ingest/readers/rle.js";
import { duckdb } from "../downloads/helpers.js";
import { overturePair } from "../helpers/overture.js";

let o: Awaited<ReturnType<typeof overturePair>>;
let rewritten: string;

beforeAll(async () => {
  o = await overturePair();
  rewritten = join(o.dir, "duckdb.parquet");
  const db = await duckdb();
  await db.all(
    `COPY (SELECT * FROM read_parquet('${o.places}')) TO '${rewritten}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 700)`,
  );
  db.close();
});

const utf8 = new TextDecoder();
const LIMIT = 2000;
/** A cell as hyparquet gives it: text decoded, binaries as bytes. */
const plain = (c: Picked) => (c instanceof Uint8Array ? utf8.decode(c) : c);

/** The values of a field of a row as hyparquet assembles them, flattened along the field's path (lists of structs too). */
function valuesAt(row: Record<string, unknown>, path: string): unknown[] {
  let cur: unknown[] = [row];
  for (const key of path.split(".")) {
    const next: unknown[] = [];
    for (const x of cur) {
      if (x === null || x === undefined) continue;
      const y = (x as Record<string, unknown>)[key];
      if (Array.isArray(y)) next.push(...y);
      else next.push(y ?? null);
    }
    cur = next;
  }
  return cur.filter((v) => v !== null);
}

describe.each([
  ["the generated file (Snappy, data pages V2)", () => o.places],
  ["DuckDB's rewrite of it (zstd, data pages V1, small row groups)", () => rewritten],
])("%s", (_label, path) => {
  test("every field of every row reads as hyparquet reads it", async () => {
    const file = await openPlaces(path());
    try {
      // hyparquet assembles nested rows slowly: the first rows of the file are enough (several row groups of the
      // rewrite, the skipped rows between those read included).
      const reference = await parquetReadObjects({
        file: await asyncBufferFromFile(path()),
        compressors: PARQUET_CODECS,
        parsers: { geometryFromBytes: (b: Uint8Array) => b },
        rowEnd: LIMIT,
      });
      let start = 0;
      let compared = 0;
      for (const [index, group] of file.metadata.row_groups.entries()) {
        if (start >= LIMIT) break;
        const n = Math.min(Number(group.num_rows), LIMIT - start);
        // Every third row, so that skipped rows between the ones read are exercised too.
        const rows = Array.from({ length: Math.ceil(n / 3) }, (_, k) => k * 3);
        for (const field of Object.keys(PLACE_FIELDS) as PlaceField[]) {
          const chunk = await file.group(index).chunk(field);
          if (!chunk) continue;
          const got = chunk.pick(rows);
          rows.forEach((r, k) => {
            const mine = (got[k] ?? []).filter((c) => c !== null).map(plain);
            const ref = valuesAt(reference[start + r] as Record<string, unknown>, PLACE_FIELDS[field]).map(
              (v) => (v instanceof Uint8Array ? utf8.decode(v) : v),
            );
            if (field === "geometry") expect(mine.length).toBe(ref.length);
            else expect(mine, `${field} of row ${start + r}`).toEqual(ref);
            compared++;
          });
        }
        start += n;
      }
      expect(compared).toBeGreaterThan(5_000);
    } finally {
      await file.close();
    }
  });
});

test("the RLE / bit-packed decoder gives hyparquet's values, whatever the widths and runs", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 24 }),
      fc.array(fc.record({ rle: fc.boolean(), count: fc.integer({ min: 1, max: 40 }), seed: fc.nat() }), {
        minLength: 1,
        maxLength: 12,
      }),
      (width, runs) => {
        // Encode runs by hand (the format of the Parquet spec), decode with both.
        const bytes: number[] = [];
        let total = 0;
        const varint = (v: number) => {
          do {
            bytes.push((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
            v >>>= 7;
          } while (v > 0);
        };
        for (const run of runs) {
          const value = run.seed % 2 ** width;
          if (run.rle) {
            varint(run.count << 1);
            for (let i = 0; i < (width + 7) >> 3; i++) bytes.push((value >>> (8 * i)) & 0xff);
            total += run.count;
          } else {
            const groups = Math.ceil(run.count / 8);
            varint((groups << 1) | 1);
            let acc = 0n;
            let bits = 0n;
            for (let k = 0; k < groups * 8; k++) {
              acc |= BigInt((run.seed * (k + 1)) % 2 ** width) << bits;
              bits += BigInt(width);
            }
            for (let i = 0n; i < bits / 8n; i++) bytes.push(Number((acc >> (8n * i)) & 0xffn));
            total += groups * 8;
          }
        }
        const data = Uint8Array.from(bytes);
        const ours = new Int32Array(total);
        decodeHybrid(data, 0, data.length, width, ours);
        const theirs = new Int32Array(total);
        readRleBitPackedHybrid({ view: new DataView(data.buffer), offset: 0 }, width, theirs, data.length);
        expect([...ours]).toEqual([...theirs]);
      },
    ),
    { numRuns: 300 },
  );
});
