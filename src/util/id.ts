import { createHash } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lowercase

/**
 * Stable, URL-safe id of 12 base32 characters (60 bits) derived from the parts that identify a record.
 * The same parts always give the same id; the build refuses a data set in which two clinics share one.
 * @example clinicId(["hifld", "10001234"])
 */
export function clinicId(parts: readonly string[]): string {
  const digest = createHash("sha256").update(parts.join("\u001f")).digest();
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 12) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length === 12) break;
    value &= (1 << bits) - 1;
  }
  return out;
}
