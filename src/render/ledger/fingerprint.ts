import { createHash } from "node:crypto";
import { programHash } from "../../util/program-hash.js";

/** What decides how every file is rendered, besides the data: the code, and the options that reach the bytes. */
export interface FingerprintOptions {
  siteUrl: string;
  baseUrl: string;
  compression: string;
  /** Parts of the output left out (`UCD_RENDER_OMIT`, the benchmark's): a release without them is another output. */
  omitted?: readonly string[];
}

/**
 * The renderer's fingerprints: `program`, a hash of its code (every module of the program, as it runs: `dist/` or,
 * under the tests, `src/`) and of the options that change output bytes; `content`, of those options alone, which
 * content keys hold. A release whose `program` fingerprint is the previous one's carries its unchanged units; one
 * with another `program` but the same `content` renders every unit again, an unchanged one (same content key) with
 * the stamp it had — a new version may render any file differently, and the writer keeps those that come out the
 * same —; with another `content`, nothing of the previous release counts. Conservative on purpose: a change anywhere
 * in the program counts.
 * @example const f = await fingerprints({ siteUrl: "https://urgentcare.example.org", baseUrl: "https://urgentcare.example.org/api/v1", compression: "max" });
 */
export async function fingerprints(
  options: FingerprintOptions,
): Promise<{ program: string; content: string }> {
  const hash = (value: unknown) =>
    createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 32);
  const shown = [
    options.siteUrl,
    options.baseUrl,
    options.compression,
    ...(options.omitted?.length ? [options.omitted] : []),
  ];
  return { program: hash([await programHash(), ...shown]), content: hash(shown) };
}
