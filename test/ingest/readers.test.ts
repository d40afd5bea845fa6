import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FatalInputError } from "../../src/ingest/problems.js";
import { readCsv } from "../../src/ingest/readers/csv.js";
import { formatOf } from "../../src/ingest/readers/index.js";
import { readJsonArray } from "../../src/ingest/readers/json-array.js";
import { MAX_LINE_BYTES } from "../../src/ingest/readers/line-guard.js";
import { readNdjson } from "../../src/ingest/readers/ndjson.js";
import { readParquet } from "../../src/ingest/readers/parquet.js";
import { drain, FIXTURES, HIFLD_FIXTURE, scratch } from "./helpers.js";

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

async function fatalOf(p: Promise<unknown>): Promise<FatalInputError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof FatalInputError) return e;
    throw e;
  }
  throw new Error("expected a fatal input error");
}

describe("CSV reader", () => {
  test("reads the HIFLD fixture: BOM stripped, CRLF, quoted commas and a line break inside a field", async () => {
    const { columns, rows, problems } = await drain((p) => readCsv(HIFLD_FIXTURE, p));
    expect(columns[0]).toBe("OBJECTID");
    expect(columns).toHaveLength(32);
    expect(rows).toHaveLength(32);
    expect(problems).toEqual([]);
    const seattle = rows.find((r) => String(r.values.NAME).startsWith("SEATTLE"));
    expect(seattle?.values.NAME).toBe('SEATTLE "DOWNTOWN" URGENT CARE, INC');
    const multi = rows.find((r) => String(r.values.DIRECTIONS).includes("\n"));
    expect(multi?.row).toBe(18); // the record starts on line 18 although it spans two lines
    expect(rows.at(-1)?.row).toBe(34);
  });

  test("a row with the wrong number of columns is reported with its line and skipped", async () => {
    const path = await tmp.file("count.csv", "NAME,STATE\r\nA,TX\r\nB,TX,EXTRA\r\nC,TX\r\n");
    const { rows, problems } = await drain((p) => readCsv(path, p));
    expect(rows.map((r) => r.values.NAME)).toEqual(["A", "C"]);
    expect(problems).toEqual([
      { row: 3, code: "row_malformed", message: expect.stringContaining("wrong number of columns") },
    ]);
  });

  test("an unclosed quote costs its own line only: every later record is read, at its true line", async () => {
    const path = await tmp.file("quote.csv", 'NAME,STATE\nA,TX\n"B,TX\nC,TX\nD,TX\n');
    const { rows, problems } = await drain((p) => readCsv(path, p));
    expect(rows.map((r) => [r.row, r.values.NAME])).toEqual([
      [2, "A"],
      [4, "C"],
      [5, "D"],
    ]);
    expect(problems).toEqual([
      { row: 3, code: "row_malformed", message: expect.stringMatching(/never closed/) },
    ]);
  });

  test("a stray quote that a later quote closes swallows nothing", async () => {
    // Line 3 opens a quote that line 6 closes: read naively, lines 3–6 become one broken record.
    const lines = [
      "NAME,CITY,STATE",
      "A,Austin,TX",
      'B "THE BEST,"Waco,TX',
      "C,Dallas,TX",
      "D,Tyler,TX",
      'E,"Plano,TX',
      "F,Frisco,TX",
    ];
    const path = await tmp.file("stray.csv", `${lines.join("\n")}\n`);
    const { rows, problems } = await drain((p) => readCsv(path, p));
    expect(rows.map((r) => [r.row, r.values.NAME])).toEqual([
      [2, "A"],
      [4, "C"],
      [5, "D"],
      [7, "F"],
    ]);
    expect(problems.map((p) => [p.row, p.code])).toEqual([
      [3, "row_malformed"],
      [6, "row_malformed"],
    ]);
  });

  test("a quoted field over two lines is one record at its first line", async () => {
    const path = await tmp.file("multi.csv", 'NAME,NOTE,STATE\nA,"x\ny",TX\nB,z,TX\n');
    const { rows, problems } = await drain((p) => readCsv(path, p));
    expect(rows.map((r) => [r.row, r.values.NAME, r.values.NOTE])).toEqual([
      [2, "A", "x\ny"],
      [4, "B", "z"],
    ]);
    expect(problems).toEqual([]);
  });

  test("duplicated column names keep every copy and are listed", async () => {
    const path = await tmp.file("dupes.csv", "NAME,X,Y,STATE,X,Y\nA,-97.7,30.2,TX,-10880000,3500000\n");
    const { columns, rows } = await drain((p) => readCsv(path, p));
    expect(columns).toEqual(["NAME", "X", "Y", "STATE", "X#2", "Y#2"]);
    expect(rows[0]?.values).toMatchObject({ X: "-97.7", "X#2": "-10880000" });
  });

  test("an empty file is fatal", async () => {
    const path = await tmp.file("empty.csv", "");
    expect((await fatalOf(drain((p) => readCsv(path, p)))).problem.code).toBe("file_empty");
  });

  test("a missing file is fatal", async () => {
    expect((await fatalOf(drain((p) => readCsv(`${tmp.dir}/missing.csv`, p)))).problem.code).toBe(
      "file_unreadable",
    );
  });

  test("a 50 MB line is skipped and reported without holding it in memory; later rows survive", async () => {
    const huge = Buffer.alloc(50 * 1024 * 1024, 0x41);
    const path = await tmp.file(
      "huge.csv",
      Buffer.concat([Buffer.from("NAME,STATE\nA,TX\nB,"), huge, Buffer.from("\nC,TX\n")]),
    );
    const before = process.memoryUsage().rss;
    const { rows, problems } = await drain((p) => readCsv(path, p));
    expect(rows.map((r) => r.values.NAME)).toEqual(["A", "C"]);
    expect(rows[1]?.row).toBe(4);
    expect(problems).toEqual([
      { row: 3, code: "row_too_large", message: expect.stringContaining(String(MAX_LINE_BYTES)) },
    ]);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  test("CR-only line ends over 1 MiB in all: every line read at its number, no row_too_large, no 'empty'", async () => {
    // 30,000 lines of ~46 bytes: 1.3 MiB, one line to a reader that splits at LF only.
    const lines = Array.from({ length: 30_000 }, (_, i) => `Clinic ${i} Urgent Care,TX,Austin,-97.7,30.2`);
    const text = `NAME,STATE,CITY,X,Y\r${lines.join("\r")}\r`;
    expect(text.length).toBeGreaterThan(MAX_LINE_BYTES);
    const path = await tmp.file("mac.csv", text);
    const { rows, problems } = await drain((p) => readCsv(path, p));
    expect(problems).toEqual([]);
    expect(rows.length).toBe(30_000);
    expect(rows[29_999]).toEqual({
      row: 30_001,
      values: { NAME: "Clinic 29999 Urgent Care", STATE: "TX", CITY: "Austin", X: "-97.7", Y: "30.2" },
    });
  });

  test("CRLF split between two reads is one line end, not two: a long line after it keeps its number", async () => {
    // A stream's chunks are 64 KiB: the CR of line 2 is the last byte of the first chunk.
    const first = `NAME,STATE\r\n${"A".repeat(64 * 1024 - 16)},TX\r`;
    const long = `${"L".repeat(MAX_LINE_BYTES + 10)},TX`;
    const path = await tmp.file("split.csv", `${first}\nB,TX\r\n${long}\r\nC,TX\r\n`);
    const { rows, problems } = await drain((p) => readCsv(path, p));
    expect(problems.map((p) => [p.row, p.code])).toEqual([[4, "row_too_large"]]);
    expect(rows.map((r) => r.row)).toEqual([2, 3, 5]);
  });

  test("a NUL byte after the first 4 KiB is refused at its line, as one before is (not read as a space)", async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `Clinic ${i},TX`);
    lines[350] = "Clinic\u0000 350,TX";
    const path = await tmp.file("nul.csv", `NAME,STATE\n${lines.join("\n")}\n`);
    const e = await fatalOf(drain((p) => readCsv(path, p)));
    expect(e.problem.code).toBe("encoding_invalid");
    expect(e.problem.row).toBe(352);
    expect(e.problem.message).toMatch(/^line 352 holds a NUL byte, which no text file holds/);
    expect(e.problem.message).toMatch(/save the file again as UTF-8 text$/);
  });

  test("binary garbage is refused as text that is not UTF-8", async () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    const path = await tmp.file("garbage.csv", bytes);
    const r = await drain((p) => readCsv(path, p)).catch((e: unknown) => e);
    expect(r).toBeInstanceOf(FatalInputError);
    expect((r as FatalInputError).problem.code).toBe("encoding_invalid");
  });
});

