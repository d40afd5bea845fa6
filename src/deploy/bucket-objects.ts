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

/** First line of the bucket's record: the format and its version. */
export const RECORD_HEADER = "#ucd-objects\t1\n";

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
export async function* checkedLines(file: string, header: string): AsyncGenerator<string> {
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
        if (`${line}\n` !== header)
          fail(`not a ${header.slice(1, header.indexOf("\t"))} listing (first line)`);
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
  for await (const line of checkedLines(file, RECORD_HEADER)) {
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
