import { gzipSync } from "node:zlib";
import { fileFiller } from "./files.js";
import type { Entry, ManifestLine } from "./manifest.js";
import { compressesOnTheFly, GZIP_ON_THE_FLY } from "./policy.js";

/**
 * True when a listed document is sent gzip-encoded on the fly to clients that take gzip: it has no precompressed
 * sibling (the long tail: a clinic's document and pages) and the policy's `compressesOnTheFly` holds for its type
 * and size. Such a document negotiates like one with a `.gz` sibling: same ETag scheme, `Vary`, ranges.
 * @example gzippedOnTheFly({ identity: { path: "api/v1/clinic/k3v9q2m7x1ab.json", size: 1400, … }, br: null, gz: null }); // true
 */
export function gzippedOnTheFly(entry: Entry): boolean {
  return (
    entry.br === null &&
    entry.gz === null &&
    compressesOnTheFly(`/${entry.identity.path}`, entry.identity.size)
  );
}

/**
 * Reads a document's identity bytes from `root` (synchronously: at most `GZIP_ON_THE_FLY.maxBytes`), checks them
 * against the manifest (`IntegrityError` otherwise) and gzips them at the policy's level.
 * @example const { identity, gzip } = readAndGzip("/srv/site", entry.identity);
 */
export function readAndGzip(root: string, line: ManifestLine): { identity: Buffer; gzip: Buffer } {
  const identity = Buffer.allocUnsafe(line.size);
  fileFiller(`${root}/${line.path}`, line.size, line.sha256).fill(identity);
  return { identity, gzip: gzipSync(identity, { level: GZIP_ON_THE_FLY.level }) };
}
