// Crafted Overture places files that lie about their sizes and counts (issue 36): each is refused by the real CLI
// with the file, row group and column named and what to try, in bounded memory (the child's peak resident memory);
// a place whose value is over the limit or whose geometry is not a point is reported, not published.
import { spawnSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import * as zlib from "node:zlib";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectClinics } from "../../src/dataset/store.js";
import { importFiles } from "../../src/ingest/import.js";
import { ucd } from "../helpers/cli.js";
import {
  type CraftColumn,
  type CraftPlace,
  craftParquet,
  craftSchemaOnly,
  dataPage,
  place,
  placeColumns,
  plainByteArrays,
  rleRun,
  v1Body,
  wkbCollection,
  wkbLine,
  wkbPoint,
} from "../helpers/parquet-craft.js";
import { scratch } from "./helpers.js";

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

const ROOT = join(import.meta.dirname, "../..");
/** Peak memory a refusal may take: `ucd validate` itself takes ~180 MiB here; the crafted files took 1.4–4.3 GB. */
const MEMORY_BOUND_MIB = 600;

/**
 * `ucd validate --input FILE` run as a child (the compiled CLI, as a user runs it), with its peak resident memory
 * read from the preloaded module of the import benchmark.
 */
function validate(file: string): { code: number | null; out: string; peakMiB: number } {
  const r = spawnSync(
    process.execPath,
    [
      "--import",
      join(ROOT, "bench/import/peak-rss.mjs"),
      join(ROOT, "bin/ucd.js"),
      "validate",
      "--input",
      file,
    ],
    { encoding: "utf8", timeout: 120_000, maxBuffer: 64 << 20 },
  );
  const kb = /PEAK_RSS_KB=(\d+)/.exec(r.stderr);
  return { code: r.status, out: `${r.stdout}\n${r.stderr}`, peakMiB: kb ? Number(kb[1]) / 1024 : Number.NaN };
}

async function write(name: string, bytes: Uint8Array): Promise<string> {
  const path = join(tmp.dir, name);
  await writeFile(path, bytes);
  return path;
}

/** gzip data of `size` zero bytes, small whatever the size: 1 MiB members, concatenated (gunzip reads them all). */
function gzipZeros(size: number): Uint8Array {
  const mib = gzipSync(Buffer.alloc(1 << 20), { level: 9 });
  const parts: Buffer[] = [];
  for (let left = size; left > 0; left -= 1 << 20)
    parts.push(left >= 1 << 20 ? mib : gzipSync(Buffer.alloc(left), { level: 9 }));
  return Buffer.concat(parts);
}

/** A names.primary column whose only page is given. */
const namesColumn = (
  codec: CraftColumn["codec"],
  header: CraftColumn["pages"][number]["header"],
  body: Uint8Array,
): CraftColumn => ({
  path: ["names", "primary"],
  type: "BYTE_ARRAY",
  codec,
  numValues: 1,
  pages: [{ header, body }],
});

const one = [place("a")];

