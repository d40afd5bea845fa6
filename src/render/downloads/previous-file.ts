import { type FileHandle, open } from "node:fs/promises";
import * as zlib from "node:zlib";
import CRC32 from "crc-32";

/**
 * CRC-32 of some bytes: zlib's (Node 20.15 and later), else the `crc-32` package's (a tenth of the speed).
 * @example crc32(Buffer.from("abc")) // 891568578
 */
export const crc32: (bytes: Uint8Array) => number =
  typeof (zlib as { crc32?: unknown }).crc32 === "function"
    ? (bytes) => (zlib as unknown as { crc32: (b: Uint8Array) => number }).crc32(bytes) >>> 0
    : (bytes) => CRC32.buf(bytes) >>> 0;

/** Bytes read at once: the pieces a release reuses lie mostly in order, so one read serves many. */
const BLOCK = 4 * 2 ** 20;

/**
 * A download file of the previous release, read back by range in blocks, for the pieces and rows this release
 * reuses. Opened only when its size is the one its release recorded; every range read is checked by its caller
 * against the CRC-32 kept for it (`readChecked`), so that damaged bytes are never used.
 * @example const prev = await PreviousFile.open("/store/r1/site/downloads/x-2026-05-01.csv", 52_431_112);
 */
export class PreviousFile {
  readonly #handle: FileHandle;
  readonly #size: number;
  #block: Buffer = Buffer.alloc(0);
  #blockAt = 0;
  /** Reads one at a time, so that pieces asked for together share a block instead of each reading their own. */
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(handle: FileHandle, size: number) {
    this.#handle = handle;
    this.#size = size;
  }

  /** The file, or null when it is missing or not of `bytes` bytes. */
  static async open(path: string, bytes: number): Promise<PreviousFile | null> {
    let handle: FileHandle;
    try {
      handle = await open(path, "r");
    } catch {
      return null;
    }
    try {
      if ((await handle.stat()).size === bytes) return new PreviousFile(handle, bytes);
    } catch {
      // unreadable: as missing
    }
    await handle.close();
    return null;
  }

  /** `length` bytes at `offset` whose CRC-32 is `crc`, or null when they are out of the file or not those bytes. */
  async readChecked(offset: number, length: number, crc: number): Promise<Buffer | null> {
    const read = this.#queue.then(() => this.#read(offset, length));
    this.#queue = read;
    const bytes = await read;
    return bytes !== null && crc32(bytes) === crc >>> 0 ? bytes : null;
  }

  async close(): Promise<void> {
    await this.#handle.close();
  }

  async #read(offset: number, length: number): Promise<Buffer | null> {
    if (offset < 0 || length < 0 || offset + length > this.#size) return null;
    if (offset >= this.#blockAt && offset + length <= this.#blockAt + this.#block.length)
      return this.#block.subarray(offset - this.#blockAt, offset - this.#blockAt + length);
    const size = Math.min(Math.max(length, BLOCK), this.#size - offset);
    const block = Buffer.allocUnsafe(size);
    let got = 0;
    try {
      while (got < size) {
        const { bytesRead } = await this.#handle.read(block, got, size - got, offset + got);
        if (bytesRead === 0) return null;
        got += bytesRead;
      }
    } catch {
      return null;
    }
    this.#block = block;
    this.#blockAt = offset;
    return block.subarray(0, length);
  }
}
