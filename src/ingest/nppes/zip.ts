import { type Readable, Transform, type TransformCallback } from "node:stream";
import * as zlib from "node:zlib";
import CRC32 from "crc-32";
import yauzl from "yauzl";
import { FatalInputError } from "../problems.js";

/** One member of a ZIP archive: its name and sizes, read from the central directory. */
export interface ZipMember {
  name: string;
  /** Uncompressed size in bytes. */
  size: number;
  compressedSize: number;
}

/** A ZIP archive opened for reading its members one stream at a time, never extracted to disk. */
export interface ZipArchive {
  path: string;
  members: readonly ZipMember[];
  /** A stream of one member's uncompressed bytes (inflated as it is read; ZIP64 members of any size). */
  open(name: string): Promise<Readable>;
  close(): void;
}

/**
 * Opens a ZIP archive with yauzl (random access to the central directory, ZIP64) and lists its members; folders are
 * left out. A member's CRC-32 is checked as it is read to its end (yauzl checks only sizes): a damaged member is
 * refused, naming it. An archive that holds two members of one name is refused (`bundle_ambiguous`): which one is
 * meant cannot be told (tools take the first or the last).
 * @example const zip = await openZip("NPPES_Data_Dissemination_November_2026.zip"); const s = await zip.open(zip.members[0].name);
 */
export async function openZip(path: string): Promise<ZipArchive> {
  const file = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: true });
  const entries = new Map<string, yauzl.Entry>();
  const twice = new Set<string>();
  await new Promise<void>((resolve, reject) => {
    file.on("entry", (e: yauzl.Entry) => {
      if (!e.fileName.endsWith("/")) {
        if (entries.has(e.fileName)) twice.add(e.fileName);
        entries.set(e.fileName, e);
      }
      file.readEntry();
    });
    file.on("end", () => resolve());
    file.on("error", reject);
    file.readEntry();
  });
  if (twice.size > 0) {
    file.close();
    throw new FatalInputError({
      file: path,
      row: 0,
      field: "",
      code: "bundle_ambiguous",
      message: `the archive holds several members named ${[...twice].join(", ")}: which one is meant cannot be told. Extract the one you mean and pass it as --input, or make the archive again with one of each`,
    });
  }
  const members = [...entries.values()].map((e) => ({
    name: e.fileName,
    size: e.uncompressedSize,
    compressedSize: e.compressedSize,
  }));
  return {
    path,
    members,
    async open(name) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`${path} has no member ${name}`);
      const stream = await file.openReadStreamPromise(entry);
      const check = new CrcCheck(`${path}!${name}`, entry.crc32, stream);
      stream.on("error", (e) => check.destroy(e));
      return stream.pipe(check);
    },
    close: () => file.close(),
  };
}

/** The bytes a ZIP archive starts with (a local file header), to tell an archive from a text file by content. */
export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A running CRC-32: zlib's (Node 20.15 and later), else the `crc-32` package's. */
const crc32: (bytes: Uint8Array, crc: number) => number =
  typeof (zlib as { crc32?: unknown }).crc32 === "function"
    ? (bytes, crc) =>
        (zlib as unknown as { crc32: (b: Uint8Array, c: number) => number }).crc32(bytes, crc) >>> 0
    : (bytes, crc) => CRC32.buf(bytes, crc) >>> 0;

/**
 * Passes a member's bytes through and checks, at its end, their CRC-32 against the one the archive records for it
 * (`unzip -t`'s "bad CRC"): a member altered after it was zipped is refused, naming it, before any of its rows is
 * used (the NPPES reader yields rows only once its files are read). Destroying it destroys `source`.
 */
class CrcCheck extends Transform {
  #crc = 0;
  constructor(
    private readonly label: string,
    private readonly expected: number,
    private readonly source: Readable,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.#crc = crc32(chunk, this.#crc);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.#crc === this.expected >>> 0) {
      done();
      return;
    }
    const hex = (n: number) => n.toString(16).padStart(8, "0");
    done(
      new FatalInputError({
        file: this.label,
        row: 0,
        field: "",
        code: "file_unreadable",
        message: `the member is damaged: its bytes' CRC-32 is ${hex(this.#crc)} where the archive records ${hex(this.expected >>> 0)} (\`unzip -t\` says "bad CRC"); nothing of it is used`,
        next: "Download the bundle again",
      }),
    );
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void): void {
    this.source.destroy();
    done(error);
  }
}
