// The text downloads are written from pieces of ~32 rows, and their gzip siblings are one gzip member of those pieces
// deflated apart: a release reuses the previous release's text of the rows that did not change, and the deflated
// pieces whose text and dictionary did not, read back from the previous release's files at the offsets its render
// bookkeeping kept; its files are byte for byte those of a build with nothing to reuse; damaged bytes and a
// damaged bookkeeping are never used.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, inflateRawSync } from "node:zlib";
import CRC32 from "crc-32";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromRecords } from "../../src/dataset/store.js";
import type { FlatDataset } from "../../src/dataset/types.js";
import { renderSite } from "../../src/render/build.js";
import { crc32Combine } from "../../src/render/downloads/gzip-member.js";
import type { TextCounts } from "../../src/render/downloads/previous-text.js";
import { TEXT_BOOK_DIR } from "../../src/render/downloads/text-book.js";
import { openPreviousTree } from "../../src/render/index.js";
import { SAMPLE_BUILD, sampleRecords, tempDir } from "../helpers/sample-site.js";
import { duckdb, sqlPath } from "./helpers.js";

const STEM = "downloads/urgent-care-clinics-latest";
const TEXT = ["csv", "json", "ndjson"] as const;

/** Renders the downloads alone, keeping its pieces in `bookkeeping` and reusing those of `before` (a render). */
async function release(data: FlatDataset, dir: string, o: { bookkeeping?: string; before?: string[] } = {}) {
  const [site, kept] = o.before ?? [];
  await renderSite(fromRecords(data), dir, {
    ...SAMPLE_BUILD,
    parts: ["downloads"],
    bookkeeping: o.bookkeeping ?? null,
    previous: site ? await openPreviousTree(site) : null,
    previousBookkeeping: kept ?? null,
  });
}

/** What each text format of a release reused and made again, as its bookkeeping says. */
const counts = (bookkeeping: string) => {
  const text = readFileSync(join(bookkeeping, TEXT_BOOK_DIR, "files.json"), "utf8");
  return (JSON.parse(text.slice(0, text.lastIndexOf("\n#sha256 "))) as { counts: Record<string, TextCounts> })
    .counts;
};

/** Every download file's bytes, by name. */
const downloads = (site: string) =>
  new Map(readdirSync(join(site, "downloads")).map((n) => [n, readFileSync(join(site, "downloads", n))]));

