// A package as `npm pack` makes it, for Are the Types Wrong's checks run in the test's own process (its command
// line, `attw --pack`, packs the same way and then starts another Node and loads TypeScript again).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The tarball `npm pack` makes of the package in `dir` (lifecycle scripts skipped; dist/ is compiled first). */
export function packTarball(dir: string): Uint8Array {
  const out = mkdtempSync(join(tmpdir(), "ucd-pack-"));
  try {
    const args = ["pack", "--json", "--ignore-scripts", "--pack-destination", out];
    const [packed] = JSON.parse(execFileSync("npm", args, { cwd: dir, encoding: "utf8" })) as [
      { filename: string },
    ];
    return new Uint8Array(readFileSync(join(out, packed.filename)));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
