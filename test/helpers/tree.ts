import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseTreeManifest, TREE_MANIFEST } from "../../src/tree/manifest.js";

/** Every file of a built folder as its manifest lists it: path → SHA-256. */
export async function manifestOf(dir: string): Promise<Map<string, string>> {
  const files = parseTreeManifest(await readFile(join(dir, TREE_MANIFEST), "utf8"));
  return new Map(files.map((f) => [f.path, f.sha256]));
}

/**
 * A JSON file of a built folder, parsed. Read synchronously: tests read thousands of small documents, several
 * times faster than through the thread pool (async stays the signature, for the callers' sake).
 */
export async function readJson<T = unknown>(dir: string, path: string): Promise<T> {
  return JSON.parse(readFileSync(join(dir, path), "utf8")) as T;
}
