import { createHash } from "node:crypto";
import { open } from "node:fs/promises";

/** Name of the tree manifest at the root of every output folder (docs/architecture.md). */
export const TREE_MANIFEST = "files.tsv";

/** One file of the output folder: its path relative to the root (with `/`), size and SHA-256 (hex). */
export interface TreeFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** First line of `files.tsv`: the format and its version. */
export const MANIFEST_HEADER = "#ucd-files\t1\n";

/**
 * One file's line of `files.tsv`: path, size and SHA-256, tab-separated.
 * @example manifestLine({ path: "404.json", bytes: 78, sha256: "8fcc…" }) // "404.json\t78\t8fcc…\n"
 */
export function manifestLine(f: TreeFile): string {
  if (/[\t\n\r]/.test(f.path) || f.path.startsWith("/") || f.path === TREE_MANIFEST)
    throw new Error(`path cannot be listed in the tree manifest: ${JSON.stringify(f.path)}`);
  return `${f.path}\t${f.bytes}\t${f.sha256}\n`;
}

/** Last line of `files.tsv`: the number of file lines and the SHA-256 of every byte before this line. */
export function manifestTrailer(count: number, digest: string): string {
  return `#end\t${count}\t${digest}\n`;
}

/** The number of files a `files.tsv` lists, from its trailer (its last line); null when it has none. */
export async function manifestCount(manifest: string): Promise<number | null> {
  const file = await open(manifest, "r");
  try {
    const { size } = await file.stat();
    const length = Math.min(size, 512);
    const { buffer } = await file.read(Buffer.alloc(length), 0, length, size - length);
    const m = /\n#end\t(\d+)\t[0-9a-f]{64}\n$/.exec(buffer.toString("latin1"));
    return m ? Number(m[1]) : null;
  } finally {
    await file.close();
  }
}

/**
 * The whole text of `files.tsv` for a list of files (in the order given: the build lists them in the order it
 * wrote them, which is deterministic).
 * @example treeManifest([{ path: "404.json", bytes: 78, sha256: "8fcc…" }])
 */
export function treeManifest(files: readonly TreeFile[]): string {
  const body = MANIFEST_HEADER + files.map(manifestLine).join("");
  return body + manifestTrailer(files.length, createHash("sha256").update(body).digest("hex"));
}

/**
 * Reads `files.tsv` back; throws when it is malformed, truncated or edited (its trailer does not match).
 * @example const files = parseTreeManifest(await readFile("public/files.tsv", "utf8"));
 */
export function parseTreeManifest(text: string): TreeFile[] {
  const end = text.lastIndexOf("#end\t");
  if (!text.startsWith(MANIFEST_HEADER) || end < 0 || !text.endsWith("\n"))
    throw new Error("not a complete tree manifest (header or trailer missing)");
  const body = text.slice(0, end);
  const [, count, digest] = text.slice(end, -1).split("\t");
  if (createHash("sha256").update(body).digest("hex") !== digest)
    throw new Error("tree manifest does not match its trailer (truncated or edited)");
  const files: TreeFile[] = [];
  for (const line of body.split("\n").slice(1, -1)) {
    const [path, bytes, sha256] = line.split("\t");
    if (path === undefined || bytes === undefined || sha256 === undefined || !/^[0-9a-f]{64}$/.test(sha256))
      throw new Error(`malformed tree manifest line: ${JSON.stringify(line)}`);
    files.push({ path, bytes: Number(bytes), sha256 });
  }
  if (files.length !== Number(count)) throw new Error("tree manifest line count does not match its trailer");
  return files;
}
