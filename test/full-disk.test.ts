// A build onto a full disk: a real file system that runs out of space (a small tmpfs, mounted in a private mount
// namespace of its own so that nothing outside the test sees it and it vanishes with the process).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HIFLD_FIXTURE } from "./ingest/helpers.js";

const BIN = join(process.cwd(), "bin/ucd.js");
/** Root may mount in a new mount namespace; anyone else needs a user namespace too (unprivileged where allowed). */
const UNSHARE = process.getuid?.() === 0 ? ["--mount"] : ["--user", "--map-root-user", "--mount"];
/**
 * How much room the failing builds get, as shares of what the first release took. A build writes its release in
 * stages (documents and pages through the worker pool, downloads streamed beside them, the manifest, the
 * bookkeeping), so these run out of space at different points.
 * Before the fix, these three (in a scan of 0.01–0.2 of today's release) ended in an unhandled 'error' event of a
 * streamed download's write stream.
 */
const ROOM = [0.01, 0.1, 0.13];

const dir = mkdtempSync(join(tmpdir(), "ucd-full-disk-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Why no tmpfs can be mounted here (no `unshare`, no user namespaces), or null when it can. */
function cannotMount(): string | null {
  const r = spawnSync("unshare", [...UNSHARE, "mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], {
    encoding: "utf8",
  });
  if (r.error) return `unshare cannot run (${r.error.message})`;
  if (r.status !== 0) return `no tmpfs can be mounted in a private mount namespace: ${r.stderr.trim()}`;
  return null;
}
const unavailable = cannotMount();
if (unavailable) console.warn(`full-disk test SKIPPED: ${unavailable}`);

/**
 * Run inside the namespace: mounts the tmpfs, publishes a first release, then for each share of room fills the
 * disk to leave that much free and builds again; prints what each build left as JSON.
 */
const SCRIPT = String.raw`
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readlinkSync, rmSync, statfsSync, writeFileSync } from "node:fs";
const [dir, bin, input, room] = process.argv.slice(1);
execFileSync("mount", ["-t", "tmpfs", "-o", "size=32m", "tmpfs", dir]);
const free = () => { const s = statfsSync(dir); return s.bavail * s.bsize; };
const total = free();
// Each build at its own site address, so that no file of the release before can be reused: every build writes a
// whole release, and the shares of room below fall at the same stages whatever the release holds.
const build = (at, n) => spawnSync(process.execPath, [bin, "build", "--input", input, "--out", dir + "/public",
  "--compression", "fast", "--site-url", "https://urgentcare.example.org/v" + n, "--generated-at", at], { encoding: "utf8" });
const first = build("2026-01-01T00:00:00Z", 0);
const published = readlinkSync(dir + "/public");
const before = free();
const runs = JSON.parse(room).map((share, i) => {
  const filler = dir + "/filler";
  writeFileSync(filler, Buffer.alloc(Math.max(0, before - Math.floor(share * (total - before)))));
  const r = build("2026-01-0" + (i + 2) + "T00:00:00Z", i + 1);
  const result = {
    share,
    code: r.status,
    signal: r.signal,
    stderr: r.stderr,
    link: readlinkSync(dir + "/public"),
    left: [...readdirSync(dir).filter((n) => n !== "filler" && n !== "public" && n !== ".public.releases"),
      ...readdirSync(dir + "/.public.releases").filter((n) => !/^\d{4}-/.test(n))],
  };
  rmSync(filler);
  return { ...result, freed: free() - before };
});
console.log(JSON.stringify({ first: { code: first.status, stderr: first.stderr }, published, runs }));
`;

describe("a build onto a full disk", () => {
  it.skipIf(unavailable !== null)(
    `ends in one clean line (ENOSPC once), removes its lock and temporary folder, and leaves the release published${unavailable ? ` — SKIPPED: ${unavailable}` : ""}`,
    async () => {
      const r = spawnSync(
        "unshare",
        [
          ...UNSHARE,
          process.execPath,
          "--input-type=module",
          "-e",
          SCRIPT,
          dir,
          BIN,
          HIFLD_FIXTURE,
          JSON.stringify(ROOM),
        ],
        { encoding: "utf8", timeout: 600_000 },
      );
      expect(r.status, r.stderr).toBe(0);
      const { first, published, runs } = JSON.parse(r.stdout) as {
        first: { code: number; stderr: string };
        published: string;
        runs: {
          share: number;
          code: number | null;
          signal: string | null;
          stderr: string;
          link: string;
          left: string[];
          freed: number;
        }[];
      };
      expect(first.code, first.stderr).toBe(0);
      expect(runs).toHaveLength(ROOM.length);
      for (const run of runs) {
        const where = `with ${run.share * 100}% of a release's room:\n${run.stderr}`;
        // Exit 1 with one line that says what happened, the code once; never a crash with a stack trace.
        expect(run.code, where).toBe(1);
        expect(run.stderr, where).not.toMatch(/Unhandled|node:events|^\s+at |Emitted 'error'/m);
        const errors = run.stderr
          .split("\n")
          .filter((l) => l.startsWith("ucd: ") && !l.startsWith("ucd: warning"));
        expect(errors, where).toHaveLength(1);
        expect(errors[0], where).toMatch(/^ucd: ENOSPC: no space left on device\b/);
        expect(errors[0], where).not.toContain("ENOSPC: ENOSPC");
        // The published release is untouched; no lock, temporary folder or link is left behind...
        expect(run.link, where).toBe(published);
        expect(run.left, where).toEqual([]);
        // ...and the space the failed build took is free again.
        expect(run.freed, where).toBeGreaterThanOrEqual(0);
      }
    },
    // Its builds run in a child process; on a busy machine they take minutes (the child has its own limit).
    700_000,
  );
});
