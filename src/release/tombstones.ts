import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { Tombstone } from "../dataset/releases.js";
import { upgradeRecord } from "./records.js";

/** Writes tombstones as gzipped NDJSON, sorted by id. */
export async function writeTombstones(file: string, tombstones: readonly Tombstone[]): Promise<void> {
  const sorted = [...tombstones].sort((a, b) => (a.record.id < b.record.id ? -1 : 1));
  await pipeline(
    async function* () {
      for (const t of sorted) yield `${JSON.stringify(t)}\n`;
    },
    createGzip({ level: 6 }),
    createWriteStream(file),
  );
}

/** Reads tombstones written by `writeTombstones`; [] when the file does not exist. */
export async function readTombstones(file: string): Promise<Tombstone[]> {
  const found = await stat(file).then(
    () => true,
    () => false,
  );
  if (!found) return [];
  const out: Tombstone[] = [];
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines)
    if (line) {
      const t = JSON.parse(line) as Tombstone;
      out.push({ ...t, record: upgradeRecord(t.record) });
    }
  return out;
}
