import { promisify } from "node:util";
import * as zlib from "node:zlib";
import type { CompressionCodec, Compressors } from "hyparquet";
import { decompressLz4, decompressLz4Raw, decompressZstd } from "hyparquet-compressors";
import { snappyUncompressor } from "hysnappy";

type Native = (input: Uint8Array, options?: { chunkSize?: number }) => Buffer;
type NativeAsync = (
  input: Uint8Array,
  options: { chunkSize?: number },
  done: (e: Error | null, out: Buffer) => void,
) => void;
const native = zlib as unknown as { zstdDecompressSync?: Native; zstdDecompress?: NativeAsync };
/** One output chunk of the page's size: zlib then has nothing to concatenate. */
const whole = (length: number) => ({ chunkSize: Math.max(length, 64 * 1024) });

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
    ? (input, length) => asBytes((native.zstdDecompressSync as Native)(input, whole(length)))
    : (input, length) => decompressZstd(input, new Uint8Array(length)),
  GZIP: (input, length) => asBytes(zlib.gunzipSync(input, whole(length))),
  BROTLI: (input, length) => asBytes(zlib.brotliDecompressSync(input, whole(length))),
  LZ4: (input, length) => decompressLz4(input, length),
  LZ4_RAW: (input, length) => decompressLz4Raw(input, length),
};

let uncompress: ((input: Uint8Array, length: number) => Uint8Array) | undefined;
const snappy = () => {
  uncompress ??= snappyUncompressor();
  return uncompress;
};

const asBytes = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

type AsyncCodec = (input: Uint8Array, length: number) => Promise<Uint8Array>;
const zstdAsync = native.zstdDecompress ? promisify(native.zstdDecompress) : null;
const gunzipAsync = promisify(zlib.gunzip);
const brotliAsync = promisify(zlib.brotliDecompress);

/**
 * The codecs Node decompresses on its thread pool (Zstandard where Node has it, gzip, Brotli): the pages of a row
 * group's columns are decompressed there side by side, while the main thread decodes (a places file of Overture's,
 * zstd: its pages' decompression was a third of the read, on one core of two).
 */
export const PARQUET_CODECS_ASYNC: Partial<Record<CompressionCodec, AsyncCodec>> = {
  ...(zstdAsync ? { ZSTD: async (input, length) => asBytes(await zstdAsync(input, whole(length))) } : {}),
  GZIP: async (input, length) => asBytes(await gunzipAsync(input, whole(length))),
  BROTLI: async (input, length) => asBytes(await brotliAsync(input, whole(length))),
};
