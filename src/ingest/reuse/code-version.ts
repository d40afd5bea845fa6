import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { programHash } from "../../util/program-hash.js";

/** The lock file that pins the importer's reference data, beside the program's folder. */
const LOCK = fileURLToPath(new URL("../../../package-lock.json", import.meta.url));

let version: Promise<string> | null = null;

/**
 * A hash of the importer as it runs: every module of the program (`programHash`) and the lock file that pins its
 * reference data (places, ZIP centres, state outlines, time zones). A row's key includes it, so that no record
 * normalised by other code is ever reused: any change to the program counts, on purpose.
 * @example const code = await codeVersion(); // "3f2a…" (32 hex)
 */
export function codeVersion(): Promise<string> {
  version ??= (async () => {
    const hash = createHash("sha256").update(await programHash());
    const lock = await readFile(LOCK).catch(() => null);
    if (lock) hash.update(lock);
    return hash.digest("hex").slice(0, 32);
  })();
  return version;
}
