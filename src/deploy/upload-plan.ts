/**
 * The upload plan of a build for object storage (S3, R2, GCS): what to upload, in which order, and what to delete,
 * so that the bucket serves the build. A store cannot negotiate encodings, so each key holds the identity bytes
 * (right for every client; a CDN in front compresses); with `siblings`, the precompressed files are uploaded too,
 * under `key.br`/`key.gz` with the document's type and their Content-Encoding, for an edge rule that picks them.
 *
 * Against the bucket's record (`against`: what the last applied plan left in the bucket, see `bucket-objects.ts`)
 * the plan lists only the keys whose bytes or headers differ, and the keys the build no longer has — the build's
 * tree already holds everything a kept release needs (its dated downloads, changes document, tombstones), so a
 * key missing from it is needed by no kept release. Without a record it lists every key and deletes nothing.
 *
 * A plan applies to the bucket it was made for: before anything, a script checks that the bucket holds the record
 * the plan was made against, or the plan's own (`BucketGuard`). Then phases, so that no client is ever sent to a
 * key that is not there: 1, keys the bucket does not hold yet (nothing
 * it serves links to them); 2, the other changed documents; 3, the entry points that name the others; 4, the
 * deletes, once nothing published names those keys; 5, the bucket's new record, once all the rest is done.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { manifestTrailer } from "../tree/manifest.js";
import { processFolder } from "../util/process-folder.js";
import {
  BUCKET_RECORD_KEY,
  type BucketObject,
  documentOf,
  isImmutable,
  type RecordName,
  recordHeader,
  recordLine,
  recordName,
  recordObjects,
  sameObject,
  treeObjects,
} from "./bucket-objects.js";

/** An object to upload: its key, the file (relative to the build folder; the record's own path) and headers. */
export interface UploadRecord extends BucketObject {
  action: "upload";
  file: string;
  phase: 1 | 2 | 3 | 5;
}

/** A key to delete: no kept release needs it. */
export interface DeleteRecord {
  action: "delete";
  key: string;
  phase: 4;
}

export type PlanRecord = UploadRecord | DeleteRecord;

/**
 * Documents that point at others (the API index, the downloads manifest, the feed, the home page, the
 * sitemaps): uploaded last, so that nothing they name is missing while the upload runs.
 */
export const ENTRY_POINTS = new Set([
  "api/v1/index.json",
  "api/openapi.json",
  "downloads/manifest.json",
  "releases.atom",
  "index.html",
  "sitemap.xml",
]);

/** What the plan does, for the operator and the benchmark (the record not counted). */
export interface PlanSummary {
  /** Keys the bucket holds once the plan is applied: the build's objects. */
  keys: number;
  /** Keys uploaded. */
  uploads: number;
  /** Of those, keys the bucket does not hold yet; null without a record of the bucket. */
  new_keys: number | null;
  /** Keys deleted. */
  deletes: number;
  /** Keys the bucket already holds as they are (not uploaded). */
  unchanged: number;
  /** Bytes uploaded. */
  upload_bytes: number;
}

/**
 * The records of the bucket a plan applies to, checked before anything is uploaded: the one it was made against
 * (null: none, a first upload), or its own (the plan run again once done). A plan applied to a bucket that moved on
 * since (another upload ran: a newer release) would put older files back and write a record that forgets the keys
 * the bucket gained, which no later plan would then delete.
 */
export interface BucketGuard {
  against: RecordName | null;
  /** The record this plan writes; null when it writes none. */
  own: RecordName | null;
}

export interface UploadPlan {
  summary: PlanSummary;
  /** What the bucket's record must be for the plan to apply. */
  guard: BucketGuard;
  /** Every record, in upload order: by phase, then by key. */
  records(): AsyncGenerator<PlanRecord>;
  /** Removes the plan's temporary files. */
  dispose(): Promise<void>;
}

