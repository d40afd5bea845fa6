// Text that is not UTF-8 is decoded as the operator says, or refused with a guess; U+FFFD is never published.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectClinics } from "../../src/dataset/store.js";
import { importFiles } from "../../src/ingest/import.js";
import { HIFLD_PROFILE } from "../../src/ingest/profiles/index.js";
import { ucd } from "../helpers/cli.js";
import { scratch } from "./helpers.js";

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

const HEADER = "NAME,STATE,CITY,X,Y,CONTDATE\r\n";
const WRITTEN = ["Müller Urgent Care – Plano", "Urgént Care Señor"];
const ROWS = `${WRITTEN[1]},TX,Austin,-97.74,30.27,2026-09-01\r\n${WRITTEN[0]},TX,Dallas,-96.80,32.78,2026-09-01\r\n`;
/**
 * The names as they must be published (the en dash, 0x96 in CP1252, as the name rules write it). Read as ISO-8859-1,
 * as Node's TextDecoder reads windows-1252, 0x96 would be a control code and the name "Müller Urgent Care Plano".
 */
const NAMES = ["Müller Urgent Care - Plano", "Urgént Care Señor"];

/** CP1252, what Excel on Windows saves as "CSV": é = 0xE9, ñ = 0xF1, ü = 0xFC, – = 0x96. */
const cp1252 = (text: string) =>
  Buffer.from([...text].map((c) => ({ é: 0xe9, ñ: 0xf1, ü: 0xfc, "–": 0x96 })[c] ?? c.charCodeAt(0)));
const utf16 = (text: string, bom: boolean) =>
  Buffer.concat([Buffer.from(bom ? [0xff, 0xfe] : []), Buffer.from(text, "utf16le")]);

/** The clinic names a build published (its NDJSON download). */
async function published(out: string): Promise<string[]> {
  const text = await readFile(join(out, "downloads/urgent-care-clinics-latest.ndjson"), "utf8");
  return text
    .trim()
    .split("\n")
    .map((l) => (JSON.parse(l) as { name: string }).name)
    .sort();
}

/**
 * The clinic names an import of the file gives the build (what it renders into every document and download; the
 * CP1252 test builds for real, the others stop at the data set to keep the suite quick).
 */
async function imported(file: string, encoding?: string): Promise<string[]> {
  const { dataset } = await importFiles({
    inputs: [file],
    profile: HIFLD_PROFILE,
    tmpDir: tmp.dir,
    ...(encoding ? { encoding } : {}),
  });
  if (!dataset) throw new Error(`${file} did not import`);
  try {
    return (await collectClinics(dataset.clinics)).map((c) => c.name).sort();
  } finally {
    await dataset.clinics.dispose();
  }
}

let builds = 0;
const build = async (file: string, ...more: string[]) => {
  const out = join(tmp.dir, `out-${++builds}`);
  const r = await ucd(
    "build",
    "--input",
    file,
    "--profile",
    "hifld",
    "--out",
    out,
    "--compression",
    "fast",
    ...more,
  );
  return { ...r, out };
};

describe("inputs that are not UTF-8", () => {
  test("CP1252: refused with the line, the byte and a guess; published right with --encoding", async () => {
    const file = await tmp.file("latin1.csv", cp1252(HEADER + ROWS));
    const checked = await ucd("validate", "--input", file, "--profile", "hifld");
    expect(checked.code).toBe(1);
    expect(checked.out).toContain(
      `${file}:2:: encoding_invalid: the file is not UTF-8: line 2 holds the byte 0xE9, which UTF-8 cannot read`,
    );
    expect(checked.out).toContain('read as windows-1252 the line says "Urgént Care Señor,TX,Austin');
    expect(checked.out).toContain("Pass --encoding windows-1252 if that is right");
    const refused = await build(file);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("encoding_invalid");

    const decoded = await build(file, "--encoding", "latin1");
    expect(decoded.code).toBe(0);
    expect(await published(decoded.out)).toEqual(NAMES);
    const notice = await ucd("validate", "--input", file, "--profile", "hifld", "--encoding", "windows-1252");
    expect(notice.code).toBe(0);
    expect(notice.out).toContain(
      `${file}:2:: encoding_decoded: not UTF-8 from line 2 on (byte 0xE9): read as windows-1252`,
    );
    // An encoding this importer cannot read is a usage error.
    expect((await ucd("validate", "--input", file, "--encoding", "klingon")).code).toBe(2);
  });

  test("UTF-16 with a byte-order mark is read (and said so); without one it is refused with a guess", async () => {
    const marked = await tmp.file("utf16.csv", utf16(HEADER + ROWS, true));
    expect(await imported(marked)).toEqual(NAMES);
    expect((await ucd("validate", "--input", marked)).out).toContain(
      "encoding_decoded: read as UTF-16LE (its byte-order mark says so)",
    );

    const bare = await tmp.file("utf16-bare.csv", utf16(HEADER + ROWS, false));
    const refused = await ucd("validate", "--input", bare);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("encoding_invalid: the file holds NUL bytes");
    expect(refused.out).toContain("pass --encoding utf-16le");
    expect(refused.out).not.toContain("unknown_profile");
    expect(await imported(bare, "utf-16le")).toEqual(NAMES);
  });

  test("Parquet text stored as bytes in CP1252: refused with a guess; published right with --encoding", async () => {
    const column = (name: string, data: unknown[], type: "BYTE_ARRAY" | "STRING" | "DOUBLE") => ({
      name,
      data,
      type,
    });
    const parquet = parquetWriteBuffer({
      columnData: [
        column(
          "NAME",
          WRITTEN.map((n) => new Uint8Array(cp1252(n))),
          "BYTE_ARRAY",
        ),
        column("STATE", ["TX", "TX"], "STRING"),
        column("CITY", ["Dallas", "Austin"], "STRING"),
        column("X", [-96.8, -97.74], "DOUBLE"),
        column("Y", [32.78, 30.27], "DOUBLE"),
        column("CONTDATE", ["2026-09-01", "2026-09-01"], "STRING"),
      ],
    });
    const file = await tmp.file("bytes.parquet", Buffer.from(parquet));
    const refused = await ucd("validate", "--input", file, "--profile", "hifld");
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("encoding_invalid: text in the file is not UTF-8");
    expect(await imported(file, "windows-1252")).toEqual(NAMES);
  });

  test("a value already holding U+FFFD is not published: its row is rejected, naming the column", async () => {
    const file = await tmp.file(
      "damaged.csv",
      `${HEADER}Urg\uFFFDnt Care,TX,Austin,-97.74,30.27,2026-09-01\r\nMüller Urgent Care – Plano,TX,Dallas,-96.80,32.78,2026-09-01\r\n`,
    );
    const checked = await ucd("validate", "--input", file, "--profile", "hifld");
    expect(checked.code).toBe(1);
    expect(checked.out).toContain(`${file}:2:NAME: replacement_character:`);
    expect(await imported(file)).toEqual(["Müller Urgent Care - Plano"]);
  });
});
