import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { isUnitFile } from "../paths.js";
import { MANIFEST_HEADER, TREE_MANIFEST } from "./tree-manifest.js";

/** The files of the release being replaced: carried (hard-linked) when unchanged instead of written again. */
export interface PreviousTree {
  root: string;
  /** Its `files.tsv`: the entries of its units' files are read from it when they are carried. */
  manifest: string;
  /**
   * Size and SHA-256 of one of its files that belongs to no unit (lists, downloads, assets…), for reuse by content;
   * the files of units are not held (a million clinics' files would not fit in memory), they are carried by unit.
   */
  get(path: string): { bytes: number; sha256: string } | undefined;
}

/**
 * The previous release's tree from its manifest, streamed and checked against its trailer (throws when it is
 * truncated or edited): only the entries of files outside units are held.
 * @example const previous = await previousTree(".public.releases/0007-2026-06-01/site");
 */
export async function previousTree(root: string): Promise<PreviousTree> {
  const manifest = join(root, TREE_MANIFEST);
  const byPath = new Map<string, { bytes: number; sha256: string }>();
  const hash = createHash("sha256");
  let count = 0;
  let trailer: string | null = null;
  let first = true;
  const input = createReadStream(manifest);
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (first) {
      if (`${line}\n` !== MANIFEST_HEADER) throw new Error(`${manifest}: not a tree manifest`);
      hash.update(MANIFEST_HEADER);
      first = false;
      continue;
    }
    if (trailer !== null) throw new Error(`${manifest}: lines after the trailer`);
    if (line.startsWith("#end\t")) {
      trailer = line;
      continue;
    }
    hash.update(`${line}\n`);
    count++;
    const tab = line.indexOf("\t");
    const path = line.slice(0, tab);
    if (isUnitFile(path)) continue;
    const tab2 = line.indexOf("\t", tab + 1);
    byPath.set(path, { bytes: Number(line.slice(tab + 1, tab2)), sha256: line.slice(tab2 + 1) });
  }
  if (trailer !== `#end\t${count}\t${hash.digest("hex")}`)
    throw new Error(`${manifest}: does not match its trailer (truncated or edited)`);
  return { root, manifest, get: (path) => byPath.get(path) };
}
