import * as zlib from "node:zlib";
import type { Compressors } from "hyparquet";
import { decompressLz4, decompressLz4Raw, decompressZstd } from "hyparquet-compressors";
import { snappyUncompressor } from "hysnappy";

type Native = (input: Uint8Array) => Buffer;
const native = zlib as unknown as { zstdDecompressSync?: Native };

/**
 * The decompressors of every codec Parquet writers use, for hyparquet (which reads only Snappy by itself): Zstandard
 * (Overture's files, DuckDB's `COMPRESSION zstd`) with Node's own zstd where it has one (22.15 and later), else
 * fzstd; gzip and Brotli with Node's zlib; Snappy with hysnappy (WebAssembly: 3× hyparquet's JavaScript, measured
 * on a places file; one instance for the process — `snappyUncompress` would compile a new one per page); LZ4 with
 * hyparquet-compressors.
 * @example parquetReadObjects({ file, compressors: PARQUET_CODECS })
 */
export const PARQUET_CODECS: Compressors = {
  SNAPPY: (input, length) => snappy()(input, length),
  ZSTD: native.zstdDecompressSync
    ? (input) => asBytes((native.zstdDecompressSync as Native)(input))
    : (input, length) => decompressZstd(input, new Uint8Array(length)),
  GZIP: (input) => asBytes(zlib.gunzipSync(input)),
  BROTLI: (input) => asBytes(zlib.brotliDecompressSync(input)),
  LZ4: (input, length) => decompressLz4(input, length),
  LZ4_RAW: (input, length) => decompressLz4Raw(input, length),
};

let uncompress: ((input: Uint8Array, length: number) => Uint8Array) | undefined;
const snappy = () => {
  uncompress ??= snappyUncompressor();
  return uncompress;
};

const asBytes = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