describe("gzip downloads from pieces", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  const at = (name: string) => join(tmp.dir, name);
  let changed: FlatDataset;

  beforeAll(async () => {
    tmp = await tempDir();
    // Four states of the sample (277 clinics); the second release renames one clinic of Utah, the second of four.
    const states = new Set(["IN", "UT", "VT", "WI"]);
    const all = sampleRecords();
    const first = {
      ...all,
      clinics: all.clinics.filter((c) => states.has(c.state)),
      cities: all.cities.filter((c) => states.has(c.state)),
    };
    const renamed = first.clinics.find((c) => c.state === "UT")?.id;
    changed = {
      ...first,
      clinics: first.clinics.map((c) => (c.id === renamed ? { ...c, name: `${c.name} East` } : c)),
    };
    await release(first, at("one"), { bookkeeping: at("one-state") });
    await release(changed, at("two"), { bookkeeping: at("two-state"), before: [at("one"), at("one-state")] });
    await release(changed, at("scratch"));
  }, 60_000);
  afterAll(() => tmp.cleanup());

  it("joins CRC-32s as a CRC-32 of the whole would be", () => {
    for (const [a, b] of [
      [randomBytes(1000), randomBytes(3)],
      [randomBytes(0), randomBytes(77)],
      [randomBytes(5), randomBytes(0)],
      [randomBytes(70_000), randomBytes(1 << 20)],
    ] as const) {
      const whole = CRC32.buf(Buffer.concat([a, b])) >>> 0;
      expect(crc32Combine(CRC32.buf(a) >>> 0, CRC32.buf(b) >>> 0, b.length)).toBe(whole);
    }
  });

  it("are byte for byte the files of a build with nothing to reuse", () => {
    const ours = downloads(at("two"));
    const theirs = downloads(at("scratch"));
    expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
    expect([...ours.keys()].filter((n) => n.endsWith(".br"))).toEqual(["LICENSE.txt.br", "manifest.json.br"]);
    const differ = [...ours].filter(([n, body]) => !body.equals(theirs.get(n) as Buffer)).map(([n]) => n);
    expect(differ).toEqual([]);
  });

  it("reuse the text of the rows and pieces that did not change and deflate the changed clinic's again", () => {
    const first = counts(at("one-state"));
    const second = counts(at("two-state"));
    for (const ext of TEXT) {
      const one = first[ext] as TextCounts;
      const two = second[ext] as TextCounts;
      expect(one.rowsReused + one.deflatedReused, ext).toBe(0);
      // The renamed clinic alone is serialised; its piece's other rows come from the previous file.
      expect(two.rowsSerialised, ext).toBe(1);
      expect(two.rowsReused, ext).toBe(one.rowsSerialised - 1);
      expect(two.piecesReused, ext).toBeGreaterThan(0);
      // Deflated again: the renamed clinic's piece, and those whose dictionary (the 32 KiB before) holds it.
      expect(two.deflated, ext).toBeGreaterThanOrEqual(1);
      expect(two.deflatedReused, ext).toBeGreaterThan(two.deflated * 3);
      expect(two.damaged, ext).toBe(0);
    }
  });

  it("are one gzip member that gunzip, Node and DuckDB read as the text file", async () => {
    const site = at("two");
    for (const ext of TEXT) {
      const raw = readFileSync(join(site, `${STEM}.${ext}`));
      const gz = readFileSync(join(site, `${STEM}.${ext}.gz`));
      execFileSync("gunzip", ["-t", join(site, `${STEM}.${ext}.gz`)]);
      expect(gunzipSync(gz).equals(raw), ext).toBe(true);
      // One member: the deflate stream between the one header and the one trailer holds the whole text.
      expect(inflateRawSync(gz.subarray(10, -8)).equals(raw), ext).toBe(true);
      expect(gz.readUInt32LE(gz.length - 4)).toBe(raw.length);
    }
    const db = await duckdb();
    try {
      const csv = (f: string) => `read_csv(${sqlPath(join(site, f))}, all_varchar = true)`;
      const [counts] = await db.all(
        `SELECT (SELECT count(*) FROM ${csv(`${STEM}.csv.gz`)}) AS gz, (SELECT count(*) FROM ${csv(`${STEM}.csv`)}) AS raw`,
      );
      expect(Number(counts?.gz)).toBe(changed.clinics.length);
      expect(Number(counts?.raw)).toBe(changed.clinics.length);
      const differ = await db.all(
        `(SELECT * FROM ${csv(`${STEM}.csv.gz`)} EXCEPT ALL SELECT * FROM ${csv(`${STEM}.csv`)}) UNION ALL (SELECT * FROM ${csv(`${STEM}.csv`)} EXCEPT ALL SELECT * FROM ${csv(`${STEM}.csv.gz`)})`,
      );
      expect(differ).toEqual([]);
    } finally {
      db.close();
    }
  });

  it("make damaged text, damaged deflated pieces and a damaged bookkeeping again instead of using them", async () => {
    // The previous release's CSV and JSON text damaged in its last states, its NDJSON .gz near its end, one state's
    // bookkeeping edited and another's gone: a wrong download if any of it were used.
    const file = (ext: string) =>
      join(at("two"), "downloads", `urgent-care-clinics-${changed.dataVersion}.${ext}`);
    const flip = (path: string, at: number) => {
      const body = readFileSync(path);
      const i = Math.floor(body.length * at);
      body[i] = (body[i] as number) ^ 0x20;
      writeFileSync(path, body);
    };
    flip(file("csv"), 0.75);
    flip(file("json"), 0.85);
    flip(file("ndjson.gz"), 0.95);
    const book = join(at("two-state"), TEXT_BOOK_DIR);
    const [edited, gone] = readdirSync(book)
      .filter((n) => n !== "files.json")
      .sort();
    if (!edited || !gone) throw new Error("no state bookkeeping");
    writeFileSync(join(book, edited), readFileSync(join(book, edited), "utf8").replace("[", "[ "));
    unlinkSync(join(book, gone));
    await release(changed, at("three"), {
      bookkeeping: at("three-state"),
      before: [at("two"), at("two-state")],
    });
    const ours = downloads(at("three"));
    const theirs = downloads(at("scratch"));
    expect([...ours].filter(([n, b]) => !b.equals(theirs.get(n) as Buffer)).map(([n]) => n)).toEqual([]);
    const three = counts(at("three-state"));
    for (const ext of TEXT) {
      const c = three[ext] as TextCounts;
      // Two states of four had no bookkeeping left to trust: their rows are serialised, their pieces deflated.
      expect(c.rowsSerialised, ext).toBeGreaterThan(0);
      expect(c.deflated, ext).toBeGreaterThan(0);
      expect(c.rowsReused, ext).toBeGreaterThan(0);
    }
    expect((three.csv as TextCounts).damaged).toBeGreaterThan(0);
    expect((three.json as TextCounts).damaged).toBeGreaterThan(0);
    expect((three.ndjson as TextCounts).damaged).toBeGreaterThan(0);
  }, 60_000);
});
