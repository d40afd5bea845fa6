/** The documents of a build, read from its `files.tsv` (the server's allow-list), for the per-build targets. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { SIBLINGS } from "./common.js";

/** One listed file. */
export interface ListedFile {
  /** Path inside the folder, without a leading slash (`api/v1/index.json`). */
  path: string;
  bytes: number;
  sha256: string;
}

/** A document (a listed file that is not a precompressed sibling) and the siblings it has. */
export interface ListedDocument extends ListedFile {
  siblings: { encoding: "br" | "gzip"; file: ListedFile }[];
}

/** Every listed file of `files.tsv` text, in its (sorted) order. */
export function parseFileList(text: string): ListedFile[] {
  const out: ListedFile[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const [path, bytes, sha256] = line.split("\t");
    if (path === undefined || bytes === undefined || sha256 === undefined || !/^\d+$/.test(bytes)) continue;
    out.push({ path, bytes: Number(bytes), sha256 });
  }
  return out;
}

/**
 * The documents of a file list, each with its siblings (`x.br`, `x.gz` listed beside `x`), in path order.
 * @example documentsOf(parseFileList("a.json\t2\tab…\na.json.br\t1\tcd…\n"))[0].siblings.length; // 1
 */
export function documentsOf(files: readonly ListedFile[]): ListedDocument[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const isSibling = (path: string) =>
    SIBLINGS.some(({ suffix }) => path.endsWith(suffix) && byPath.has(path.slice(0, -suffix.length)));
  return files
    .filter((f) => !isSibling(f.path))
    .map((f) => ({
      ...f,
      siblings: SIBLINGS.flatMap(({ encoding, suffix }) => {
        const file = byPath.get(`${f.path}${suffix}`);
        return file ? [{ encoding, file }] : [];
      }),
    }));
}

/** The documents of a build folder. */
export async function readDocuments(root: string): Promise<ListedDocument[]> {
  return documentsOf(parseFileList(await readFile(join(root, "files.tsv"), "utf8")));
}