/** The six files of the issue, and what the refusal must say of each. */
const BOMBS: { name: string; file: () => Uint8Array; says: RegExp; column: string; group?: number }[] = [
  {
    name: "a 1.5 KB file whose Snappy page claims 2 GiB",
    file: () => {
      // Snappy's own header says 2^31 − 1 too: only the ratio to the page's 9 bytes tells it cannot be.
      const body = Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0x07, 0x0c, 0x61, 0x62, 0x63, 0x64]);
      const names = namesColumn("SNAPPY", dataPage(1, 2 ** 31 - 1, body.length), body);
      return craftParquet([{ rows: 1, columns: placeColumns(one, { "names.primary": names }) }]);
    },
    says: /declares 2147483647 bytes decompressed, more than SNAPPY can hold/,
    column: "names.primary",
  },
  {
    name: "levels claiming 2^28 values",
    file: () => {
      const body = v1Body(rleRun(2 ** 28, 0), new Uint8Array(0));
      const column: CraftColumn = {
        path: ["categories", "primary"],
        type: "BYTE_ARRAY",
        codec: "UNCOMPRESSED",
        numValues: 2 ** 28,
        pages: [{ header: dataPage(2 ** 28, body.length, body.length), body }],
      };
      return craftParquet([{ rows: 1, columns: placeColumns(one, { "categories.primary": column }) }]);
    },
    says: /a page declares 268435456 values after 0, more than the 1 rows of the row group/,
    column: "categories.primary",
  },
  {
    name: "a gzip page that inflates to 1 GiB while claiming 100 B",
    file: () => {
      const body = gzipZeros(2 ** 30);
      const names = namesColumn("GZIP", dataPage(1, 100, body.length), body);
      return craftParquet([{ rows: 1, columns: placeColumns(one, { "names.primary": names }) }]);
    },
    says: /a page decompresses \(GZIP\) to more than the 100 bytes its header declares/,
    column: "names.primary",
  },
  {
    name: "row groups claiming 2^31 rows",
    file: () =>
      craftParquet([
        { rows: 2 ** 31, columns: placeColumns(one) },
        { rows: 2 ** 31, columns: placeColumns([place("b")]) },
      ]),
    says: /row group 0 declares 2147483648 rows, more than the 16777216 a places row group can have/,
    column: "",
  },
  {
    name: "a dictionary of 40 million empty strings",
    file: () => {
      const entries = 40_000_000;
      const dict = gzipZeros(entries * 4);
      const indices = Uint8Array.from([1, ...rleRun(1, 0)]); // bit width 1, one index 0
      const data = gzipSync(v1Body(rleRun(1, 2), indices));
      const column: CraftColumn = {
        path: ["categories", "primary"],
        type: "BYTE_ARRAY",
        codec: "GZIP",
        numValues: 1,
        pages: [
          {
            header: {
              type: "DICTIONARY_PAGE",
              uncompressed_page_size: entries * 4,
              compressed_page_size: dict.length,
              dictionary_page_header: { num_values: entries, encoding: "PLAIN" },
            },
            body: dict,
          },
          {
            header: dataPage(1, 4 + 2 + indices.length, data.length, "RLE_DICTIONARY"),
            body: data,
          },
        ],
      };
      return craftParquet([{ rows: 1, columns: placeColumns(one, { "categories.primary": column }) }]);
    },
    says: /the dictionary declares 40000000 entries where the column holds 1 values/,
    column: "categories.primary",
  },
];

describe("a places file that lies about its sizes and counts is refused, naming the file, row group and column", () => {
  for (const bomb of BOMBS)
    test(bomb.name, async () => {
      const bytes = bomb.file();
      expect(bytes.length).toBeLessThan(2 << 20);
      const path = await write(`${bomb.name.replace(/\W+/g, "-")}.parquet`, bytes);
      const r = validate(path);
      expect(r.code, r.out).toBe(1);
      const line = r.out.split("\n").find((l) => l.includes("file_unreadable")) ?? "";
      expect(line, r.out).toContain(`${path}:0:${bomb.column}: file_unreadable: `);
      expect(line).toContain(bomb.column ? `row group 0, column ${bomb.column}: ` : "row group 0 ");
      expect(line).toMatch(bomb.says);
      expect(line).toMatch(/download it again, or write it again/);
      expect(r.peakMiB).toBeLessThan(MEMORY_BOUND_MIB);
    });

  test("one 50 MiB name: its place is rejected as row_too_large, never decoded, and the other place is read", async () => {
    const size = 50 * 2 ** 20;
    const values = plainByteArrays([new Uint8Array(0), "Synthetic Urgent Care b"]);
    // The name's bytes: a length, then 50 MiB of "A" (gzip members of 1 MiB, so that the file stays small).
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, size, true);
    const levels = rleRun(2, 2);
    const prefix = Buffer.concat([
      Buffer.from(Uint8Array.of(levels.length, 0, 0, 0)),
      Buffer.from(levels),
      Buffer.from(length),
    ]);
    const a = gzipSync(Buffer.alloc(1 << 20, "A"), { level: 9 });
    const body = Buffer.concat([
      gzipSync(prefix),
      ...Array.from({ length: 50 }, () => a),
      gzipSync(values.subarray(4)), // the second name (the first's length prefix is the one written above)
    ]);
    const uncompressed = prefix.length + size + values.length - 4;
    const names: CraftColumn = {
      path: ["names", "primary"],
      type: "BYTE_ARRAY",
      codec: "GZIP",
      numValues: 2,
      pages: [{ header: dataPage(2, uncompressed, body.length), body }],
    };
    const places = [place("a"), place("b")];
    const path = await write(
      "long-name.parquet",
      craftParquet([{ rows: 2, columns: placeColumns(places, { "names.primary": names }) }]),
    );
    const r = validate(path);
    expect(r.out).toContain(
      `${path}:1:: row_too_large: the value of names.primary is ${size} bytes long, over the 1048576-byte limit of a value; the place is skipped`,
    );
    expect(r.out).toMatch(/2 records read, 1 would be published, 1 rejected/);
    expect(r.peakMiB).toBeLessThan(MEMORY_BOUND_MIB);
  });
});