describe("JSON array reader", () => {
  test("streams elements, reports non-objects, keeps element numbers", async () => {
    const path = await tmp.file(
      "a.json",
      '\ufeff[ {"name":"A","tags":["x","]"]}, 42, {"name":"B \\"q\\" }"} ,{"name":"C"}]',
    );
    const { columns, rows, problems } = await drain((p) => readJsonArray(path, p));
    expect(columns).toEqual(["name", "tags"]);
    expect(rows.map((r) => [r.row, r.values.name])).toEqual([
      [1, "A"],
      [3, 'B "q" }'],
      [4, "C"],
    ]);
    expect(problems).toEqual([{ row: 2, code: "not_an_object", message: expect.any(String) }]);
  });

  test("a truncated array is fatal", async () => {
    const path = await tmp.file("cut.json", '[{"name":"A"},{"name":');
    expect((await fatalOf(drain((p) => readJsonArray(path, p)))).problem.code).toBe("json_syntax");
  });

  test("a non-array is fatal", async () => {
    const path = await tmp.file("obj.json", '{"name":"A"}');
    expect((await fatalOf(drain((p) => readJsonArray(path, p)))).problem.code).toBe("json_syntax");
  });
});

describe("NDJSON reader", () => {
  test("one object per line; bad lines reported by line number", async () => {
    const path = await tmp.file("a.ndjson", '{"name":"A"}\r\n\n{"name":\n[1]\n{"name":"D"}\n');
    const { rows, problems } = await drain((p) => readNdjson(path, p));
    expect(rows.map((r) => [r.row, r.values.name])).toEqual([
      [1, "A"],
      [5, "D"],
    ]);
    expect(problems.map((p) => [p.row, p.code])).toEqual([
      [3, "json_syntax"],
      [4, "not_an_object"],
    ]);
  });
});

