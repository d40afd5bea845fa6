import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

/**
 * Values kept for a later build, one gzipped NDJSON file per state (`TX.ndjson.gz`) in a folder, so that they are
 * read back one state at a time: a release's records, an import's source records.
 * @example await writeStateFile(dir, "TX", records); await readStateFile(dir, "TX")
 */
export async function writeStateFile(dir: string, state: string, values: readonly unknown[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const lines = values.map((v) => `${JSON.stringify(v)}\n`);
  await pipeline(
    async function* () {
      yield* lines;
    },
    createGzip({ level: 6 }),
    createWriteStream(stateFile(dir, state)),
  );
}

/** The values of one state's file, in the order written; [] when the state has none. */
export async function readStateFile<T>(dir: string, state: string): Promise<T[]> {
  const file = stateFile(dir, state);
  if (!(await exists(file))) return [];
  const out: T[] = [];
  const input = createReadStream(file);
  try {
    for await (const line of createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity }))
      if (line) out.push(JSON.parse(line) as T);
  } finally {
    input.destroy();
  }
  return out;
}

const stateFile = (dir: string, state: string) => join(dir, `${state}.ndjson.gz`);

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
