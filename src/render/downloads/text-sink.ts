import { once } from "node:events";
import { createGzip } from "node:zlib";
import { gzipLevel } from "../output/compress.js";
import type { ExportRow } from "./rows.js";
import type { RowSink, SinkTarget } from "./sink.js";

/** How a text download is laid out: `head`, one `line` per row joined by `separator`, then `tail` (or `empty`). */
export interface TextLayout {
  head: string;
  line: (row: ExportRow) => string;
  separator: string;
  tail: string;
  empty: string;
}

/** Text gathered before it is written (each write is a call through two streams). */
const CHUNK = 1 << 20;

/**
 * A text download written state by state, with its `.gz` sibling: the text goes to the file and through one gzip
 * stream (zlib, on the thread pool, beside the render) to the `.gz`. Every release writes both whole: reusing the
 * previous release's text and deflated pieces saved no measurable time at 100k clinics (docs/benchmarks.md,
 * "Incremental releases"). No `.br` (docs/downloads.md).
 * @example const csv = await textSink(target, { head: "id\r\n", line: (r) => `${r.clinic.id}\r\n`, separator: "", tail: "", empty: "id\r\n" });
 */
export async function textSink(target: SinkTarget, layout: TextLayout): Promise<RowSink> {
  const { out, path } = target;
  const file = await out.stream(path);
  const gz = await out.stream(`${path}.gz`);
  const gzip = createGzip({ level: gzipLevel(out.compression) });
  let failure: unknown = null;
  // The deflated bytes go to the `.gz` as zlib makes them; a write that fails (a full disk) stops the stream and
  // fails the next write of text, never an unhandled error.
  const pump = (async () => {
    for await (const chunk of gzip) await gz.write(chunk as Buffer);
  })().catch((e: unknown) => {
    failure ??= e;
    gzip.destroy();
  });
  const check = () => {
    if (failure !== null) throw failure;
  };
  const write = async (text: string) => {
    check();
    const bytes = Buffer.from(text);
    await file.write(bytes);
    if (!gzip.write(bytes)) await Promise.race([once(gzip, "drain"), pump]);
    check();
  };
  let rows = 0;
  return {
    async append(state) {
      let text = "";
      for (const row of state) {
        text += (rows === 0 ? layout.head : layout.separator) + layout.line(row);
        rows++;
        if (text.length >= CHUNK) {
          await write(text);
          text = "";
        }
      }
      if (text !== "") await write(text);
    },
    async close() {
      const tail = rows === 0 ? layout.empty : layout.tail;
      if (tail !== "") await write(tail);
      gzip.end();
      await pump;
      check();
      const [main, ...siblings] = await file.close();
      const gzFiles = await gz.close();
      if (!main) throw new Error(`${path}: no manifest entry`);
      return { rows, files: [main, ...siblings, ...gzFiles] };
    },
  };
}
