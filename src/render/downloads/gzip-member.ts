import { promisify } from "node:util";
import { constants, deflateRaw } from "node:zlib";
import CRC32 from "crc-32";

// One gzip member built from independently deflated pieces, the way pigz builds its output: each piece is a raw
// deflate stream ended by a sync flush (an empty stored block, so it stops on a byte boundary with no final block),
// and the member is the gzip header, the pieces in order, one empty final block and the trailer (CRC-32 and length
// of the whole). One member, not a concatenation of members: some HTTP clients decode only the first member.

const deflate = promisify(deflateRaw);

/** Deflate's window: how far back a piece's matches may reach into the text before it. */
export const WINDOW = 32 * 1024;

/** One piece of a gzip member: its deflated bytes, and the CRC-32 and length of the bytes it holds. */
export interface DeflatedPiece {
  deflated: Buffer;
  crc: number;
  length: number;
  /** CRC-32 of `deflated`, when known (a piece read back from the previous release's `.gz`). */
  deflatedCrc?: number;
}

/**
 * Deflates one piece at `level`, ended by a sync flush, with the CRC-32 of its bytes. `dictionary` is the text just
 * before the piece (at most WINDOW bytes, empty for the first): an inflater's window holds it when it reaches the
 * piece, so matches may point into it (as pigz does), which keeps small pieces compressing as well as the whole.
 * @example const piece = await deflatePiece(Buffer.from("id,name\r\n"), 9, Buffer.alloc(0)); // piece.deflated ends 00 00 ff ff
 */
export async function deflatePiece(bytes: Buffer, level: number, dictionary: Buffer): Promise<DeflatedPiece> {
  const deflated = await deflate(bytes, {
    level,
    finishFlush: constants.Z_SYNC_FLUSH,
    ...(dictionary.length > 0 ? { dictionary } : {}),
  });
  return { deflated, crc: CRC32.buf(bytes) >>> 0, length: bytes.length };
}

/**
 * The 10-byte gzip header zlib writes at `level` (no name, no time, OS Unix; XFL 2 at level 9, 4 at level 1).
 * @example gzipHeader(9) // <1f 8b 08 00 00 00 00 00 02 03>
 */
export function gzipHeader(level: number): Buffer {
  const xfl = level === 9 ? 2 : level < 2 ? 4 : 0;
  return Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, xfl, 3]);
}

/**
 * What ends the member: an empty final block (fixed Huffman, end-of-block only), then CRC-32 and length mod 2³².
 * @example gzipEnd(0, 0) // <03 00 00 00 00 00 00 00 00 00>
 */
export function gzipEnd(crc: number, length: number): Buffer {
  const end = Buffer.from([3, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  end.writeUInt32LE(crc >>> 0, 2);
  end.writeUInt32LE(length % 2 ** 32, 6);
  return end;
}

/** CRC-32's polynomial, reflected. */
const POLY = 0xedb88320;

/** a(x)·b(x) mod p(x), with polynomials as 32-bit reflected values (zlib's multmodp). */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let x = b;
  for (;;) {
    if (a & m) {
      p ^= x;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    x = x & 1 ? (x >>> 1) ^ POLY : x >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) mod p(x), k = 0…31. */
const X2N = (() => {
  const table = new Uint32Array(32);
  let p = 0x40000000; // x¹
  table[0] = p;
  for (let k = 1; k < 32; k++) table[k] = p = multmodp(p, p);
  return table;
})();

/** x^(n·2^k) mod p(x). */
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000; // x⁰
  let rest = n;
  let bit = k;
  while (rest > 0) {
    if (rest % 2 === 1) p = multmodp(X2N[bit & 31] as number, p);
    rest = Math.floor(rest / 2);
    bit++;
  }
  return p;
}

/**
 * The CRC-32 of A followed by B from the CRC-32 of each and B's length (zlib's crc32_combine), so that the CRC of
 * the whole download comes from its pieces' CRCs without reading the pieces that were reused.
 * @example crc32Combine(CRC32.str("ab") >>> 0, CRC32.str("cd") >>> 0, 2) === CRC32.str("abcd") >>> 0
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multmodp(x2nmodp(lengthB, 3), crcA >>> 0) ^ crcB) >>> 0;
}