describe("errors from inside a Parquet file name the file, the row group and the column", () => {
  test("a schema nested 100,000 deep is refused before anything walks it", async () => {
    const depth = 100_000;
    const schema = [
      { name: "root", num_children: 1 },
      ...Array.from({ length: depth }, (_, i) => ({
        name: `g${i}`,
        repetition_type: "OPTIONAL" as const,
        num_children: 1,
      })),
      { name: "leaf", type: "BYTE_ARRAY" as const, repetition_type: "OPTIONAL" as const },
    ];
    const path = await write("deep.parquet", craftSchemaOnly(schema));
    const r = await ucd("validate", "--input", path);
    const out = `${r.out}\n${r.err}`;
    expect(r.code, out).toBe(1);
    expect(out).toContain(`${path}:0:: file_unreadable: the schema nests deeper than 64 levels`);
    expect(out).not.toMatch(/call stack/);
  });

  test("Snappy data that ends too soon: the codec's words, with the row group and column", async () => {
    // Says 12 bytes, holds a literal of 4.
    const body = Uint8Array.from([12, 0x0c, 0x61, 0x62, 0x63, 0x64]);
    const names = namesColumn("SNAPPY", dataPage(1, 12, body.length), body);
    const path = await write(
      "snappy-cut.parquet",
      craftParquet([{ rows: 1, columns: placeColumns(one, { "names.primary": names }) }]),
    );
    const r = await ucd("validate", "--input", path);
    const out = `${r.out}\n${r.err}`;
    expect(r.code, out).toBe(1);
    expect(out).toMatch(
      new RegExp(
        `${path}:0:names\\.primary: file_unreadable: row group 0, column names\\.primary: a page cannot be decompressed \\(SNAPPY: [a-z ]+\\)\\. The file is damaged`,
      ),
    );
  });

  test("a value whose length runs past its page (`Invalid typed array length` before)", async () => {
    const data = new Uint8Array(8);
    new DataView(data.buffer).setUint32(0, 2 ** 31, true);
    const body = v1Body(rleRun(1, 2), data);
    const names = namesColumn("UNCOMPRESSED", dataPage(1, body.length, body.length), body);
    const path = await write(
      "long-value.parquet",
      craftParquet([{ rows: 1, columns: placeColumns(one, { "names.primary": names }) }]),
    );
    const r = await ucd("validate", "--input", path);
    const out = `${r.out}\n${r.err}`;
    expect(r.code, out).toBe(1);
    expect(out).toContain(
      `${path}:0:names.primary: file_unreadable: row group 0, column names.primary: a value of 2147483648 bytes runs past the end of its page.`,
    );
  });
});

