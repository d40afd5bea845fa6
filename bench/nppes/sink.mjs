// @ts-check
// Where generated text goes: big buffers to a file and/or to an entry of the bundle being zipped, written as they
// fill (a few MiB at a time), never the whole file in memory. The bundle is a ZIP written by yazl, streamed entry
// by entry, ZIP64 where an entry passes 4 GiB (the full-size main file does).
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { open } from "node:fs/promises";
import { PassThrough } from "node:stream";
import yazl from "yazl";

const CHUNK = 4 * 2 ** 20;
/** Room kept free at the end of a chunk: a line never comes close to it (330 cells of at most 100 characters). */
const HEADROOM = 64 * 1024;

/** Node's Buffer has latin1Write (the fastest way to put a one-byte string into it); its types do not say so. */
/** @typedef {Buffer & { latin1Write(s: string, offset: number): number }} Chunk */
const newChunk = () => /** @type {Chunk} */ (Buffer.allocUnsafe(CHUNK));

/**
 * Lines written straight into a 4 MiB buffer (strings encoded in place, constant runs copied as bytes), sent to
 * the targets when it fills. The caller adds one line at a time and awaits `flush()` when `add…` says it is full.
 */
export class ByteSink {
  /**
   * @param {{ file?: import("node:fs/promises").FileHandle, stream?: import("node:stream").Writable }} targets
   */
  constructor(targets) {
    this.targets = targets;
    this.buf = newChunk();
    this.pos = 0;
    this.bytes = 0;
    this.lines = 0;
  }

  /**
   * Appends text (ASCII: places are transliterated, so latin1 is its exact and fastest encoding).
   * @param {string} s
   */
  str(s) {
    this.pos += this.buf.latin1Write(s, this.pos);
  }

  /**
   * Appends bytes (the constant runs of empty cells).
   * @param {Buffer} b
   */
  raw(b) {
    this.pos += b.copy(this.buf, this.pos);
  }

  /** Ends a line; true when the buffer is full and `flush()` should be awaited. */
  endLine() {
    this.lines++;
    return this.pos >= CHUNK - HEADROOM;
  }

  /**
   * Appends a whole line; true when `flush()` should be awaited.
   * @param {string} line
   */
  line(line) {
    this.str(line);
    return this.endLine();
  }

  async flush() {
    if (this.pos === 0) return;
    const out = this.buf.subarray(0, this.pos);
    // A stream may hold the chunk until it is compressed: the next lines go to a new buffer.
    this.buf = newChunk();
    this.pos = 0;
    this.bytes += out.length;
    const { file, stream } = this.targets;
    await Promise.all([file?.write(out), stream && !stream.write(out) ? once(stream, "drain") : undefined]);
  }

  /** Flushes, then closes the file and ends the stream. */
  async close() {
    await this.flush();
    await this.targets.file?.close();
    this.targets.stream?.end();
  }
}

/**
 * Opens a file for a sink.
 * @param {string} path
 */
export const openFile = (path) => open(path, "w");

/** A ZIP archive written as its entries are produced. */
export class Bundle {
  /**
   * @param {string} path
   * @param {{ mtime: Date, compressionLevel: number }} o
   */
  constructor(path, o) {
    this.options = { mtime: o.mtime, mode: 0o100644, compressionLevel: o.compressionLevel };
    this.zip = new yazl.ZipFile();
    const out = createWriteStream(path);
    this.zip.outputStream.pipe(out);
    /** @type {Promise<void>} */
    this.done = new Promise((resolve, reject) => {
      out.on("close", () => resolve());
      out.on("error", reject);
      this.zip.on("error", reject);
      this.zip.outputStream.on("error", reject);
    });
    // An error before end() is awaited must not be unhandled; end() reports it.
    this.done.catch(() => {});
  }

  /**
   * An entry whose content is written to the returned stream (in order: yazl reads entries one at a time).
   * @param {string} name
   */
  entry(name) {
    // Room for four chunks: the generator runs ahead while zlib compresses on another thread.
    const stream = new PassThrough({ highWaterMark: 4 * CHUNK });
    this.zip.addReadStreamLazy(name, this.options, (cb) => cb(null, stream));
    return stream;
  }

  /** @param {string} path @param {string} name */
  addFile(path, name) {
    this.zip.addFile(path, name, this.options);
  }

  /** @param {string} text @param {string} name */
  addText(text, name) {
    this.zip.addBuffer(Buffer.from(text, "utf8"), name, this.options);
  }

  /** @param {string} comment printable ASCII */
  async end(comment) {
    this.zip.end({ forceZip64Format: false, comment });
    await this.done;
  }
}
