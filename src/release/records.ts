import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { ClinicRecord, ClinicStore } from "../dataset/types.js";
import { STATES } from "../geo/states.js";

/**
 * A release's records on disk, one gzipped NDJSON file per state (`TX.ndjson.gz`), so that the next release can
 * read them state by state. Written from the store the release was built from (ids as published).
 * @example await writeRecords(join(release.state, "records"), dataset.clinics);
 */
export async function writeRecords(dir: string, store: ClinicStore): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const s of STATES) {
    const records = await store.load(s.code);
    if (records.length === 0) continue;
    records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const lines = records.map((r) => `${JSON.stringify(r)}\n`);
    await pipeline(
      async function* () {
        yield* lines;
      },
      createGzip({ level: 6 }),
      createWriteStream(join(dir, `${s.code}.ndjson.gz`)),
    );
  }
}

/** The records of one state of a stored release; [] when it had none there. */
export async function readRecords(dir: string, state: string): Promise<ClinicRecord[]> {
  const file = join(dir, `${state}.ndjson.gz`);
  if (!(await exists(file))) return [];
  const out: ClinicRecord[] = [];
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line) out.push(JSON.parse(line) as ClinicRecord);
  return out;
}

/** A store over a stored release's records (read-only). */
export function storedRecords(dir: string, size: number): ClinicStore {
  return { size, load: (state) => readRecords(dir, state), dispose: async () => {} };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
