import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The program's modules as they run: `dist/` or, under the tests, `src/`. */
const ROOT = fileURLToPath(new URL("../", import.meta.url));

let hash: Promise<string> | null = null;

/**
 * A SHA-256 (hex) of every module of the program as it runs, by path and content; computed once per process.
 * What the renderer's fingerprint and the importer's row keys hold, so that nothing made by other code is reused:
 * any change to the program counts, on purpose.
 * @example const code = await programHash(); // "3f2a…" (64 hex)
 */
export function programHash(): Promise<string> {
  hash ??= hashFiles(ROOT);
  return hash;
}

async function hashFiles(root: string): Promise<string> {
  const h = createHash("sha256");
  for (const file of await sourceFiles(root)) {
    h.update(`${file.slice(root.length)}\0`);
    h.update(await readFile(file));
  }
  return h.digest("hex");
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
