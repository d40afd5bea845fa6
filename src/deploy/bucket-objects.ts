/**
 * The objects of a bucket that serves a build (S3, R2, GCS): each key with its bytes, SHA-256 and the headers the
 * store sends with it, from the server's policy. Two sources, both read as streams in key order, so that a tree of
 * millions of files is compared with bounded memory:
 * - a build folder's `files.tsv`: the objects the bucket must hold for that build;
 * - the **bucket's record** (`objects.tsv`, kept in the bucket under `BUCKET_RECORD_KEY`): the objects it holds,
 *   as the last applied upload plan left them.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import {
  cacheClassOf,
  cacheControlOf,
  dispositionOf,
  mediaTypeOf,
} from "@urgent-care-directory/server/policy";
import { MANIFEST_HEADER, TREE_MANIFEST } from "../tree/manifest.js";
import { SIBLINGS } from "./common.js";

/** One object of the bucket. */
export interface BucketObject {
  key: string;
  bytes: number;
  sha256: string;
  content_type: string;
  /** Set on the precompressed siblings (`key.br`, `key.gz`), uploaded with `--siblings`. */
  content_encoding: "br" | "gzip" | null;
  cache_control: string;
  content_disposition: string | null;
}

/** Where the bucket keeps its record of what it holds (not a file of the build; a dotted folder, never linked). */
export const BUCKET_RECORD_KEY = ".ucd/objects.tsv";

/**
 * First line of the bucket's record: the format, its version and the release the record describes (`-` when the
 * build names none), which a script shows when the bucket holds another record than its plan expects. Version 1,
 * without the release, is still read.
 * @example recordHeader("0003-2026-06-15") // "#ucd-objects\t2\t0003-2026-06-15\n"
 */
export function recordHeader(release: string | null): string {
  if (release !== null && (release === "" || release === "-" || /[\t\r\n]/.test(release)))
    throw new Error(`cannot name the release ${JSON.stringify(release)} in a bucket's record`);
  return `#ucd-objects\t2\t${release ?? "-"}\n`;
}

/** The first line of a record written by any version: `#ucd-objects\t1`, or version 2 with its release. */
const RECORD_FIRST_LINE = /^#ucd-objects\t(?:1|2\t[^\t\r\n]+)$/;

/**
 * What names a bucket's record: the release it describes (null when it names none) and its `#end` line, whose
 * count and SHA-256 of every line before it tell one record from another.
 */
export interface RecordName {
  release: string | null;
  trailer: string;
}

/**
 * The release and `#end` line of a record file (its first and last lines; the file is checked whole when a plan
 * reads it, `recordObjects`).
 * @example await recordName("held.tsv") // { release: "0002-2026-06-08", trailer: "#end\t812\t5f0c…" }
 */
export async function recordName(file: string): Promise<RecordName> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const read = async (at: number, length: number) =>
      (await handle.read(Buffer.alloc(length), 0, length, at)).buffer.toString("utf8");
    const head = await read(0, Math.min(size, 4096));
    const first = head.slice(0, head.indexOf("\n"));
    const tail = await read(Math.max(0, size - 512), Math.min(size, 512));
    const trailer = /(?:^|\n)(#end\t\d+\t[0-9a-f]{64})\n$/.exec(tail)?.[1];
    if (!RECORD_FIRST_LINE.test(first) || trailer === undefined)
      throw new ListingError(`${file}: not a bucket's record (its first or last line)`);
    const release = first.split("\t")[2];
    return { release: release === undefined || release === "-" ? null : release, trailer };
  } finally {
    await handle.close();
  }
}

/** The document a path belongs to: itself, or for a precompressed sibling (`x.br`, `x.gz`) the file `x`. */
export function documentOf(path: string): { document: string; encoding: "br" | "gzip" | null } {
  for (const { encoding, suffix } of SIBLINGS)
    if (path.endsWith(suffix) && path.length > suffix.length)
      return { document: path.slice(0, -suffix.length), encoding };
  return { document: path, encoding: null };
}

/**
 * The object of one file of a build: a document with its own headers, or a sibling with its document's type and
 * Cache-Control and its Content-Encoding. Every `.br`/`.gz` file is a sibling: the server never answers one by
 * name (`HIDDEN_PATH_PATTERN`), so a build has no other.
 * @example objectOf("api/v1/index.json.br", 812, "ab…").content_encoding // "br"
 */
export function objectOf(path: string, bytes: number, sha256: string): BucketObject {
  const { document, encoding } = documentOf(path);
  const url = `/${document}`;
  return {
    key: path,
    bytes,
    sha256,
    content_type: mediaTypeOf(url),
    content_encoding: encoding,
    cache_control: cacheControlOf(url),
    content_disposition: dispositionOf(url),
  };
}

/** True for documents whose name never holds other bytes (dated downloads, fingerprinted assets). */
export function isImmutable(key: string): boolean {
  return cacheClassOf(`/${documentOf(key).document}`) === "immutable";
}

