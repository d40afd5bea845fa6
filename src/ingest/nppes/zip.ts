import type { Readable } from "node:stream";
import yauzl from "yauzl";

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
 * Opens a ZIP archive with yauzl (random access to the central directory, ZIP64, CRC checked as a member is read to
 * its end) and lists its members; folders are left out.
 * @example const zip = await openZip("NPPES_Data_Dissemination_November_2026.zip"); const s = await zip.open(zip.members[0].name);
 */
export async function openZip(path: string): Promise<ZipArchive> {
  const file = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: true });
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    file.on("entry", (e: yauzl.Entry) => {
      if (!e.fileName.endsWith("/")) entries.set(e.fileName, e);
      file.readEntry();
    });
    file.on("end", () => resolve());
    file.on("error", reject);
    file.readEntry();
  });
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
      return file.openReadStreamPromise(entry);
    },
    close: () => file.close(),
  };
}

/** The bytes a ZIP archive starts with (a local file header), to tell an archive from a text file by content. */
export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
