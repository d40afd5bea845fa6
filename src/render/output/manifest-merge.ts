import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { MANIFEST_HEADER, manifestTrailer } from "../../tree/manifest.js";
import type { TreeStart } from "../../tree/start.js";
import { hasSiblings } from "./compress.js";
import type { TreeOp } from "./fs-thread.js";
import { LineReader } from "./lines.js";

/** What a render decided about the previous release's files, by group (a file and its `.br`/`.gz` siblings). */
export interface MergeRules {
  /** The render carried unchanged units: their files stay unless removed or written again. */
  carryUnits: boolean;
  /** Whether a file (no `.br`/`.gz`) belongs to a unit (`src/render/units/registry.ts`). */
  isUnitFile: (path: string) => boolean;
  /** Files of units that are gone (a unit no longer listed, a page its unit no longer has). */
  removed: ReadonlySet<string>;
  /** Files outside units kept on purpose (earlier releases' downloads). */
  kept: ReadonlySet<string>;
  /** Files written again that have siblings: the previous release's siblings of them go with them. */
  rewritten: ReadonlySet<string>;
}

export interface MergeResult {
  /** Files listed. */
  count: number;
  /** Files carried from the previous release (not written by this render). */
  carried: number;
  bytes: { raw: number; gzip: number; brotli: number };
  /** Paths whose line differs from the previous release's (written, or gone). */
  changed: number;
}

/**
 * A line of the written files that keeps the previous release's file at `path`: the render made the same bytes
 * (`sha256`, checked against its line; null for a sibling of such a file), and did not write them.
 * @example sameLine("api/v1/clinic/x.json", "ab12…") // "api/v1/clinic/x.json\t=\tab12…\n"
 */
export function sameLine(path: string, sha256: string | null): string {
  return `${path}\t=\t${sha256 ?? ""}\n`;
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
  written: (emit: (line: string) => undefined | Promise<void>) => Promise<void>;
  /** Queues a change to the folder; returns a promise only when the caller should wait. */
  apply: (op: TreeOp) => undefined | Promise<void>;
  out: string;
  delta: string | null;
}): Promise<MergeResult> {
  const { rules, tree } = o;
  const recycled = tree.kind === "recycled";
  // The stale paths, read in order as the merge visits paths in order: no set of them in memory.
  const stale = tree.kind === "recycled" ? new LineReader(tree.stale) : null;
  let nextStale = stale?.next() ?? null;
  const gone: Promise<void>[] = [];
  /**
   * Passes the stale paths before `path` (neither the previous release nor this render has them: removed) and
   * says whether `path` itself is stale. Called for every path in order.
   */
  const visit = (path: string): boolean => {
    while (nextStale !== null && nextStale < path) {
      const wait = o.apply({ op: "unlink", path: nextStale });
      if (wait) gone.push(wait);
      nextStale = stale?.next() ?? null;
    }
    if (nextStale !== path) return false;
    nextStale = stale?.next() ?? null;
    return true;
  };
  const result: MergeResult = { count: 0, carried: 0, bytes: { raw: 0, gzip: 0, brotli: 0 }, changed: 0 };
  const out = textSink(o.out, true);
  const delta = o.delta ? textSink(o.delta, false) : null;
  const from = `${o.previous?.root}/`;
  out.add(MANIFEST_HEADER);
  // The hot path is synchronous: each step returns a promise only when a sink or the file-system thread asks to
  // wait, and the caller awaits only then (millions of lines; a promise per line cost 9 µs each).
  const list = (line: string, path: string): undefined | Promise<void> => {
    const tab = line.indexOf("\t", path.length + 1);
    const bytes = Number(line.slice(path.length + 1, tab));
    if (path.endsWith(".br")) result.bytes.brotli += bytes;
    else if (path.endsWith(".gz")) result.bytes.gzip += bytes;
    else result.bytes.raw += bytes;
    result.count++;
    return out.add(`${line}\n`);
  };
  const changed = (path: string): undefined | Promise<void> => {
    result.changed++;
    return delta?.add(`${path}\n`);
  };
  const both = (a: undefined | Promise<void>, b: undefined | Promise<void>) =>
    a && b ? Promise.all([a, b]).then(() => undefined) : (a ?? b);
  const previous = o.previous ? new LineReader(o.previous.manifest) : null;
  let pending = previous?.next() ?? null;
  /** A line of the previous release that stays: listed, and its file linked unless the tree has it already. */
  const carry = (line: string, path: string): undefined | Promise<void> => {
    const wasStale = recycled && visit(path);
    result.carried++;
    const listed = list(line, path);
    if (recycled && !wasStale) return listed;
    return both(listed, o.apply({ op: "link", path, from: from + path, replace: recycled }));
  };
  /** One line of the previous release that no written file replaces: kept (and linked when needed) or gone. */
  const settle = (line: string): undefined | Promise<void> => {
    const path = line.slice(0, line.indexOf("\t"));
    const group = groupOf(path);
    let keep: boolean;
    if (path !== group && (!hasSiblings(group) || rules.rewritten.has(group))) keep = false;
    else if (rules.isUnitFile(group)) keep = rules.carryUnits && !rules.removed.has(group);
    else keep = rules.kept.has(group);
    if (keep) return carry(line, path);
    if (recycled) visit(path);
    return both(changed(path), recycled ? o.apply({ op: "unlink", path }) : undefined);
  };
  try {
    await o.written((line) => {
      const tab = line.indexOf("\t");
      const path = line.slice(0, tab);
      const waits: Promise<void>[] = [];
      let before: string | null = null;
      while (pending !== null) {
        // Compared without slicing the previous line's path out (most lines are not at the written path).
        const order = comparePrefix(pending, pending.indexOf("\t"), path);
        if (order > 0) break;
        const current = pending;
        pending = previous?.next() ?? null;
        if (order === 0) {
          before = current; // replaced by the written file, or kept as it is
          break;
        }
        const wait = settle(current);
        if (wait) waits.push(wait);
      }
      let wait: undefined | Promise<void>;
      if (line.charCodeAt(tab + 1) === 61 /* = */) wait = carry(checkedSame(before, line, path), path);
      else {
        if (recycled) visit(path);
        wait = both(changed(path), list(line, path));
      }
      if (wait) waits.push(wait);
      waits.push(...gone.splice(0));
      return waits.length > 0 ? Promise.all(waits).then(() => undefined) : undefined;
    });
    while (pending !== null) {
      const current = pending;
      pending = previous?.next() ?? null;
      const wait = settle(current);
      if (wait) await wait;
      if (gone.length > 0) await Promise.all(gone.splice(0));
    }
    // Stale paths after the last one the previous release or this render had: gone here too.
    while (nextStale !== null) {
      const wait = o.apply({ op: "unlink", path: nextStale });
      if (wait) await wait;
      nextStale = stale?.next() ?? null;
    }
  } finally {
    previous?.close();
    stale?.close();
  }
  out.add(manifestTrailer(result.count, out.digest()));
  await out.close();
  await delta?.close();
  return result;
}

