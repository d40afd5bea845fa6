import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { join } from "node:path";
import { MANIFEST_HEADER, manifestCount, TREE_MANIFEST } from "../../tree/manifest.js";
import { fileIndexSet, newFileIndex } from "./file-index.js";

/** The files of the release being replaced: carried (hard-linked) when unchanged instead of written again. */
export interface PreviousTree {
  root: string;
  /** Its `files.tsv`: the entries of its units' files are read from it when they are carried. */
  manifest: string;
  /**
   * Size and SHA-256 of one of its files that belongs to no unit (lists, downloads, assets…); the files of units are
   * not held (a million clinics' files would not fit in memory), they are carried by unit.
   */
  get(path: string): { bytes: number; sha256: string } | undefined;
  /** Every file's path and the start of its SHA-256, shared with the compute workers (`./file-index.ts`). */
  index: Uint32Array;
}

/**
 * The previous release's tree from its manifest, checked against its trailer (throws when it is truncated or
 * edited): the bytes are hashed as read, in 4 MiB chunks; the entries of files outside units are held whole (a
 * million clinics' manifest is 3 million lines; only a few thousand are outside units), every file in the index.
 * @example const previous = await previousTree(".public.releases/0007-2026-06-01/site", isUnitFile);
 */
export async function previousTree(
  root: string,
  isUnitFile: (path: string) => boolean,
): Promise<PreviousTree> {
  const manifest = join(root, TREE_MANIFEST);
  const byPath = new Map<string, { bytes: number; sha256: string }>();
  // The index is sized from the trailer's count, which is checked against the lines below.
  const listed = await manifestCount(manifest);
  if (listed === null) throw new Error(`${manifest}: not a complete tree manifest`);
  const index = newFileIndex(listed);
  const hash = createHash("sha256");
  let count = 0;
  let trailer: string | null = null;
  let first = true;
  /** The partial line the last chunk ended with. */
  let rest = "";
  for await (const chunk of createReadStream(manifest, { highWaterMark: 4 << 20 })) {
    if (trailer !== null) throw new Error(`${manifest}: lines after the trailer`);
    // Whole lines only: those of this chunk and the partial one before; the text is latin1 (ASCII in fact), one
    // byte a character. Everything before the trailer is hashed at once.
    const text = rest + (chunk as Buffer).toString("latin1");
    const end = text.lastIndexOf("\n") + 1;
    let from = 0;
    if (first) {
      if (!text.startsWith(MANIFEST_HEADER)) throw new Error(`${manifest}: not a tree manifest`);
      from = MANIFEST_HEADER.length;
      first = false;
    }
    const inside = text.lastIndexOf("\n#end\t", end);
    const at = text.startsWith("#end\t") ? 0 : inside >= 0 ? inside + 1 : end;
    hash.update(text.slice(0, at), "latin1");
    if (at < end) {
      trailer = text.slice(at, text.indexOf("\n", at));
      if (at + trailer.length + 1 !== end) throw new Error(`${manifest}: lines after the trailer`);
    }
    for (
      let nl = text.indexOf("\n", from);
      nl >= 0 && nl < at;
      from = nl + 1, nl = text.indexOf("\n", from)
    ) {
      count++;
      const tab = text.indexOf("\t", from);
      const path = text.slice(from, tab);
      const tab2 = text.indexOf("\t", tab + 1);
      const sha256 = text.slice(tab2 + 1, nl);
      if (count <= listed) fileIndexSet(index, path, sha256);
      if (!isUnitFile(path)) byPath.set(path, { bytes: Number(text.slice(tab + 1, tab2)), sha256 });
    }
    rest = text.slice(end);
  }
  if (first || rest !== "") throw new Error(`${manifest}: not a complete tree manifest`);
  if (trailer !== `#end\t${count}\t${hash.digest("hex")}`)
    throw new Error(`${manifest}: does not match its trailer (truncated or edited)`);
  return { root, manifest, get: (path) => byPath.get(path), index };
}
