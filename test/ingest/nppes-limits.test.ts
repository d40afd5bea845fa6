// NPPES inputs that are damaged, ambiguous or out of proportion (issue 36): a member whose CRC-32 is wrong, two
// members of one name, files of two periods, companions of another period, an over-long line inside one read,
// CR-only line ends, companions that need --encoding, and a small ZIP of 120,000 matching rows — each refused or
// read with the right words, and the last in bounded memory.
import { spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import yazl from "yazl";
import { npiOf } from "../../bench/nppes/rows.mjs";
import { collectClinics } from "../../src/dataset/store.js";
import { type ImportOptions, importFiles } from "../../src/ingest/import.js";
import { MAX_KEPT_RECORDS } from "../../src/ingest/nppes/scan.js";
import { nppesBundle } from "../helpers/nppes.js";

type Bundle = Awaited<ReturnType<typeof nppesBundle>>;
let n: Bundle;
let names: Bundle["monthly"]["files"];

beforeAll(async () => {
  n = await nppesBundle();
  names = n.monthly.files;
});
afterAll(() => n?.cleanup());

const ROOT = join(import.meta.dirname, "../..");

/** The fatal problems of an import (none when it succeeded). */
async function fatals(inputs: string[], options: Partial<ImportOptions> = {}) {
  const { dataset, log } = await importFiles({ inputs, ...options });
  await dataset?.clinics.dispose();
  return log.problems.filter((p) => p.kind === "fatal");
}

/** A ZIP archive of the given members (stored when `store`, so that a test can alter their bytes in place). */
async function zipOf(
  path: string,
  members: { name: string; bytes: Buffer | Readable }[],
  store = false,
): Promise<string> {
  const zip = new yazl.ZipFile();
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(path);
    out.on("close", () => resolve());
    out.on("error", reject);
    zip.outputStream.pipe(out);
  });
  for (const m of members)
    if (Buffer.isBuffer(m.bytes)) zip.addBuffer(m.bytes, m.name, { compress: !store });
    else zip.addReadStream(m.bytes, m.name, { compressionLevel: 1 });
  zip.end();
  await done;
  return path;
}

const bundleFiles = async () => ({
  main: await readFile(n.path(names.main)),
  othername: await readFile(n.path(names.othername)),
  pl: await readFile(n.path(names.pl)),
});

describe("a damaged or ambiguous bundle is refused, naming the members", () => {
  test("a member whose bytes do not match its CRC-32 (unzip -t: bad CRC) is refused before anything of it is used", async () => {
    const f = await bundleFiles();
    const clinic = n.monthly.clinics.find((c) => c.nameSource === "legal" && c.secondary.length === 0);
    if (!clinic) throw new Error("no clinic to alter");
    const path = await zipOf(
      join(n.dir, "NPPES_Data_Dissemination_bad_crc.zip"),
      [
        { name: names.main, bytes: f.main },
        { name: names.othername, bytes: f.othername },
        { name: names.pl, bytes: f.pl },
      ],
      true,
    );
    // The street's first letter, altered in the stored member: same size, another CRC.
    const zip = await readFile(path);
    const at = zip.indexOf(Buffer.from(`"${clinic.street}"`, "latin1"));
    expect(at).toBeGreaterThan(0);
    zip[at + 1] = (zip[at + 1] as number) ^ 0x01;
    await writeFile(path, zip);
    const [fatal, ...more] = await fatals([path]);
    expect(more).toEqual([]);
    expect(fatal?.file).toBe(`${path}!${names.main}`);
    expect(fatal?.message).toMatch(
      /^the member is damaged: its bytes' CRC-32 is [0-9a-f]{8} where the archive records [0-9a-f]{8} \(`unzip -t` says "bad CRC"\); nothing of it is used\. Download the bundle again$/,
    );
  });

  test("two members of one name: refused, naming it, not the last one taken", async () => {
    const f = await bundleFiles();
    const path = await zipOf(join(n.dir, "NPPES_Data_Dissemination_twice.zip"), [
      { name: names.main, bytes: f.main },
      { name: names.othername, bytes: f.othername },
      { name: names.othername, bytes: f.othername },
    ]);
    const [fatal] = await fatals([path]);
    expect(fatal?.code).toBe("bundle_ambiguous");
    expect(fatal?.message).toContain(`the archive holds several members named ${names.othername}`);
  });

  test("two main files of different periods in one bundle: refused, naming both, not the first read", async () => {
    const f = await bundleFiles();
    const other = names.main.replace(/-(\d{8})\.csv$/, "-20250101.csv");
    const path = await zipOf(join(n.dir, "NPPES_Data_Dissemination_two.zip"), [
      { name: names.main, bytes: f.main },
      { name: other, bytes: f.main },
    ]);
    const [fatal] = await fatals([path]);
    expect(fatal?.code).toBe("bundle_ambiguous");
    expect(fatal?.message).toContain(`the bundle holds 2 main files (${names.main}, ${other})`);
  });

  test("companions of another period, in the bundle or given beside the main file: refused, not joined", async () => {
    const f = await bundleFiles();
    const stale = names.othername.replace(/_(\d{8})-(\d{8})\.csv$/, "_$1-20250101.csv");
    const path = await zipOf(join(n.dir, "NPPES_Data_Dissemination_stale.zip"), [
      { name: names.main, bytes: f.main },
      { name: stale, bytes: f.othername },
    ]);
    const [fatal] = await fatals([path]);
    expect(fatal?.code).toBe("bundle_ambiguous");
    expect(fatal?.message).toContain(`${stale} is of another period than the main file ${names.main}`);

    // Extracted: the main file alone in its folder, a companion of another period given as an input.
    const dir = join(n.dir, "stale");
    await mkdir(dir, { recursive: true });
    await copyFile(n.path(names.main), join(dir, names.main));
    await writeFile(join(dir, stale), f.othername);
    const [csv] = await fatals([join(dir, names.main), join(dir, stale)]);
    expect(csv?.code).toBe("bundle_ambiguous");
    expect(csv?.message).toContain(`${join(dir, stale)} is of another period than the main file`);
  });
});

