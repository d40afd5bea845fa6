// The gzip downloads are one gzip member made of one deflated piece per state (and format): a release reuses the
// pieces of the states whose rows did not change (hard links in its render bookkeeping), and its files are byte for
// byte those of a build with no pieces to reuse; a missing or damaged piece is deflated again, never used.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, inflateRawSync } from "node:zlib";
import CRC32 from "crc-32";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromRecords } from "../../src/dataset/store.js";
import type { FlatDataset } from "../../src/dataset/types.js";
import { renderSite } from "../../src/render/build.js";
import { crc32Combine } from "../../src/render/downloads/gzip-member.js";
import { PIECES_DIR } from "../../src/render/downloads/piece-cache.js";
import { downloadsEmitter } from "../../src/render/downloads/render.js";
import { previousTree } from "../../src/render/output/previous.js";
import { SAMPLE_BUILD, sampleRecords, tempDir } from "../helpers/sample-site.js";
import { duckdb, sqlPath } from "./helpers.js";

const STEM = "downloads/urgent-care-clinics-latest";
const TEXT = ["csv", "json", "ndjson"] as const;

/** Renders the downloads alone, keeping its pieces in `bookkeeping` and reusing those of `before` (a render). */
async function release(data: FlatDataset, dir: string, o: { bookkeeping?: string; before?: string[] } = {}) {
  const [site, kept] = o.before ?? [];
  await renderSite(fromRecords(data), dir, {
    ...SAMPLE_BUILD,
    emitters: [downloadsEmitter],
    bookkeeping: o.bookkeeping ?? null,
    previous: site ? await previousTree(site) : null,
    previousRender: kept ?? null,
  });
}

/** The inode of every piece of a bookkeeping folder, by name. */
const pieces = (bookkeeping: string) =>
  new Map(
    readdirSync(join(bookkeeping, PIECES_DIR)).map((n) => [
      n,
      statSync(join(bookkeeping, PIECES_DIR, n)).ino,
    ]),
  );

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

  it("reuse the pieces whose text did not change and deflate the changed clinic's again", () => {
    const one = pieces(at("one-state"));
    const two = pieces(at("two-state"));
    const linked = [...two].filter(([n, ino]) => one.get(n) === ino);
    const fresh = [...two].filter(([n]) => !one.has(n));
    expect(linked.length + fresh.length).toBe(two.size);
    // In each format: the piece of the renamed clinic, and those whose dictionary (the 32 KiB before) holds it.
    expect(fresh.length).toBeGreaterThanOrEqual(3);
    expect(linked.length).toBeGreaterThan(fresh.length * 3);
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

  it("deflate a missing or damaged piece again instead of using it", async () => {
    const dir = join(at("two-state"), PIECES_DIR);
    const names = readdirSync(dir).sort();
    const [damaged, missing] = names;
    if (!damaged || !missing) throw new Error("no pieces");
    const body = readFileSync(join(dir, damaged));
    body[body.length - 3] = (body[body.length - 3] as number) ^ 0xff; // the deflated bytes: a wrong .gz if used
    writeFileSync(join(dir, damaged), body);
    unlinkSync(join(dir, missing));
    await release(changed, at("three"), {
      bookkeeping: at("three-state"),
      before: [at("two"), at("two-state")],
    });
    const ours = downloads(at("three"));
    const theirs = downloads(at("scratch"));
    expect([...ours].filter(([n, b]) => !b.equals(theirs.get(n) as Buffer)).map(([n]) => n)).toEqual([]);
    const three = pieces(at("three-state"));
    const two = pieces(at("two-state"));
    expect([...three.keys()].sort()).toEqual(names);
    expect(three.get(damaged)).not.toBe(two.get(damaged));
    expect([...three].filter(([n, ino]) => two.get(n) === ino)).toHaveLength(names.length - 2);
  }, 60_000);
});
