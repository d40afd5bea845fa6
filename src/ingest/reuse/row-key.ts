import { createHash } from "node:crypto";
import type { Mapping } from "../profiles/index.js";

/**
 * What a row's normalised record depends on besides its values: the importer's code (`codeVersion`), the file's
 * format, its profile and its columns as read (names, order, duplicates), which bind the profile to the values.
 * @example const layout = layoutKey(await codeVersion(), "csv", HIFLD, columns);
 */
export function layoutKey(
  code: string,
  format: string,
  mapping: Mapping,
  columns: readonly string[],
): string {
  return digest(JSON.stringify([code, format, mapping, columns]));
}

/**
 * A row's key: the same exactly when its layout and its values are, so that the record normalised from one row is
 * the record of any row with the same key (its place — file, line, order — apart). 128 bits of SHA-1.
 * @example rowKey(layout, { NAME: "ACME URGENT CARE", STATE: "TX", … }) // "q3J0…" (22 characters)
 */
export function rowKey(layout: string, values: Record<string, unknown>): string {
  let text: string;
  try {
    text = JSON.stringify(values);
  } catch {
    // A Parquet INT64 is a bigint, which JSON cannot write: written apart from a number or text of its digits.
    text = JSON.stringify(values, (_, v) => (typeof v === "bigint" ? `\u0000bigint ${v}` : v));
  }
  return digest(layout + text);
}

function digest(text: string): string {
  return createHash("sha1").update(text).digest("base64url").slice(0, 22);
}
