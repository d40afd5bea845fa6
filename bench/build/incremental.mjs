// Incremental releases for `npm run bench` (bench/import.mjs): a week's change to an input (1 % of its clinics
// edited, added or removed), one release built and measured in a child process, the disk a release store uses,
// and what an upload of the new release to object storage has to send. Method: docs/benchmarks.md.
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parse } from "csv-parse/sync";
import { measure } from "../harness.mjs";
import { summaryOf } from "../upload/summary.mjs";

/** Share of an input's rows a week changes: half edited, a quarter removed, a quarter added. */
export const WEEKLY_CHANGE = 0.01;

/**
 * A generated HIFLD-layout CSV one week later: of every 400 clean rows (no quoted cells), 2 edited (a new phone,
 * or a new name), 1 removed and 1 added after its row (a copy 300 m away, with a new ID, name and address). The
 * rows chosen move with `week`. Returns the counts.
 * @example await changeHifld("hifld-100000.csv", "hifld-100000-w1.csv", 1)
 */
export async function changeHifld(input, output, week) {
  const out = createWriteStream(output);
  const counts = { edited: 0, removed: 0, added: 0 };
  let row = 0;
  let clean = 0;
  let next = 90_000_000 + week * 100_000;
  const write = async (line) => {
    if (!out.write(`${line}\n`)) await once(out, "drain");
  };
  for await (const line of createInterface({ input: createReadStream(input), crlfDelay: Infinity })) {
    if (row++ === 0 || line.includes('"')) {
      await write(line);
      continue;
    }
    const cells = line.split(",");
    if (cells.length !== 32) {
      await write(line);
      continue;
    }
    const slot = (clean++ + week * 97) % 400;
    if (slot === 101) {
      counts.removed++;
      continue;
    }
    if (slot === 17 || slot === 217) {
      counts.edited++;
      if (slot === 17) cells[3] = `(555) 555-01${String(clean % 100).padStart(2, "0")}`;
      else cells[2] = `${cells[2]} WEST`;
    }
    await write(cells.join(","));
    if (slot === 303) {
      counts.added++;
      const copy = [...cells];
      const id = next++;
      copy[0] = String(id);
      copy[1] = String(id);
      copy[2] = `NEWCARE WALK-IN CLINIC ${id}`;
      copy[3] = `(555) 555-01${String(id % 100).padStart(2, "0")}`;
      copy[4] = `${id % 9000} NEWCOMER AVE`;
      const x = Number(copy[24]);
      const y = Number(copy[25]);
      if (Number.isFinite(x) && Number.isFinite(y) && copy[24].trim() !== "") {
        copy[24] = (x + 0.003).toFixed(6);
        copy[25] = (y + 0.001).toFixed(6);
      }
      await write(copy.join(","));
    }
  }
  out.end();
  await once(out, "close");
  return counts;
}

