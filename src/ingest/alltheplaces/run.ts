import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import type { Readable } from "node:stream";
import { openZip, type ZipArchive } from "../nppes/zip.js";

/** One spider's output in a run: `output/<spider>.geojson` in the run's ZIP, or a `.geojson` file given alone. */
export interface SpiderFile {
  /** How problems name it: the path, or `output.zip!output/<spider>.geojson`. */
  label: string;
  /** The spider's name, from the file's name (`afc_urgent_care.geojson` → `afc_urgent_care`). */
  spider: string;
  /** Uncompressed size in bytes. */
  size: number;
  open(): Promise<Readable>;
}

/** The spiders' outputs of one input, in name order, and what closes it. */
export interface AtpRun {
  path: string;
  files: SpiderFile[];
  close(): void;
}

/**
 * Whether a ZIP archive is an All The Places run's output (`output.zip`: one `<spider>.geojson` per spider, under
 * `output/`), from its members' names.
 */
export function isAtpArchive(zip: ZipArchive): boolean {
  return zip.members.some((m) => /\.geojson$/i.test(m.name));
}

/**
 * The spiders' outputs of an input: the members of a run's ZIP (read with the NPPES reader's yauzl code: streamed
 * and inflated member by member, CRC checked, never extracted), or one `.geojson` file. Members that are not
 * GeoJSON (logs, statistics) are left out.
 * @example const run = await openRun("output.zip"); for (const f of run.files) … ; run.close();
 */
export async function openRun(path: string, archive?: ZipArchive): Promise<AtpRun> {
  if (/\.geojson$/i.test(path)) {
    const size = (await stat(path)).size;
    const file: SpiderFile = {
      label: path,
      spider: spiderOf(path),
      size,
      open: async () => createReadStream(path, { highWaterMark: 1 << 20 }),
    };
    return { path, files: [file], close() {} };
  }
  const zip = archive ?? (await openZip(path));
  const files = zip.members
    .filter((m) => /\.geojson$/i.test(m.name))
    .map(
      (m): SpiderFile => ({
        label: `${path}!${m.name}`,
        spider: spiderOf(m.name),
        size: m.size,
        open: () => zip.open(m.name),
      }),
    )
    .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  return { path, files, close: () => zip.close() };
}

function spiderOf(name: string): string {
  return basename(name).replace(/\.geojson$/i, "");
}