describe("NPPES lines and text", () => {
  test("a 3 MiB line inside one read is row_too_large, as one across reads is; the lines after keep their numbers", async () => {
    const text = await readFile(n.path(names.main), "latin1");
    const lines = text.split("\r\n");
    const long = `"${"9".repeat(10)}",${`"${"X".repeat(1000)}",`.repeat(3 * 1024)}""`;
    lines.splice(1, 0, long);
    const dir = join(n.dir, "long");
    await mkdir(dir, { recursive: true });
    const path = join(dir, names.main);
    await writeFile(path, lines.join("\r\n"), "latin1");
    // With its companions, as the original is read: their other names decide some places' kinds.
    for (const companion of [names.othername, names.pl])
      await copyFile(n.path(companion), join(dir, companion));
    const { dataset, log } = await importFiles({ inputs: [path] });
    await dataset?.clinics.dispose();
    expect(log.problems.filter((p) => p.code === "row_too_large").map((p) => [p.row, p.file])).toEqual([
      [2, path],
    ]);
    expect(dataset).toBeDefined();
    // The rows after it keep their numbers: the rows rejected in the original file, one line further down.
    const original = await importFiles({ inputs: [n.path(names.main)] });
    await original.dataset?.clinics.dispose();
    const rejected = (problems: typeof log.problems, file: string) =>
      problems.filter((p) => p.kind === "rejected" && p.file === file && p.code !== "row_too_large");
    const before = rejected(original.log.problems, n.path(names.main)).map((p) => [p.row + 1, p.code]);
    expect(before.length).toBeGreaterThan(0);
    expect(rejected(log.problems, path).map((p) => [p.row, p.code])).toEqual(before);
  });

  test("CR-only line ends: refused, saying so and what to do, not 'row_too_large' then 'the file is empty'", async () => {
    const text = await readFile(n.path(names.main), "latin1");
    const dir = join(n.dir, "mac");
    await mkdir(dir, { recursive: true });
    const path = join(dir, names.main);
    await writeFile(path, text.replaceAll("\r\n", "\r"), "latin1");
    const all = await fatals([path]);
    expect(all.map((p) => p.code)).toEqual(["file_unreadable"]);
    expect(all[0]?.message).toMatch(
      /^the lines of the file end with a CR alone .*Save it again with CRLF or LF line ends/,
    );
  });

  test("--encoding is honoured for the other-name and practice-location files, as the refusal says", async () => {
    const dba = n.monthly.clinics.find((c) => c.nameSource === "dba_othername" && c.dba);
    const located = n.monthly.clinics.find((c) => c.secondary.some((s) => !s.sameAsPrimary));
    if (!dba?.dba || !located)
      throw new Error("no clinic with a DBA in othername_pfile, or a secondary location");
    const place = located.secondary.find((s) => !s.sameAsPrimary) as (typeof located.secondary)[number];
    const dir = join(n.dir, "cp1252");
    await mkdir(dir, { recursive: true });
    await copyFile(n.path(names.main), join(dir, names.main));
    // É written as windows-1252 writes it (0xC9): not UTF-8.
    const cp1252 = (text: string, from: string, to: string) =>
      Buffer.from(text.replace(`"${from}"`, `"${to}"`), "latin1");
    const othername = await readFile(n.path(names.othername), "latin1");
    const pl = await readFile(n.path(names.pl), "latin1");
    await writeFile(join(dir, names.othername), cp1252(othername, dba.dba, `${dba.dba} CAFÉ`));
    await writeFile(join(dir, names.pl), cp1252(pl, place.street, `${place.street} ÉAST`));
    const main = join(dir, names.main);

    const refused = await fatals([main]);
    expect(refused[0]?.code).toBe("encoding_invalid");
    expect(refused[0]?.message).toContain("Pass --encoding windows-1252");

    const { dataset, log } = await importFiles({ inputs: [main], encoding: "windows-1252" });
    if (!dataset) throw new Error(JSON.stringify(log.problems.filter((p) => p.kind === "fatal")));
    const clinics = await collectClinics(dataset.clinics);
    await dataset.clinics.dispose();
    const named = clinics.find((c) => c.npi === dba.npi);
    expect(named?.name.toUpperCase()).toContain("CAFÉ");
    expect(clinics.some((c) => c.npi === located.npi && c.address?.toUpperCase().includes("ÉAST"))).toBe(
      true,
    );
    const notices = log.problems.filter((p) => p.code === "encoding_decoded").map((p) => p.message);
    expect(notices.some((m) => m.startsWith(`${join(dir, names.othername)}: not UTF-8 from line`))).toBe(
      true,
    );
    expect(notices.some((m) => m.startsWith(`${join(dir, names.pl)}: not UTF-8 from line`))).toBe(true);
  });
});