describe("Zstandard pages are held to their declared size", () => {
  /** A Zstandard frame without a content size (window 1 MiB) of RLE blocks of 128 KiB each: `blocks` × 128 KiB. */
  function zstdRle(blocks: number, byte: number): Uint8Array {
    const out = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x50];
    for (let i = 0; i < blocks; i++) {
      const h = ((128 * 1024) << 3) | (1 << 1) | (i === blocks - 1 ? 1 : 0);
      out.push(h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff, byte);
    }
    return Uint8Array.from(out);
  }
  const zstdPage = async (name: string, body: Uint8Array, declared: number) => {
    const names = namesColumn("ZSTD", dataPage(1, declared, body.length), body);
    const path = await write(
      name,
      craftParquet([{ rows: 1, columns: placeColumns(one, { "names.primary": names }) }]),
    );
    const r = await ucd("validate", "--input", path);
    return { code: r.code, out: `${r.out}\n${r.err}` };
  };

  test("blocks that make 1 MiB where the page declares 100 bytes: refused from the block headers, on every Node", async () => {
    const r = await zstdPage("zstd-rle.parquet", zstdRle(8, 0x41), 100);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain(
      "row group 0, column names.primary: a page's Zstandard data holds 1048576 bytes where its header declares 100.",
    );
  });

  test.skipIf(typeof (zlib as { zstdCompressSync?: unknown }).zstdCompressSync !== "function")(
    "compressed blocks that inflate past the declared size: stopped at it (Node's zstd, 22.15 and later)",
    async () => {
      const compress = (zlib as unknown as { zstdCompressSync: (b: Buffer, o: object) => Buffer })
        .zstdCompressSync;
      const flag = (zlib.constants as Record<string, number>).ZSTD_c_contentSizeFlag as number;
      // A repeated phrase, not one byte: compressed blocks, whose sizes only decompressing tells.
      const body = compress(Buffer.alloc(64 << 20, "Synthetic Urgent Care "), { params: { [flag]: 0 } });
      const r = await zstdPage("zstd-bomb.parquet", body, 100);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toContain("a page decompresses (ZSTD) to more than the 100 bytes its header declares");
    },
  );
});

describe("a place's geometry that is not a point", () => {
  test("LineString, Polygon and collection: rejected as geometry_not_point, naming the type; NaN and Infinity: coordinates_invalid", async () => {
    const at = (x: number, y: number): [number, number] => [x, y];
    const places: CraftPlace[] = [
      place("line", { geometry: wkbLine([at(-97.74, 30.26), at(-97.73, 30.27)]) }),
      place("polygon", {
        geometry: wkbLine([at(-97.74, 30.26), at(-97.73, 30.26), at(-97.73, 30.27), at(-97.74, 30.26)], true),
      }),
      place("collection", { geometry: wkbCollection([wkbPoint(-97.74, 30.26), wkbPoint(-97.73, 30.27)]) }),
      place("nan", { geometry: wkbPoint(Number.NaN, 30.2672) }),
      place("infinity", { geometry: wkbPoint(Number.POSITIVE_INFINITY, 30.2672) }),
      place("point"),
    ];
    const path = await write(
      "geometry.parquet",
      craftParquet([{ rows: places.length, columns: placeColumns(places) }]),
    );
    const { dataset, log } = await importFiles({
      inputs: [path],
      tmpDir: tmp.dir,
      dataVersion: "2026-01-21",
    });
    const problem = (row: number) => log.problems.filter((p) => p.row === row && p.kind !== "notice");
    expect(problem(1).map((p) => [p.code, p.kind])).toEqual([["geometry_not_point", "rejected"]]);
    expect(problem(1)[0]?.message).toMatch(/geometry is a LineString, not a point/);
    expect(problem(2)[0]?.message).toMatch(/geometry is a Polygon, not a point/);
    expect(problem(3)[0]?.message).toMatch(/geometry is a GeometryCollection, not a point/);
    for (const row of [4, 5]) {
      const codes = problem(row).map((p) => p.code);
      expect(codes).toContain("coordinates_invalid");
      expect(codes).not.toContain("coordinates_incomplete");
    }
    expect(problem(4).find((p) => p.code === "coordinates_invalid")?.message).toMatch(/NaN/);
    expect(problem(5).find((p) => p.code === "coordinates_invalid")?.message).toMatch(/Infinity/);
    if (!dataset) throw new Error("no data set");
    const clinics = await collectClinics(dataset.clinics);
    await dataset.clinics.dispose();
    const ids = clinics.flatMap((c) => c.source_ids);
    expect(ids).not.toContain("overture:line");
    expect(ids).not.toContain("overture:polygon");
    expect(ids).not.toContain("overture:collection");
    expect(ids).toContain("overture:point");
  });
});
