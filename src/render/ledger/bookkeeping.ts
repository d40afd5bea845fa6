import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

/**
 * A kind of unit as the ledger knows it: its name, the one character that names it in the bookkeeping, and whether
 * its units belong to a US state (decided while the state is rendered) or to the whole release (networks, search
 * shards: decided at the end). What a unit's files are is the kind's own business (`src/render/units/`).
 */
export interface LedgerKind {
  readonly name: string;
  readonly code: string;
  readonly scope: "state" | "release";
}

/** What a release remembers of one unit, for the next release to decide whether to render it again. */
export interface UnitRecord<K extends LedgerKind = LedgerKind> {
  kind: K;
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

/** The bookkeeping file of one US state's units (`TX`), or of the units of the whole release (`_global`). */
export const unitsFile = (dir: string, name: string) => join(dir, "units", `${name}.tsv.gz`);

/** The name of the file of the units that belong to no US state (networks, search shards). */
export const RELEASE_UNITS = "_global";

/** One line of a units file; the fields hold no tab or newline (keys are slugs, ids and paths; `extra` is JSON). */
export function unitLine(u: UnitRecord): string {
  return `${u.kind.code}\t${u.key}\t${u.extra}\t${u.content}\t${u.stamp}\n`;
}

/** `code\tkey`: how a unit is looked up. */
export const unitId = (kind: LedgerKind, key: string) => `${kind.code}\t${key}`;

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

/**
 * The units of one file by `unitId`; empty when the file does not exist. A line of a kind this program does not
 * know (a kind since removed) is left out: its files, unnamed, go with the files of no unit.
 */
export async function readUnits<K extends LedgerKind>(
  file: string,
  kinds: ReadonlyMap<string, K>,
): Promise<Map<string, UnitRecord<K>>> {
  const out = new Map<string, UnitRecord<K>>();
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
      if (code === undefined || key === undefined || extra === undefined || !content || !stamp)
        throw new Error(`${file}: malformed unit line ${JSON.stringify(line.slice(0, 200))}`);
      const kind = kinds.get(code);
      if (kind) out.set(`${code}\t${key}`, { kind, key, extra, content, stamp });
    }
  } finally {
    input.destroy();
  }
  return out;
}
