import { createHash } from "node:crypto";

/** Name of the tree manifest at the root of every output folder (docs/architecture.md). */
export const TREE_MANIFEST = "files.tsv";

/** One file of the output folder: its path relative to the root (with `/`), size and SHA-256 (hex). */
export interface TreeFile {
  path: string;
  bytes: number;
  sha256: string;
}

/**
 * The text of `files.tsv`: a header line, one line per file sorted by path (byte order), and a trailer with the
 * number of file lines and the SHA-256 of every byte before it, so that a truncated manifest is detectable.
 * @example treeManifest([{ path: "404.json", bytes: 71, sha256: "ab…" }])
 */
export function treeManifest(files: readonly TreeFile[]): string {
  const sorted = [...files].sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
  let body = "#ucd-files\t1\n";
  for (const f of sorted) {
    if (/[\t\n\r]/.test(f.path) || f.path.startsWith("/") || f.path === TREE_MANIFEST)
      throw new Error(`path cannot be listed in the tree manifest: ${JSON.stringify(f.path)}`);
    body += `${f.path}\t${f.bytes}\t${f.sha256}\n`;
  }
  const digest = createHash("sha256").update(body).digest("hex");
  return `${body}#end\t${sorted.length}\t${digest}\n`;
}

/**
 * Reads `files.tsv` back; throws when it is malformed, truncated or edited (its trailer does not match).
 * @example const files = parseTreeManifest(await readFile("public/files.tsv", "utf8"));
 */
export function parseTreeManifest(text: string): TreeFile[] {
  const end = text.lastIndexOf("#end\t");
  if (!text.startsWith("#ucd-files\t1\n") || end < 0 || !text.endsWith("\n"))
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
