import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

/**
 * A unit is what is rendered together and carried together: the files one piece of content makes.
 * - `clinic` (key: id): its document and its page in every language;
 * - `tombstone` (key: id): the same files of a clinic no longer listed;
 * - `city` (key: slug, in its state): its clinics' document and its pages;
 * - `state` (key: slug): its cities' document and its page;
 * - `network` (key: slug): its documents (pages of 1,000 clinics) and its pages;
 * - `shard` (key: the shard's API path): one document of the search index.
 * Everything else (lists, stats, index, downloads, the release history, the site's home, about, sitemap…) says
 * something about the whole release and is rendered every time.
 */
export type UnitKind = "clinic" | "tombstone" | "city" | "state" | "network" | "shard";

const CODE: Record<UnitKind, string> = {
  clinic: "c",
  tombstone: "t",
  city: "y",
  state: "s",
  network: "n",
  shard: "q",
};
const KIND = new Map(Object.entries(CODE).map(([kind, code]) => [code, kind as UnitKind]));

/** What a release remembers of one unit, for the next release to decide whether to render it again. */
export interface UnitRecord {
  kind: UnitKind;
  key: string;
  /**
   * What the next release needs to find the unit's files (and, for a clinic, what the search index knew of it):
   * a clinic's or tombstone's city and search fields, a city's or network's number of pages.
   */
  extra: string;
  /** The unit's content key: a hash of everything its files show but the stamp (`./keys.ts`). */
  content: string;
  /** Id of the stamp its files were rendered with (`../stamp.ts`). */
  stamp: string;
}

/** The bookkeeping file of one state's units, or of the units of the whole release (`_global`). */
export const unitsFile = (dir: string, name: string) => join(dir, "units", `${name}.tsv.gz`);

/** The name of the file of the units that belong to no state (networks, search shards). */
export const GLOBAL_UNITS = "_global";

/** One line of a units file; the fields hold no tab or newline (keys are slugs, ids and paths; `extra` is JSON). */
export function unitLine(u: UnitRecord): string {
  return `${CODE[u.kind]}\t${u.key}\t${u.extra}\t${u.content}\t${u.stamp}\n`;
}

/** `kind\tkey`: how a unit is looked up. */
export const unitId = (kind: UnitKind, key: string) => `${CODE[kind]}\t${key}`;

/** Writes one units file (gzip level 1: it is read once, by the next release). */
export async function writeUnits(file: string, lines: readonly string[]): Promise<void> {
  await mkdir(join(file, ".."), { recursive: true });
  await pipeline(
    async function* () {
      for (let i = 0; i < lines.length; i += 4096) yield lines.slice(i, i + 4096).join("");
    },
    createGzip({ level: 1 }),
    createWriteStream(file, { flags: "wx" }),
  );
}

/** The units of one file by `unitId`; empty when the file does not exist. */
export async function readUnits(file: string): Promise<Map<string, UnitRecord>> {
  const out = new Map<string, UnitRecord>();
  const found = await stat(file).then(
    () => true,
    () => false,
  );
  if (!found) return out;
  const input = createReadStream(file);
  try {
    for await (const line of createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity })) {
      if (!line) continue;
      const [code, key, extra, content, stamp] = line.split("\t");
      const kind = KIND.get(code ?? "");
      if (!kind || key === undefined || extra === undefined || !content || !stamp)
        throw new Error(`${file}: malformed unit line ${JSON.stringify(line.slice(0, 200))}`);
      out.set(`${code}\t${key}`, { kind, key, extra, content, stamp });
    }
  } finally {
    input.destroy();
  }
  return out;
}
