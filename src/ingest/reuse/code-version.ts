import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

let version: Promise<string> | null = null;

/**
 * A hash of the importer as it runs: every module of the program (`dist/` or, under the tests, `src/`) and the
 * lock file that pins its reference data (places, ZIP centres, state outlines, time zones). A row's key includes it,
 * so that no record normalised by other code is ever reused: any change to the program counts, on purpose.
 * @example const code = await codeVersion(); // "3f2a…" (32 hex)
 */
export function codeVersion(): Promise<string> {
  version ??= hashProgram(fileURLToPath(new URL("../../", import.meta.url)));
  return version;
}

async function hashProgram(root: string): Promise<string> {
  const hash = createHash("sha256");
  for (const file of await sourceFiles(root)) {
    hash.update(`${file.slice(root.length)}\0`);
    hash.update(await readFile(file));
  }
  const lock = await readFile(join(root, "..", "package-lock.json")).catch(() => null);
  if (lock) hash.update(lock);
  return hash.digest("hex").slice(0, 32);
}

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const e of entries) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await sourceFiles(full)));
    else if (/\.(js|ts|json)$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}
