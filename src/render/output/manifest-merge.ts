import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { isUnitFile } from "../paths.js";
import { hasSiblings } from "./compress.js";
import type { TreeOp } from "./fs-thread.js";
import { LineReader } from "./lines.js";
import { MANIFEST_HEADER, manifestTrailer } from "./tree-manifest.js";

/** What a render decided about the previous release's files, by group (a file and its `.br`/`.gz` siblings). */
export interface MergeRules {
  /** The render carried unchanged units: their files stay unless removed or written again. */
  carryUnits: boolean;
  /** Files of units that are gone (a unit no longer listed, a page its unit no longer has). */
  removed: ReadonlySet<string>;
  /** Files outside units that stay: kept on purpose (earlier releases' downloads), or rendered to the same bytes. */
  kept: ReadonlySet<string>;
  /** Files written again that have siblings: the previous release's siblings of them go with them. */
  rewritten: ReadonlySet<string>;
}

/**
 * How the folder being written started: empty, or holding an earlier release (a recycled tree) whose files differ
 * from the previous release's only at the `stale` paths.
 */
export type TreeStart = { kind: "empty" } | { kind: "recycled"; stale: ReadonlySet<string> };

export interface MergeResult {
  /** Files listed. */
  count: number;
  /** Files carried from the previous release (not written by this render). */
  carried: number;
  bytes: { raw: number; gzip: number; brotli: number };
  /** Paths whose line differs from the previous release's (written, or gone). */
  changed: number;
}

/** `x.json.gz` → `x.json`; a file that is not a sibling is its own group. */
export function groupOf(path: string): string {
  return path.endsWith(".gz") || path.endsWith(".br") ? path.slice(0, -3) : path;
}

/**
 * The new release's `files.tsv`, merged from the previous release's (streamed) and the lines of the files this
 * render wrote (sorted, from `written`), by the render's `rules` — and, as it goes, what makes the folder match it:
 * a file kept from the previous release is hard-linked from its tree when the folder started empty, or when it is
 * one of a recycled tree's stale paths; a file gone is removed; a stale path the previous release no longer had is
 * removed. `changed` paths (written or gone) are listed to `delta`, for the renders that recycle this tree later.
 * Memory holds the rules' sets and a chunk of each file, never the whole manifest.
 * @example await mergeManifest({ previous, rules, tree, written: (emit) => sortedLines(spill, emit), apply: (op) => fs.push(op), out, delta });
 */
export async function mergeManifest(o: {
  previous: { manifest: string; root: string } | null;
  rules: MergeRules;
  tree: TreeStart;
  /** Calls `emit` with the written files' manifest lines (no newline) in byte order of their paths. */
  written: (emit: (line: string) => void | Promise<void>) => Promise<void>;
  apply: (op: TreeOp) => Promise<void>;
  out: string;
  delta: string | null;
}): Promise<MergeResult> {
  const { rules, tree } = o;
  const recycled = tree.kind === "recycled";
  const stale = recycled ? new Set(tree.stale) : new Set<string>();
  const result: MergeResult = { count: 0, carried: 0, bytes: { raw: 0, gzip: 0, brotli: 0 }, changed: 0 };
  const out = textSink(o.out, true);
  const delta = o.delta ? textSink(o.delta, false) : null;
  out.add(MANIFEST_HEADER);
  const list = async (line: string, path: string) => {
    const tab = line.indexOf("\t", path.length + 1);
    const bytes = Number(line.slice(path.length + 1, tab));
    if (path.endsWith(".br")) result.bytes.brotli += bytes;
    else if (path.endsWith(".gz")) result.bytes.gzip += bytes;
    else result.bytes.raw += bytes;
    result.count++;
    await out.add(`${line}\n`);
  };
  const changed = async (path: string) => {
    result.changed++;
    await delta?.add(`${path}\n`);
  };
  const previous = o.previous ? new LineReader(o.previous.manifest) : null;
  let pending = previous?.next() ?? null;
  /** One line of the previous release that no written file replaces: kept (and linked when needed) or gone. */
  const settle = async (line: string) => {
    const path = line.slice(0, line.indexOf("\t"));
    const group = groupOf(path);
    let keep: boolean;
    if (path !== group && (!hasSiblings(group) || rules.rewritten.has(group))) keep = false;
    else if (isUnitFile(group)) keep = rules.carryUnits && !rules.removed.has(group);
    else keep = rules.kept.has(group);
    const wasStale = stale.delete(path);
    if (keep) {
      result.carried++;
      await list(line, path);
      if (!recycled || wasStale)
        await o.apply({ op: "link", path, from: `${o.previous?.root}/${path}`, replace: recycled });
    } else {
      await changed(path);
      if (recycled) await o.apply({ op: "unlink", path });
    }
  };
  try {
    await o.written(async (line) => {
      const path = line.slice(0, line.indexOf("\t"));
      while (pending !== null) {
        const at = pending.slice(0, pending.indexOf("\t"));
        if (at > path) break;
        const current = pending;
        pending = previous?.next() ?? null;
        if (at === path) break; // replaced by the written file
        await settle(current);
      }
      stale.delete(path);
      await changed(path);
      await list(line, path);
    });
    while (pending !== null) {
      const current = pending;
      pending = previous?.next() ?? null;
      await settle(current);
    }
  } finally {
    previous?.close();
  }
  // Stale paths the previous release did not have (gone before it) and this render did not write: gone here too.
  for (const path of stale) await o.apply({ op: "unlink", path });
  out.add(manifestTrailer(result.count, out.digest()));
  await out.close();
  await delta?.close();
  return result;
}

/** Text written in 1 MiB blocks (each a system call), hashed as it goes when asked. */
function textSink(file: string, hashed: boolean) {
  const stream = createWriteStream(file, { flags: "wx" });
  let failure: Error | null = null;
  stream.on("error", (e) => {
    failure ??= e;
  });
  const hash = hashed ? createHash("sha256") : null;
  let text = "";
  const write = async () => {
    if (failure) throw failure;
    const block = text;
    text = "";
    hash?.update(block);
    if (!stream.write(block)) await Promise.race([once(stream, "drain"), once(stream, "error")]);
    if (failure) throw failure;
  };
  return {
    /** Appends text; resolves at once unless a block is written (the caller awaits only then). */
    add(piece: string): void | Promise<void> {
      text += piece;
      if (text.length >= 1 << 20) return write();
    },
    /** The SHA-256 of everything added so far (before `close`; adds nothing after). */
    digest(): string {
      hash?.update(text);
      const d = hash?.digest("hex") ?? "";
      stream.write(text);
      text = "";
      return d;
    },
    async close(): Promise<void> {
      if (text !== "") stream.write(text);
      stream.end();
      await Promise.race([once(stream, "close"), once(stream, "error")]);
      if (failure) throw failure;
    },
  };
}
