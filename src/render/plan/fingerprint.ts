import { createHash } from "node:crypto";
import { programHash } from "../../util/program-hash.js";

/** What decides how every file is rendered, besides the data: the code, and the options that reach the bytes. */
export interface FingerprintOptions {
  siteUrl: string;
  baseUrl: string;
  compression: string;
}

/**
 * The renderer's fingerprint: a hash of its code (every module of the program, as it runs: `dist/` or, under the
 * tests, `src/`) and of the options that change output bytes. A release whose fingerprint differs from the previous
 * one's reuses none of its files' content keys: everything is rendered again (a new version may render any file
 * differently). Conservative on purpose: a change anywhere in the program counts.
 * @example const f = await fingerprint({ siteUrl: "https://urgentcare.example.org", baseUrl: "https://urgentcare.example.org/api/v1", compression: "max" });
 */
export async function fingerprint(options: FingerprintOptions): Promise<string> {
  return createHash("sha256")
    .update(JSON.stringify([await programHash(), options.siteUrl, options.baseUrl, options.compression]))
    .digest("hex")
    .slice(0, 32);
}
