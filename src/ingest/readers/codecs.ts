import { promisify } from "node:util";
import * as zlib from "node:zlib";
import type { CompressionCodec, Compressors } from "hyparquet";
import { decompressLz4, decompressLz4Raw, decompressZstd } from "hyparquet-compressors";
import { snappyUncompressor } from "hysnappy";
import { ParquetLimitError } from "./parquet-limits.js";

type Options = { chunkSize?: number; maxOutputLength?: number };
type Native = (input: Uint8Array, options?: Options) => Buffer;
type NativeAsync = (
  input: Uint8Array,
  options: Options,
  done: (e: Error | null, out: Buffer) => void,
) => void;
const native = zlib as unknown as { zstdDecompressSync?: Native; zstdDecompress?: NativeAsync };
/**
 * One output chunk of the page's size (zlib then has nothing to concatenate), and never more output than the page
 * header declares: a page of 100 bytes that inflates to 1 GiB stops at byte 101.
 */
const whole = (length: number): Options => ({
  chunkSize: Math.max(length, 64 * 1024),
  maxOutputLength: Math.max(length, 1),
});

/**
 * The decompressors of every codec Parquet writers use, for hyparquet (which reads only Snappy by itself): Zstandard
 * (Overture's files, DuckDB's `COMPRESSION zstd`) with Node's own zstd where it has one (22.15 and later), else
 * fzstd; gzip and Brotli with Node's zlib; Snappy with hysnappy (WebAssembly: 3× hyparquet's JavaScript, measured
 * on a places file; one instance for the process — `snappyUncompress` would compile a new one per page); LZ4 with
 * hyparquet-compressors. Each first checks that the page's declared size can be (`checkDeclaredSize`) and never
 * writes past it; a page whose data decompresses to more or less than it declares is refused.
 * @example parquetReadObjects({ file, compressors: PARQUET_CODECS })
 */
