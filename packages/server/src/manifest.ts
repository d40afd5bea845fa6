import { createHash } from "node:crypto";
import { readSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";

/**
 * The tree manifest `files.tsv` (docs/architecture.md): a header line, one `path<TAB>bytes<TAB>sha256` line per
 * file sorted by path (byte order), and a trailer `#end<TAB><count><TAB><sha256 of every byte before it>`.
 * The server reads it streamed, in bounded memory, and refuses a folder whose manifest is missing, malformed,
 * truncated or edited.
 */
export const MANIFEST_NAME = "files.tsv";

/** The first line of every manifest (format version 1). */
export const MANIFEST_HEADER = "#ucd-files\t1";

/** One file line of the manifest. */
export interface ManifestLine {
  /** Relative path with `/`, as listed (no leading slash). */
  path: string;
  size: number;
  /** SHA-256 of the file, 64 lowercase hex digits. */
  sha256: string;
  /** Byte offset of the line in the manifest, to read it back later. */
  offset: number;
}

/** The manifest lines of one document: its own and its compressed siblings'. */
export interface Entry {
  identity: ManifestLine;
  br: ManifestLine | null;
  gz: ManifestLine | null;
}

/** What a complete read of a manifest found. */
export interface ManifestSummary {
  files: number;
  /** The trailer's digest (hex): the identity of the whole tree. */
  digest: string;
  /** Sum of the listed files' sizes. */
  bytes: number;
}

/** A manifest that must not be trusted: the folder is refused. */
export class ManifestError extends Error {
  override readonly name = "ManifestError";
}

const CHUNK = 1 << 20;
const MAX_LINE = 8192;
const HEX64 = /^[0-9a-f]{64}$/;
const DIGITS = /^(?:0|[1-9][0-9]{0,14})$/;

/**
 * True when `path` may be listed: relative, `/`-separated, with no empty, `.` or `..` segment, no backslash,
 * and no control character (so that root + path never leaves the folder).
 * @example safePath("api/v1/index.json"); // true
 * @example safePath("api/../secret"); // false
 */
export function safePath(path: string): boolean {
  const n = path.length;
  if (n === 0 || n > 4096) return false;
  let segment = 0; // start of the current segment
  for (let i = 0; i <= n; i++) {
    const c = i < n ? path.charCodeAt(i) : 47;
    if (c < 0x20 || c === 0x7f || c === 92 /* \ */) return false;
    if (c !== 47 /* / */) continue;
    const len = i - segment;
    if (len === 0) return false;
    if (
      path.charCodeAt(segment) === 46 /* . */ &&
      (len === 1 || (len === 2 && path.charCodeAt(segment + 1) === 46))
    )
      return false;
    segment = i + 1;
  }
  return true;
}

/** The decimal at `buf[start, end)`: 0, or 1–15 digits without a leading zero; -1 when it is not one. */
function decimalAt(buf: Buffer, start: number, end: number): number {
  const len = end - start;
  if (len < 1 || len > 15 || (len > 1 && buf[start] === 48)) return -1;
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = (buf[i] as number) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** True when `buf[start, end)` is 64 lowercase hex digits. */
function hex64At(buf: Buffer, start: number, end: number): boolean {
  if (end - start !== 64) return false;
  for (let i = start; i < end; i++) {
    const c = buf[i] as number;
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/**
 * Reads a manifest from `handle` front to back in 1 MiB chunks, checking the header, every line's shape,
 * the sort order, the count and the trailer's digest; calls `onLine` for every file line (awaiting it when it
 * returns a promise, which bounds whatever work it starts). Throws `ManifestError` on the first problem.
 * @example await readManifest(await open("public/files.tsv"), (l) => console.log(l.path, l.size));
 */
export async function readManifest(
  handle: FileHandle,
  onLine: (line: ManifestLine) => undefined | Promise<unknown>,
): Promise<ManifestSummary> {
  const hash = createHash("sha256");
  const buffer = Buffer.allocUnsafe(CHUNK);
  let filled = 0; // bytes of `buffer` holding data not yet parsed (a partial line at its start)
  let position = 0; // file offset of buffer[0]
  let lineNo = 0;
  let files = 0;
  let bytes = 0;
  const previous = Buffer.allocUnsafe(MAX_LINE); // the last path, to check the order without allocating
  let previousLength = 0;
  let trailer: { count: number; digest: string } | null = null;
  let yielded = Date.now();
  let digest = "";
  for (;;) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position + filled);
    const end = filled + bytesRead;
    if (bytesRead === 0) {
      if (filled > 0 || trailer === null) throw new ManifestError("truncated: no trailer line");
      break;
    }
    const lastNewline = buffer.lastIndexOf(10, end - 1);
    if (lastNewline < 0) {
      filled = end;
      if (filled > MAX_LINE) throw new ManifestError(`line ${lineNo + 1} too long`);
      continue;
    }
    let at = 0;
    while (at <= lastNewline) {
      const nl = buffer.indexOf(10, at);
      lineNo++;
      if (trailer !== null) throw new ManifestError(`line ${lineNo}: text after the trailer`);
      if (lineNo === 1) {
        if (buffer.toString("latin1", at, nl) !== MANIFEST_HEADER)
          throw new ManifestError(`line 1 is not ${JSON.stringify(MANIFEST_HEADER)}`);
      } else if (buffer[at] === 35 /* # */) {
        const parts = buffer.toString("latin1", at, nl).split("\t");
        if (
          parts.length !== 3 ||
          parts[0] !== "#end" ||
          !DIGITS.test(parts[1] ?? "") ||
          !HEX64.test(parts[2] ?? "")
        )
          throw new ManifestError(`line ${lineNo}: malformed trailer`);
        hash.update(buffer.subarray(0, at));
        digest = hash.digest("hex");
        trailer = { count: Number(parts[1]), digest: parts[2] as string };
      } else {
        const tab1 = buffer.indexOf(9, at);
        const tab2 = tab1 < 0 || tab1 > nl ? -1 : buffer.indexOf(9, tab1 + 1);
        const tab3 = tab2 < 0 || tab2 > nl ? -1 : buffer.indexOf(9, tab2 + 1);
        if (tab1 < 0 || tab1 > nl || tab2 < 0 || tab2 > nl || (tab3 >= 0 && tab3 < nl))
          throw new ManifestError(`line ${lineNo}: not path<TAB>bytes<TAB>sha256`);
        if (files > 0 && previous.compare(buffer, at, tab1, 0, previousLength) >= 0)
          throw new ManifestError(`line ${lineNo}: not sorted (or listed twice)`);
        const path = buffer.toString("utf8", at, tab1);
        const size = decimalAt(buffer, tab1 + 1, tab2);
        if (!safePath(path)) throw new ManifestError(`line ${lineNo}: unsafe path ${JSON.stringify(path)}`);
        if (size < 0) throw new ManifestError(`line ${lineNo}: bad size`);
        if (!hex64At(buffer, tab2 + 1, nl)) throw new ManifestError(`line ${lineNo}: bad SHA-256`);
        const sha256 = buffer.toString("latin1", tab2 + 1, nl);
        previousLength = buffer.copy(previous, 0, at, tab1);
        files++;
        bytes += size;
        const pending = onLine({ path, size, sha256, offset: position + at });
        if (pending) await pending;
        else if (files % 256 === 0 && Date.now() - yielded >= 4) {
          // Reading a large manifest beside live traffic: let requests through every 4 ms of work.
          await new Promise((resolve) => setImmediate(resolve));
          yielded = Date.now();
        }
      }
      at = nl + 1;
    }
    if (trailer === null) hash.update(buffer.subarray(0, at));
    buffer.copy(buffer, 0, at, end);
    position += at;
    filled = end - at;
    if (filled > MAX_LINE) throw new ManifestError(`line ${lineNo + 1} too long`);
  }
  const t = trailer as { count: number; digest: string } | null;
  if (t === null) throw new ManifestError("truncated: no trailer line");
  if (t.count !== files) throw new ManifestError(`trailer counts ${t.count} files, ${files} listed`);
  if (t.digest !== digest)
    throw new ManifestError("trailer digest does not match the listing (edited or truncated)");
  return { files, digest, bytes };
}

/**
 * Reads back the manifest line at `offset` (a `ManifestLine.offset`) and the lines after it whose paths start
 * with `prefix` (a document's compressed siblings sort right after it), stopping at the trailer.
 * @example const [line, ...siblings] = await readLinesAt(handle, entry.offset, "api/v1/index.json");
 */
export async function readLinesAt(
  handle: FileHandle,
  offset: number,
  prefix: string,
): Promise<ManifestLine[]> {
  for (let size = 2048; ; size *= 8) {
    const buffer = Buffer.allocUnsafe(size);
    const { bytesRead } = await handle.read(buffer, 0, size, offset);
    const lines = linesAt(buffer, bytesRead, offset, prefix);
    if (lines) return lines;
  }
}

/**
 * `readLinesAt` on a descriptor, synchronously: what a cold request does (a page-cached read of a few hundred
 * bytes is far cheaper than a promise round trip through the thread pool).
 */
export function readLinesAtSync(fd: number, offset: number, prefix: string): ManifestLine[] {
  for (let size = 1024; ; size *= 8) {
    const buffer = Buffer.allocUnsafe(size);
    const bytesRead = readSync(fd, buffer, 0, size, offset);
    const lines = linesAt(buffer, bytesRead, offset, prefix);
    if (lines) return lines;
  }
}

/**
 * The lines of `buffer` (read at `offset` of `files.tsv`, `bytesRead` of it filled) from the first one while they
 * start with `prefix`; null when the buffer ended before they did and a larger read is needed (up to 1 MiB).
 */
function linesAt(buffer: Buffer, bytesRead: number, offset: number, prefix: string): ManifestLine[] | null {
  const out: ManifestLine[] = [];
  for (let at = 0; ; ) {
    const nl = buffer.indexOf(10, at);
    if (nl < 0 || nl >= bytesRead) break;
    const line = buffer.toString("utf8", at, nl);
    if (line.startsWith("#") || (out.length > 0 && !line.startsWith(prefix))) return out;
    const [path = "", bytes = "", sha256 = ""] = line.split("\t");
    out.push({ path, size: Number(bytes), sha256, offset: offset + at });
    at = nl + 1;
  }
  return bytesRead < buffer.length || buffer.length >= 1 << 20 ? out : null;
}
