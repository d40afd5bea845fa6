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