export const PARQUET_CODECS: Compressors = {
  SNAPPY: checked("SNAPPY", (input, length) => snappy()(input, length)),
  ZSTD: checked(
    "ZSTD",
    native.zstdDecompressSync
      ? (input, length) => asBytes((native.zstdDecompressSync as Native)(input, whole(length)))
      : (input, length) => decompressZstd(input, new Uint8Array(length)),
  ),
  GZIP: checked("GZIP", (input, length) => asBytes(zlib.gunzipSync(input, whole(length)))),
  BROTLI: checked("BROTLI", (input, length) => asBytes(zlib.brotliDecompressSync(input, whole(length)))),
  LZ4: checked("LZ4", (input, length) => decompressLz4(input, length)),
  LZ4_RAW: checked("LZ4_RAW", (input, length) => decompressLz4Raw(input, length)),
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
 * zstd: its pages' decompression was a third of the read, on one core of two). Checked as `PARQUET_CODECS` are.
 */
export const PARQUET_CODECS_ASYNC: Partial<Record<CompressionCodec, AsyncCodec>> = {
  ...(zstdAsync
    ? { ZSTD: checkedAsync("ZSTD", async (input, length) => asBytes(await zstdAsync(input, whole(length)))) }
    : {}),
  GZIP: checkedAsync("GZIP", async (input, length) => asBytes(await gunzipAsync(input, whole(length)))),
  BROTLI: checkedAsync("BROTLI", async (input, length) => asBytes(await brotliAsync(input, whole(length)))),
};

function checked(
  codec: CompressionCodec,
  run: (input: Uint8Array, length: number) => Uint8Array,
): (input: Uint8Array, length: number) => Uint8Array {
  return (input, length) => {
    checkDeclaredSize(codec, input, length);
    let out: Uint8Array;
    try {
      out = run(input, length);
    } catch (e) {
      throw decompressionError(codec, length, e);
    }
    return sameLength(codec, out, length);
  };
}

function checkedAsync(codec: CompressionCodec, run: AsyncCodec): AsyncCodec {
  return async (input, length) => {
    checkDeclaredSize(codec, input, length);
    let out: Uint8Array;
    try {
      out = await run(input, length);
    } catch (e) {
      throw decompressionError(codec, length, e);
    }
    return sameLength(codec, out, length);
  };
}

function sameLength(codec: CompressionCodec, out: Uint8Array, length: number): Uint8Array {
  if (out.length !== length)
    throw new ParquetLimitError(
      `a page decompresses (${codec}) to ${out.length} bytes where its header declares ${length}`,
    );
  return out;
}

function decompressionError(codec: CompressionCodec, length: number, e: unknown): Error {
  const err = e as NodeJS.ErrnoException;
  if (err.code === "ERR_BUFFER_TOO_LARGE" || /larger than|exceeds|too large/i.test(String(err.message)))
    return new ParquetLimitError(
      `a page decompresses (${codec}) to more than the ${length} bytes its header declares`,
    );
  return new ParquetLimitError(`a page cannot be decompressed (${codec}: ${err.message})`);
}

/** The most a byte of each codec's data can decompress to (Snappy 64/3, deflate 1032, LZ4 255), with slack. */
const MAX_RATIO: Partial<Record<CompressionCodec, number>> = {
  SNAPPY: 22,
  GZIP: 1040,
  LZ4: 256,
  LZ4_RAW: 256,
};

/**
 * Refuses a page whose declared decompressed size its compressed bytes cannot hold: more than the codec's largest
 * ratio allows (Snappy, gzip, LZ4), another size than Snappy's own header or Zstandard's frames say, or, without a
 * codec, another size than the bytes. (Brotli has no useful bound: its pages are held to the declared size as they
 * decompress, and to the row group's budget.)
 * @example checkDeclaredSize("SNAPPY", body, header.uncompressed_page_size)
 */
export function checkDeclaredSize(codec: CompressionCodec, input: Uint8Array, declared: number): void {
  if (!Number.isSafeInteger(declared) || declared < 0)
    throw new ParquetLimitError(`a page declares a decompressed size of ${declared} bytes, which cannot be`);
  const ratio = MAX_RATIO[codec];
  if (ratio !== undefined && declared > ratio * input.length + 64)
    throw new ParquetLimitError(
      `a page of ${input.length} bytes declares ${declared} bytes decompressed, more than ${codec} can hold in that many bytes`,
    );
  if (codec === "SNAPPY") {
    const said = snappyLength(input);
    if (said !== declared)
      throw new ParquetLimitError(
        `a page's Snappy data holds ${said} bytes where its header declares ${declared}`,
      );
  } else if (codec === "ZSTD") {
    const { min, max } = zstdBounds(input);
    if (declared < min || declared > max)
      throw new ParquetLimitError(
        `a page's Zstandard data holds ${min === max ? min : `${min} to ${max}`} bytes where its header declares ${declared}`,
      );
  }
}

/** The uncompressed length Snappy data starts with (a varint). */
function snappyLength(input: Uint8Array): number {
  let value = 0;
  for (let i = 0; i < 5 && i < input.length; i++) {
    const b = input[i] as number;
    value += (b & 0x7f) * 2 ** (7 * i);
    if ((b & 0x80) === 0) return value;
  }
  throw new ParquetLimitError("a page's Snappy data has no length header");
}

const ZSTD_MAGIC = 0xfd2fb528;
const BLOCK_MAX = 128 * 1024;

/**
 * How many bytes Zstandard data can decompress to, from its frames' headers and block headers alone: a frame's
 * content size when it gives one; else its raw and RLE blocks exactly and each compressed block up to the block
 * maximum (128 KiB, or the window when smaller).
 * @example zstdBounds(zstdCompressSync(Buffer.alloc(1000))) // { min: 1000, max: 1000 }
 */
export function zstdBounds(input: Uint8Array): { min: number; max: number } {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const bad = (why: string) => new ParquetLimitError(`a page's Zstandard data is damaged (${why})`);
  let pos = 0;
  let min = 0;
  let max = 0;
  while (pos < input.length) {
    if (pos + 8 > input.length) throw bad("a frame is cut short");
    const magic = view.getUint32(pos, true);
    if (magic >>> 4 === 0x184d2a5) {
      pos += 8 + view.getUint32(pos + 4, true); // a skippable frame
      continue;
    }
    if (magic !== ZSTD_MAGIC) throw bad("no frame header");
    pos += 4;
    const fhd = input[pos++] as number;
    const single = (fhd >> 5) & 1;
    const fcsFlag = fhd >> 6;
    let window = 0;
    if (!single) {
      const wd = input[pos++] as number;
      const base = 2 ** (10 + (wd >> 3));
      window = base + (base / 8) * (wd & 7);
    }
    pos += [0, 1, 2, 4][fhd & 3] as number;
    const fcsBytes = fcsFlag === 0 ? single : 1 << fcsFlag;
    let fcs = -1;
    if (fcsBytes > 0) {
      if (pos + fcsBytes > input.length) throw bad("a frame header is cut short");
      fcs = 0;
      for (let i = 0; i < fcsBytes; i++) fcs += (input[pos + i] as number) * 2 ** (8 * i);
      if (fcsBytes === 2) fcs += 256;
      pos += fcsBytes;
    }
    if (single) window = fcs;
    const blockMax = Math.min(BLOCK_MAX, window);
    let frameMin = 0;
    let frameMax = 0;
    for (;;) {
      if (pos + 3 > input.length) throw bad("a block header is cut short");
      const h =
        (input[pos] as number) | ((input[pos + 1] as number) << 8) | ((input[pos + 2] as number) << 16);
      pos += 3;
      const type = (h >> 1) & 3;
      const size = h >>> 3;
      if (type === 3) throw bad("a reserved block type");
      if (size > BLOCK_MAX) throw bad("a block over 128 KiB");
      if (type === 0 || type === 1) {
        frameMin += size;
        frameMax += size;
        pos += type === 0 ? size : 1;
      } else {
        frameMax += blockMax;
        pos += size;
      }
      if (pos > input.length) throw bad("a block is cut short");
      if (h & 1) break;
    }
    if ((fhd >> 2) & 1) pos += 4;
    if (fcs >= 0) {
      if (fcs < frameMin || fcs > frameMax) throw bad("its blocks cannot make the size its frame declares");
      min += fcs;
      max += fcs;
    } else {
      min += frameMin;
      max += frameMax;
    }
  }
  if (pos > input.length) throw bad("a frame is cut short");
  return { min, max };
}