describe("Parquet reader", () => {
  test("reads row groups with record numbers", async () => {
    const buffer = parquetWriteBuffer({
      columnData: [
        { name: "name", data: ["A", "B", "C"], type: "STRING" },
        { name: "rating", data: [4.5, null, 3], type: "DOUBLE" },
      ],
      rowGroupSize: 2,
    });
    const path = await tmp.file("a.parquet", Buffer.from(buffer));
    const { columns, rows } = await drain(() => readParquet(path));
    expect(columns).toEqual(["name", "rating"]);
    expect(rows.map((r) => [r.row, r.values.name, r.values.rating])).toEqual([
      [1, "A", 4.5],
      [2, "B", null],
      [3, "C", 3],
    ]);
  });

  test("a file that is not Parquet is fatal", async () => {
    const path = await tmp.file("fake.parquet", "PAR1 not really");
    expect((await fatalOf(drain(() => readParquet(path)))).problem.code).toBe("file_unreadable");
  });
});

test("formats come from the file extension", () => {
  expect([
    formatOf("a.CSV"),
    formatOf("b.jsonl"),
    formatOf("c.json"),
    formatOf("d.parquet"),
    formatOf("e.xlsx"),
  ]).toEqual(["csv", "ndjson", "json", "parquet", undefined]);
  expect(FIXTURES).toMatch(/fixtures\/ingest\/$/);
});