export interface PlanOptions {
  /** The build folder (resolved: a release folder, not a link that may move while the upload runs). */
  root: string;
  siblings: boolean;
  /** The bucket's record of what it holds now; null: the bucket's content is unknown (a first upload). */
  against: string | null;
  /** Where to write the bucket's record after this plan (uploaded in phase 5); null: none. */
  record: string | null;
  /** The release the build holds, named in the record it writes (`releaseName`); null: none named. */
  release?: string | null;
}

/**
 * Plans the upload of a build: compares its objects with the bucket's record in one pass over both listings
 * (in key order, bounded memory), spilling each phase's records to a temporary file, and writes the new record.
 * Throws, writing nothing, when a listing is malformed, truncated or edited.
 * @example const plan = await planUpload({ root: "/srv/ucd/.public.releases/0002-2026-06-01/site", siblings: false, against: "held.tsv", record: "next.tsv" });
 */
export async function planUpload(o: PlanOptions): Promise<UploadPlan> {
  const dir = await processFolder(tmpdir(), "ucd-upload-plan-");
  const known = o.against !== null;
  const summary: PlanSummary = {
    keys: 0,
    uploads: 0,
    new_keys: known ? 0 : null,
    deletes: 0,
    unchanged: 0,
    upload_bytes: 0,
  };
  const spills = [1, 2, 3, 4].map((phase) => new Spill(join(dir, `phase-${phase}.ndjson`)));
  const recordTemp = o.record === null ? null : `${o.record}.tmp-${process.pid}`;
  const record = recordTemp === null ? null : new RecordWriter(recordTemp, o.release ?? null);
  let against: RecordName | null = null;
  try {
    const tree = treeObjects(o.root, { siblings: o.siblings });
    const held = o.against === null ? null : recordObjects(o.against);
    for await (const item of merge(tree, held)) {
      if ("gone" in item) {
        summary.deletes++;
        await (spills[3] as Spill).push({ action: "delete", key: item.gone.key, phase: 4 });
        continue;
      }
      const { object, before } = item;
      if (object.key === BUCKET_RECORD_KEY)
        throw new Error(`the build has a file at ${BUCKET_RECORD_KEY}, the key of the bucket's record`);
      summary.keys++;
      await record?.push(object);
      if (before && sameObject(object, before)) {
        summary.unchanged++;
        continue;
      }
      const phase = phaseOf(object.key, before, known);
      summary.uploads++;
      if (known && before === undefined) summary.new_keys = (summary.new_keys as number) + 1;
      summary.upload_bytes += object.bytes;
      await (spills[phase - 1] as Spill).push({ action: "upload", file: object.key, ...object, phase });
    }
    for (const s of spills) await s.close();
    // Read whole and checked by now: its first and last lines name it.
    if (o.against !== null) against = await recordName(o.against);
    if (record && recordTemp && o.record) {
      await record.close();
      await rename(recordTemp, o.record);
    }
  } catch (e) {
    await Promise.all(spills.map((s) => s.close().catch(() => {})));
    await record?.close().catch(() => {});
    if (recordTemp) await rm(recordTemp, { force: true });
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  const recordFile = o.record;
  const own = record ? { release: o.release ?? null, trailer: record.written().trailer } : null;
  return {
    summary,
    guard: { against, own },
    async *records() {
      for (const s of spills) {
        const lines = createInterface({ input: createReadStream(s.file), crlfDelay: Infinity });
        for await (const line of lines) if (line) yield JSON.parse(line) as PlanRecord;
      }
      if (recordFile !== null && record) yield recordUpload(recordFile, record.written());
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * The phase of an object to upload: entry points (and their siblings) last; keys the bucket does not hold first;
 * without a record of the bucket, only the immutable names (dated downloads, fingerprinted assets) are known new.
 */
export function phaseOf(key: string, before: BucketObject | undefined, known: boolean): 1 | 2 | 3 {
  if (ENTRY_POINTS.has(documentOf(key).document)) return 3;
  if (known) return before === undefined ? 1 : 2;
  return isImmutable(key) ? 1 : 2;
}

/** The upload of the bucket's record itself: never cached, so that the next plan reads what the bucket holds. */
function recordUpload(file: string, written: { bytes: number; sha256: string }): UploadRecord {
  return {
    action: "upload",
    key: BUCKET_RECORD_KEY,
    file,
    bytes: written.bytes,
    sha256: written.sha256,
    content_type: "text/tab-separated-values; charset=utf-8",
    content_encoding: null,
    cache_control: "no-store",
    content_disposition: null,
    phase: 5,
  };
}

type Merged = { object: BucketObject; before: BucketObject | undefined } | { gone: BucketObject };

/** The build's objects beside the bucket's (both in key order): each with the object it replaces, then the rest. */
async function* merge(
  tree: AsyncGenerator<BucketObject>,
  held: AsyncGenerator<BucketObject> | null,
): AsyncGenerator<Merged> {
  try {
    let a = await tree.next();
    let b = held ? await held.next() : ({ done: true, value: undefined } as const);
    while (!a.done || !b.done) {
      if (b.done || (!a.done && a.value.key < b.value.key)) {
        yield { object: a.value as BucketObject, before: undefined };
        a = await tree.next();
      } else if (a.done || b.value.key < a.value.key) {
        yield { gone: b.value };
        b = await (held as AsyncGenerator<BucketObject>).next();
      } else {
        yield { object: a.value, before: b.value };
        a = await tree.next();
        b = await (held as AsyncGenerator<BucketObject>).next();
      }
    }
  } finally {
    // Either listing may have stopped the other early (an error): close both files.
    await tree.return(undefined);
    await held?.return(undefined);
  }
}

/** Lines appended to a file through a stream, waiting when its buffer is full; a write error fails the next step. */
class Spill {
  private readonly out: WriteStream;
  private failed: Error | null = null;
  constructor(readonly file: string) {
    this.out = createWriteStream(file);
    this.out.on("error", (e) => {
      this.failed ??= e;
    });
  }
  async write(text: string): Promise<void> {
    if (this.failed) throw this.failed;
    if (!this.out.write(text)) await once(this.out, "drain"); // rejects on an error while waiting
  }
  push(record: PlanRecord): Promise<void> {
    return this.write(`${JSON.stringify(record)}\n`);
  }
  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.out.closed) return this.failed ? reject(this.failed) : resolve();
      this.out.once("error", reject);
      this.out.end(() => (this.failed ? reject(this.failed) : resolve()));
    });
  }
}

