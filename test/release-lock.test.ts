// The build lock under real contention: separate processes take the lock of one release store at once.
import { spawn, spawnSync } from "node:child_process";
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "./helpers/sample-site.js";

/** The compiled store (`npm test` compiles first), as `ucd build` runs it. */
const STORE = join(process.cwd(), "dist/release/store.js");
const PROCESSES = 6;

/**
 * One contender: waits for the common start, then takes the lock `rounds` times (or once per slot, after the first
 * process leaves a dead owner's lock for the slot). While it holds the lock it creates `inside` exclusively, so
 * that a second holder at the same moment is seen. Prints what happened as JSON.
 */
const CONTENDER = `
import { closeSync, linkSync, openSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
const [store_, out, inside, startAt, mode, rounds, slotMs, deadPid, index] = process.argv.slice(1);
const { openStore, withLock } = await import(store_);
const store = await openStore(out);
const result = { held: 0, overlaps: 0, refused: 0, errors: [] };
const wait = (until) => { while (Date.now() < until); };
const attempt = async (holdMs) => {
  try {
    await withLock(store, async () => {
      result.held++;
      try {
        closeSync(openSync(inside, "wx"));
      } catch {
        result.overlaps++;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, holdMs));
      unlinkSync(inside);
    });
  } catch (e) {
    if (/another build/.test(e.message)) result.refused++;
    else result.errors.push(e.message);
  }
};
wait(Number(startAt));
for (let i = 0; i < Number(rounds); i++) {
  if (mode === "hammer") await attempt(0);
  else {
    const slot = Number(startAt) + i * Number(slotMs);
    if (index === "0") {
      // A build that was killed while it held the lock: its process is gone, its lock file stays.
      const temp = store.dir + "/stale-" + i;
      writeFileSync(temp, deadPid);
      try { linkSync(temp, store.dir + "/.lock"); } catch {}
      rmSync(temp);
    }
    wait(slot + 5);
    await attempt(2);
    wait(slot + Number(slotMs));
  }
}
console.log(JSON.stringify(result));
`;

interface Outcome {
  held: number;
  overlaps: number;
  refused: number;
  errors: string[];
}

/** Runs PROCESSES contenders side by side and returns what each saw. */
async function contend(out: string, mode: "hammer" | "stale", rounds: number): Promise<Outcome[]> {
  const dead = String(spawnSync(process.execPath, ["-e", ""]).pid);
  const startAt = Date.now() + 1500; // every process loaded and waiting before the first attempt
  const inside = `${out}.inside`;
  const runs = Array.from({ length: PROCESSES }, (_, i) => {
    const args = [STORE, out, inside, String(startAt), mode, String(rounds), "40", dead, String(i)];
    const child = spawn(process.execPath, ["--input-type=module", "-e", CONTENDER, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    return new Promise<Outcome>((resolve, reject) =>
      child.on("close", (code) =>
        code === 0 ? resolve(JSON.parse(stdout) as Outcome) : reject(new Error(`exit ${code}: ${stderr}`)),
      ),
    );
  });
  return Promise.all(runs);
}

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.cleanup());

describe("the build lock, taken by separate processes at once", () => {
  it("is held by one process at a time; the others are refused with a clear message, and no lock is left", async () => {
    const out = join(tmp.dir, "hammer");
    const seen = await contend(out, "hammer", 300);
    const sum = (k: "held" | "overlaps" | "refused") => seen.reduce((n, s) => n + s[k], 0);
    expect(seen.flatMap((s) => s.errors)).toEqual([]);
    expect(sum("overlaps")).toBe(0);
    expect(sum("held")).toBeGreaterThan(0);
    expect(sum("held") + sum("refused")).toBe(PROCESSES * 300);
    expect(await readdir(join(tmp.dir, ".hammer.releases"))).toEqual([]);
  });

  it("a dead owner's lock, found by several builds at once, is taken over by one of them", async () => {
    const out = join(tmp.dir, "stale");
    const slots = 12;
    const seen = await contend(out, "stale", slots);
    const sum = (k: "held" | "overlaps") => seen.reduce((n, s) => n + s[k], 0);
    expect(seen.flatMap((s) => s.errors)).toEqual([]);
    expect(sum("overlaps")).toBe(0);
    // Each slot's dead lock was taken over (a slot may see a second holder after the first one ended).
    expect(sum("held")).toBeGreaterThanOrEqual(slots);
    expect(await readdir(join(tmp.dir, ".stale.releases"))).toEqual([]);
  });

  it("a build that ends removes only its own lock, not one another build took meanwhile", async () => {
    const out = join(tmp.dir, "own");
    const { openStore, withLock } = (await import(STORE)) as typeof import("../src/release/store.js");
    const store = await openStore(out);
    const lock = join(store.dir, ".lock");
    // A running process (this one's parent stands in for another build) holds a lock made after ours vanished.
    await withLock(store, async () => {
      const { rm } = await import("node:fs/promises");
      await rm(lock);
      await writeFile(lock, String(process.ppid));
    });
    expect(await readdir(store.dir)).toEqual([".lock"]);
  });
});