/**
 * The previous release's line at `path` (`before`) that a `sameLine` keeps, when it has the SHA-256 the render
 * found; throws otherwise (the render wrote nothing there: the release would lose the file).
 */
function checkedSame(before: string | null, same: string, path: string): string {
  const sha256 = same.slice(path.length + 3);
  if (before === null || (sha256 !== "" && !before.endsWith(`\t${sha256}`)))
    throw new Error(
      `${path}: rendered to the previous release's bytes, but its files.tsv does not list them there`,
    );
  return before;
}

/** The order of `line`'s first `length` characters (a path) against `path`: < 0, 0 or > 0. */
function comparePrefix(line: string, length: number, path: string): number {
  const n = Math.min(length, path.length);
  for (let i = 0; i < n; i++) {
    const d = line.charCodeAt(i) - path.charCodeAt(i);
    if (d !== 0) return d;
  }
  return length - path.length;
}

/** Text written in 1 MiB blocks (each a system call), hashed as it goes when asked. */
function textSink(file: string, hashed: boolean) {
  const stream = createWriteStream(file, { flags: "wx" });
  let failure: Error | null = null;
  const failed = new Promise<void>((resolve) =>
    stream.once("error", (e) => {
      failure = e;
      resolve();
    }),
  );
  const hash = hashed ? createHash("sha256") : null;
  let text = "";
  const check = () => {
    if (failure) throw failure;
  };
  // Encoded once (the text is ASCII: paths, sizes, hashes), then hashed and written as bytes.
  const write = async () => {
    check();
    const block = Buffer.from(text, "latin1");
    text = "";
    hash?.update(block);
    if (!stream.write(block)) await Promise.race([once(stream, "drain"), failed]);
    check();
  };
  return {
    /** Appends text; returns a promise only when a block is written (the caller awaits only then). */
    add(piece: string): undefined | Promise<void> {
      text += piece;
      if (text.length >= 1 << 20) return write();
    },
    /** The SHA-256 of everything added so far (call once, before the last `add`). */
    digest(): string {
      const block = Buffer.from(text, "latin1");
      text = "";
      hash?.update(block);
      stream.write(block);
      return hash?.digest("hex") ?? "";
    },
    async close(): Promise<void> {
      if (text !== "") stream.write(text);
      stream.end();
      await Promise.race([once(stream, "close"), failed]);
      check();
    },
  };
}