/** The bucket's record, written as the objects stream by, with its trailer. */
class RecordWriter {
  private readonly spill: Spill;
  /** Of the lines before the trailer (the trailer's own check), and of the whole file (the upload's). */
  private readonly body = createHash("sha256");
  private readonly file = createHash("sha256");
  private count = 0;
  private bytes = 0;
  private digest: string | null = null;
  private sum = "";
  private trailer = "";
  constructor(path: string, release: string | null) {
    this.spill = new Spill(path);
    this.write(recordHeader(release)).catch(() => {}); // a failure surfaces at the next write or at close()
  }
  private write(text: string): Promise<void> {
    if (this.digest === null) this.body.update(text);
    this.file.update(text);
    this.bytes += Buffer.byteLength(text);
    return this.spill.write(text);
  }
  push(o: BucketObject): Promise<void> {
    this.count++;
    return this.write(recordLine(o));
  }
  async close(): Promise<void> {
    this.digest = this.body.digest("hex");
    this.trailer = manifestTrailer(this.count, this.digest);
    await this.write(this.trailer);
    this.sum = this.file.digest("hex");
    await this.spill.close();
  }
  /** Size and SHA-256 of the file, and its `#end` line (without its line break), once closed. */
  written(): { bytes: number; sha256: string; trailer: string } {
    return { bytes: this.bytes, sha256: this.sum, trailer: this.trailer.trimEnd() };
  }
}