/** True when the bucket serves the two alike: the same bytes with the same headers. */
export function sameObject(a: BucketObject, b: BucketObject): boolean {
  return (
    a.sha256 === b.sha256 &&
    a.bytes === b.bytes &&
    a.content_type === b.content_type &&
    a.content_encoding === b.content_encoding &&
    a.cache_control === b.cache_control &&
    a.content_disposition === b.content_disposition
  );
}

/** A file that is not what it claims: the file, its line and why. */
export class ListingError extends Error {
  override readonly name = "ListingError";
}

/**
 * The body lines of a listing with a header line and an `#end\t<count>\t<SHA-256 of every byte before>` trailer
 * (`files.tsv` and the bucket's record), as a stream; throws when the header is not `header`, a line is out of
 * key order, or at the end when the file is truncated, edited or does not end with a line break. Consumers act on
 * the lines only once the stream has ended without an error.
 */
export async function* checkedLines(
  file: string,
  header: string,
  accepts: (firstLine: string) => boolean = (line) => `${line}\n` === header,
): AsyncGenerator<string> {
  const hash = createHash("sha256");
  let rest = "";
  let n = 0;
  let previous: string | null = null;
  let trailer: string | null = null;
  const fail = (why: string): never => {
    throw new ListingError(`${file}:${n}: ${why}`);
  };
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    const lines = (rest + (chunk as string)).split("\n");
    rest = lines.pop() as string;
    for (const line of lines) {
      n++;
      if (trailer !== null) fail("text after the #end line");
      if (n === 1) {
        if (!accepts(line)) fail(`not a ${header.slice(1, header.indexOf("\t"))} listing (first line)`);
        hash.update(`${line}\n`);
        continue;
      }
      if (line.startsWith("#end\t")) {
        trailer = line;
        continue;
      }
      hash.update(`${line}\n`);
      const key = line.slice(0, line.indexOf("\t"));
      if (previous !== null && !(previous < key)) fail(`${JSON.stringify(key)} is out of key order`);
      previous = key;
      yield line;
    }
  }
  if (rest !== "") fail("the last line has no line break (truncated)");
  if (trailer === null) fail("no #end line (truncated)");
  const [, count, digest] = (trailer as string).split("\t");
  if (Number(count) !== n - 2) fail(`the #end line counts ${count} lines, the file has ${n - 2}`);
  if (digest !== hash.digest("hex")) fail("the #end line's SHA-256 does not match the lines (edited)");
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * The objects the bucket must hold for a build: every document of its `files.tsv`, and with `siblings` the
 * precompressed files too, in key order.
 * @example for await (const o of treeObjects("public", { siblings: false })) console.log(o.key);
 */
export async function* treeObjects(root: string, o: { siblings: boolean }): AsyncGenerator<BucketObject> {
  const file = join(root, TREE_MANIFEST);
  for await (const line of checkedLines(file, MANIFEST_HEADER)) {
    const [path, bytes, sha256] = line.split("\t");
    if (path === undefined || !/^\d+$/.test(bytes ?? "") || !HEX64.test(sha256 ?? ""))
      throw new ListingError(`${file}: malformed line ${JSON.stringify(line)}`);
    const object = objectOf(path, Number(bytes), sha256 as string);
    if (object.content_encoding === null || o.siblings) yield object;
  }
}

const COLUMNS = 7;

/**
 * One line of the bucket's record: key, bytes, SHA-256, Content-Type, Content-Encoding, Cache-Control,
 * Content-Disposition, tab-separated (`-` for no header).
 * @example recordLine(objectOf("404.json", 78, "8fcc…")) // "404.json\t78\t8fcc…\tapplication/json…\t-\t…\t-\n"
 */
export function recordLine(o: BucketObject): string {
  const cells = [
    o.key,
    String(o.bytes),
    o.sha256,
    o.content_type,
    o.content_encoding ?? "-",
    o.cache_control,
    o.content_disposition ?? "-",
  ];
  if (cells.some((c) => /[\t\n\r]/.test(c) || c === ""))
    throw new Error(`cannot record ${JSON.stringify(o)}`);
  return `${cells.join("\t")}\n`;
}

/**
 * The objects of a bucket's record, in key order; throws a `ListingError` naming the line for anything that is
 * not a record written by `upload-plan --record` (and, at the end, for a truncated or edited one).
 */
export async function* recordObjects(file: string): AsyncGenerator<BucketObject> {
  let n = 1;
  for await (const line of checkedLines(file, recordHeader(null), (l) => RECORD_FIRST_LINE.test(l))) {
    n++;
    const cells = line.split("\t");
    const [key, bytes, sha256, type, encoding, cache, disposition] = cells;
    if (
      cells.length !== COLUMNS ||
      !key ||
      !/^\d+$/.test(bytes ?? "") ||
      !HEX64.test(sha256 ?? "") ||
      !type ||
      !cache ||
      !disposition ||
      (encoding !== "-" && encoding !== "br" && encoding !== "gzip")
    )
      throw new ListingError(`${file}:${n}: not a line of a bucket record: ${JSON.stringify(line)}`);
    yield {
      key,
      bytes: Number(bytes),
      sha256: sha256 as string,
      content_type: type,
      content_encoding: encoding === "-" ? null : encoding,
      cache_control: cache,
      content_disposition: disposition === "-" ? null : disposition,
    };
  }
}
