import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** What decides how every file is rendered, besides the data: the code, and the options that reach the bytes. */
export interface FingerprintOptions {
  siteUrl: string;
  baseUrl: string;
  compression: string;
}

let code: Promise<string> | null = null;

/**
 * The renderer's fingerprint: a hash of its code (every module of the program, as it runs: `dist/` or, under the
 * tests, `src/`) and of the options that change output bytes. A release whose fingerprint differs from the previous
 * one's reuses none of its files' content keys: everything is rendered again (a new version may render any file
 * differently). Conservative on purpose: a change anywhere in the program counts.
 * @example const f = await fingerprint({ siteUrl: "https://urgentcare.example.org", baseUrl: "https://urgentcare.example.org/api/v1", compression: "max" });
 */
export async function fingerprint(options: FingerprintOptions): Promise<string> {
  code ??= codeHash(fileURLToPath(new URL("../../", import.meta.url)));
  return createHash("sha256")
    .update(JSON.stringify([await code, options.siteUrl, options.baseUrl, options.compression]))
    .digest("hex")
    .slice(0, 32);
}

async function codeHash(root: string): Promise<string> {
  const hash = createHash("sha256");
  for (const file of await sourceFiles(root)) {
    hash.update(`${file.slice(root.length)}\0`);
    hash.update(await readFile(file));
  }
  return hash.digest("hex");
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
