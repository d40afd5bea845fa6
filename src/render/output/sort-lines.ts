import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { createInterface } from "node:readline";
import { collectGarbage } from "../../util/collect-garbage.js";

/** Lines sorted in memory at once; beyond this the file is sorted in runs and merged. */
const RUN_CHARS = 32 * 1024 * 1024;

/**
 * Calls `emit` with every line of `file` in sorted order (code-unit order, which is byte order for the ASCII
 * text it is used on), holding at most RUN_CHARS of text in memory: longer files are sorted in runs written
 * beside `file`, then merged. When `emit` returns a promise (a writer waiting for its stream to drain), the next
 * line waits for it.
 * @example await sortedLines("/tmp/x.part", (line) => out.write(`${line}\n`));
 */
export async function sortedLines(
  file: string,
  emit: (line: string) => void | Promise<void>,
  runChars = RUN_CHARS,
): Promise<void> {
  const runs: string[] = [];
  let chunk: string[] = [];
  let chars = 0;
  const flush = async () => {
    chunk.sort();
    const run = `${file}.run${runs.length}`;
    const out = createWriteStream(run);
    for (const line of chunk) if (!out.write(`${line}\n`)) await once(out, "drain");
    out.end();
    await once(out, "close");
    runs.push(run);
    chunk = [];
    chars = 0;
    collectGarbage(); // the run's lines, and what reading them left, are garbage now
  };
  for await (const line of lines(file)) {
    chunk.push(line);
    chars += line.length;
    if (chars >= runChars) await flush();
  }
  if (runs.length === 0) {
    chunk.sort();
    for (const line of chunk) {
      const waiting = emit(line);
      if (waiting) await waiting;
    }
    return;
  }
  if (chunk.length > 0) await flush();
  try {
    const heads = runs.map((run) => lines(run)[Symbol.asyncIterator]());
    const current = await Promise.all(heads.map(async (h) => (await h.next()).value as string | undefined));
    for (;;) {
      let min = -1;
      for (let i = 0; i < current.length; i++) {
        const line = current[i];
        if (line !== undefined && (min < 0 || line < (current[min] as string))) min = i;
      }
      if (min < 0) break;
      const waiting = emit(current[min] as string);
      if (waiting) await waiting;
      current[min] = (await (heads[min] as AsyncIterator<string>).next()).value as string | undefined;
    }
  } finally {
    await Promise.all(runs.map((run) => rm(run, { force: true })));
  }
}

function lines(file: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
}
