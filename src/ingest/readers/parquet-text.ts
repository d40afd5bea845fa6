import { isUtf8 } from "node:buffer";
import { FatalInputError } from "../problems.js";
import { decodeText, encodingName, GUESS, type TextOptions } from "./encoding.js";

/**
 * Parsers for the Parquet reader (hyparquet's `parsers`): text stored as bytes is checked as UTF-8, and text that
 * is not UTF-8 is refused with a guess, or decoded as `--encoding` says (a notice says so, once); never turned into
 * U+FFFD, as hyparquet's own parser would.
 * @example parquetReadObjects({ file, parsers: parquetText(path, options) })
 */
export function parquetText(
  path: string,
  options: TextOptions = {},
): { stringFromBytes(bytes: Uint8Array): string } {
  const utf8 = new TextDecoder();
  const told = options.encoding ? encodingName(options.encoding) : null;
  const fallback = told === null || told === "utf-8" ? null : told;
  let noticed = false;
  return {
    stringFromBytes(bytes) {
      if (!bytes || isUtf8(bytes)) return bytes && utf8.decode(bytes);
      if (!fallback) {
        const sample = decodeText(bytes.subarray(0, 80), GUESS);
        throw new FatalInputError({
          file: path,
          row: 0,
          field: "",
          code: "encoding_invalid",
          message: `text in the file is not UTF-8 (it would be published as U+FFFD); read as ${GUESS} a value says "${sample}". Pass --encoding ${GUESS} if that is right`,
        });
      }
      if (!noticed)
        options.notice?.(
          0,
          "encoding_decoded",
          `text that is not UTF-8 read as ${fallback}, as --encoding says`,
        );
      noticed = true;
      const text = decodeText(bytes, fallback);
      if (text.includes("\uFFFD"))
        throw new FatalInputError({
          file: path,
          row: 0,
          field: "",
          code: "encoding_invalid",
          message: `text in the file is not valid ${fallback} either: check its encoding and pass the right --encoding`,
        });
      return text;
    },
  };
}