describe("a small ZIP of many matching rows", () => {
  test("120,000 copies of an urgent-care line in a 1 MB ZIP: refused at the bound, in bounded memory", async () => {
    const text = await readFile(n.path(names.main), "latin1");
    const [header, ...rows] = text.split("\r\n");
    const line = rows.find((l) => l.includes("261QU0200X") && l.split('","')[1] === "2") as string;
    const npi = line.slice(1, 11);
    const copies = 120_000;
    let i = 0;
    const lines = new Readable({
      read() {
        if (i === 0) this.push(`${header}\r\n`, "latin1");
        const chunk: string[] = [];
        for (; i < copies && chunk.length < 1000; i++) chunk.push(line.replace(npi, npiOf(100_000_000 + i)));
        this.push(`${chunk.join("\r\n")}\r\n`, "latin1");
        if (i >= copies) this.push(null);
      },
    });
    const path = await zipOf(join(n.dir, "NPPES_Data_Dissemination_many.zip"), [
      { name: names.main, bytes: lines },
    ]);
    const r = spawnSync(
      process.execPath,
      [
        "--import",
        join(ROOT, "bench/import/peak-rss.mjs"),
        join(ROOT, "bin/ucd.js"),
        "validate",
        "--input",
        path,
      ],
      { encoding: "utf8", timeout: 180_000 },
    );
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toContain(
      `${path}!${names.main}:${MAX_KEPT_RECORDS + 2}:: too_many_rows: more than ${MAX_KEPT_RECORDS.toLocaleString("en-US")} records of the file`,
    );
    const peak = Number(/PEAK_RSS_KB=(\d+)/.exec(r.stderr)?.[1]) / 1024;
    // 1.9 GB before, for 300,000 rows; ~160 MiB now (`ucd validate` alone: ~90 MiB).
    expect(peak).toBeLessThan(600);
  });
});
