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
  await writeStateLines(dir, state, jsonLines(values));
}

/** The values of one state's file, in the order written; [] when the state has none. */
export async function readStateFile<T>(dir: string, state: string): Promise<T[]> {
  const out: T[] = [];
  // Parsed line by line: the state's lines are never held all at once.
  for await (const line of stateLines(dir, state)) out.push(JSON.parse(line) as T);
  return out;
}

/**
 * Writes one state's file from its lines (each a value's JSON, without its line feed), taken at once: they go to
 * the compressor as bytes before this returns, so that a lazy iterable sees its values as they are now, and their
 * text is garbage early. `level` is gzip's (1–9): the default, 6, for what is kept long; 1 is a third of its time
 * for 15 % more bytes (an import's source records, written at every import). Compressed on the thread pool.
 */
export function writeStateLines(
  dir: string,
  state: string,
  lines: Iterable<string>,
  level = 6,
): Promise<void> {
  const gzip = createGzip({ level });
  const done = mkdir(dir, { recursive: true }).then(() =>
    pipeline(gzip, createWriteStream(stateFile(dir, state))),
  );
  let chunk = "";
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length >= CHUNK_CHARS) {
      gzip.write(chunk);
      chunk = "";
    }
  }
  gzip.end(chunk);
  return done;
}

/** The lines of one state's file (each a value's JSON), in the order written; [] when the state has none. */
export async function readStateLines(dir: string, state: string): Promise<string[]> {
  const out: string[] = [];
  for await (const line of stateLines(dir, state)) out.push(line);
  return out;
}

async function* stateLines(dir: string, state: string): AsyncGenerator<string> {
  const file = stateFile(dir, state);
  if (!(await exists(file))) return;
  const input = createReadStream(file);
  try {
    for await (const line of createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity }))
      if (line) yield line;
  } finally {
    input.destroy();
  }
}

const CHUNK_CHARS = 64 * 1024;

function* jsonLines(values: Iterable<unknown>): Generator<string> {
  for (const v of values) yield JSON.stringify(v);
}

const stateFile = (dir: string, state: string) => join(dir, `${state}.ndjson.gz`);

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