/** One CSV cell as our export writes it. */
function cell(v) {
  if (v === undefined || v === null || v === "") return "";
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/**
 * Our own CSV export one week later: of every 400 rows, 2 re-phoned, 1 removed and 1 added (a copy 300 m away
 * with a new name, street and phone, and no id: the release gives it one). Returns the counts.
 * @example await changeExport("week-0.csv", "week-1.csv", 1)
 */
export async function changeExport(input, output, week) {
  const text = await readFile(input, "utf8");
  const header = text.slice(0, text.indexOf("\r\n")).split(",");
  const rows = parse(text, { columns: true, bom: true });
  const counts = { edited: 0, removed: 0, added: 0 };
  const out = [];
  rows.forEach((r, i) => {
    const slot = (i + week * 97) % 400;
    if (slot === 101) {
      counts.removed++;
      return;
    }
    if (slot === 17 || slot === 217) {
      counts.edited++;
      r.phone = `(555) 555-01${String((i + week) % 100).padStart(2, "0")}`;
    }
    out.push(r);
    if (slot === 303 && r.latitude !== "") {
      counts.added++;
      const n = week * 10_000 + i;
      const lat = (Number(r.latitude) + 0.003).toFixed(5);
      const lng = (Number(r.longitude) + 0.001).toFixed(5);
      out.push({
        ...r,
        id: "",
        name: `Newcomer Walk-In Clinic ${n}`,
        street: `${n % 9000} Newcomer Ave`,
        address: `${n % 9000} Newcomer Ave, ${r.city_name}, ${r.state_code}`,
        phone: `(555) 555-01${String(n % 100).padStart(2, "0")}`,
        latitude: lat,
        longitude: lng,
        coordinates: `${lat},${lng}`,
        source_ids: "",
        npi: "",
      });
    }
  });
  const lines = [header.join(","), ...out.map((r) => header.map((c) => cell(r[c])).join(","))];
  await writeFile(output, `${lines.join("\r\n")}\r\n`);
  return counts;
}

/**
 * Runs `ucd ARGS` in a child process (from `root`), with its peak RSS read through the preloaded module, and
 * parses what `ucd build` prints: files (reused), bytes written, units, and the time of each step.
 */
export async function runUcd(root, args) {
  const { code, seconds, cpuSeconds, peakBytes, stderr } = await measure(
    ["--max-old-space-size=16384", "bin/ucd.js", ...args],
    root,
  );
  const built = /built (\d+) clinics.*?: (\d+) files \((\d+) reused\)/.exec(stderr);
  const written = /written: (\d+) files, (\d+) KiB/.exec(stderr);
  const units = /units: (\d+) rendered, (\d+) carried/.exec(stderr);
  const time =
    /time: (?:import|sample) ([\d.]+) s, compare ([\d.]+) s, previous tree ([\d.]+) s, render ([\d.]+) s, bookkeeping ([\d.]+) s, switch ([\d.]+) s, prune ([\d.]+) s/.exec(
      stderr,
    );
  const steps = time ? time.slice(1).map(Number) : [];
  return {
    code,
    /** The render trace's lines (UCD_RENDER_TRACE set): seconds per step. */
    trace: stderr.match(/^trace .*$/gm) ?? [],
    seconds,
    /** CPU time of the process, every thread (what compares on a shared machine). */
    cpuSeconds,
    stderr,
    peakMb: peakBytes / 2 ** 20,
    clinics: built ? Number(built[1]) : null,
    files: built ? Number(built[2]) : Number.NaN,
    reused: built ? Number(built[3]) : Number.NaN,
    writtenFiles: written ? Number(written[1]) : Number.NaN,
    writtenMb: written ? Number(written[2]) / 1024 : Number.NaN,
    rendered: units ? Number(units[1]) : Number.NaN,
    carried: units ? Number(units[2]) : Number.NaN,
    importSeconds: steps[0] ?? Number.NaN,
    /** Everything after the import: matching, the previous tree, rendering, bookkeeping, switch, pruning. */
    releaseSeconds: steps.length ? steps.slice(1).reduce((a, b) => a + b, 0) : Number.NaN,
    steps: time
      ? {
          compare: steps[1],
          previous: steps[2],
          render: steps[3],
          bookkeeping: steps[4],
          switch: steps[5],
          prune: steps[6],
        }
      : null,
  };
}

/**
 * Removes a folder with `rm -rf`: Node's recursive `fs.rm` held 7 GiB and growing while it removed a 1M-clinic
 * store (two releases, 3.2 M files each, mostly hard links), and a bench process that dies there loses the figures
 * it has not printed yet. `rm` walks the tree in constant memory.
 * @example removeTree("/tmp/ucd-bench-x")
 */
export function removeTree(dir) {
  const r = spawnSync("rm", ["-rf", "--", dir], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  if (r.error || r.status !== 0) throw new Error(`rm -rf ${dir}: ${r.error?.message ?? r.stderr.trim()}`);
}

/** Disk a folder uses (`du -sk`: hard-linked files counted once), in MiB. */
export function diskMb(...dirs) {
  const r = spawnSync("du", ["-sck", ...dirs], { encoding: "utf8" });
  const total = /(\d+)\s+total/.exec(r.stdout ?? "");
  return total ? Number(total[1]) / 1024 : Number.NaN;
}

/**
 * What an upload of `site` to object storage sends when the bucket holds `previous`: the real upload plan
 * (`ucd deploy-config upload-plan`, without the .br/.gz siblings), against the record of the bucket that the
 * plan of `previous` leaves (`--record`, then `--against`; no bucket needed). Without `previous`: the first
 * upload, every key. Returns its keys to upload and to delete, and the keys of the tree.
 * @example await uploadKeys(root, "store/0002-2026-05-08/site", "store/0001-2026-05-01/site")
 */
export async function uploadKeys(root, site, previous) {
  const dir = await mkdtemp(join(tmpdir(), "ucd-bench-plan-"));
  const plan = (folder, args) => {
    const r = spawnSync(
      process.execPath,
      ["bin/ucd.js", "deploy-config", "upload-plan", "--root", folder, ...args],
      { cwd: root, encoding: "utf8", stdio: ["ignore", "ignore", "pipe"], maxBuffer: 2 ** 30 },
    );
    if (r.status !== 0)
      throw new Error(`upload-plan --root ${folder} exited ${r.status}: ${r.stderr.slice(-2000)}`);
    return summaryOf(r.stderr);
  };
  try {
    const against = join(dir, "before.tsv");
    if (previous) plan(previous, ["--record", against]);
    const s = plan(site, [...(previous ? ["--against", against] : []), "--record", join(dir, "after.tsv")]);
    return { keys: s.keys, changed: s.uploads, deleted: s.deletes, planned: s.planned, line: s.line };
  } finally {
    removeTree(dir);
  }
}
