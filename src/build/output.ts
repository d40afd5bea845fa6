import { createHash } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { TREE_MANIFEST, type TreeFile, treeManifest } from "./tree-manifest.js";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** A file of the output tree. Text documents get `.br` and `.gz` siblings unless `compress` is false. */
export interface OutputFile {
  body: Buffer;
  compress: boolean;
}

/** The whole output as path → file; paths are relative, with forward slashes. */
export class OutputTree {
  readonly files = new Map<string, OutputFile>();

  add(path: string, body: string | Buffer, compress = true): void {
    const normal = path.replace(/^\/+/, "");
    if (
      normal.split("/").some((seg) => seg === "" || seg === "." || seg === "..") ||
      normal.includes("\\") ||
      normal.includes("\0")
    ) {
      throw new Error(`refusing output path outside the output folder: ${path}`);
    }
    if (this.files.has(normal)) throw new Error(`two documents at one path: ${normal}`);
    this.files.set(normal, { body: typeof body === "string" ? Buffer.from(body) : body, compress });
  }

  json(path: string, value: unknown): void {
    this.add(path, JSON.stringify(value));
  }
}

export interface WriteResult {
  files: number;
  bytes: { raw: number; gzip: number; brotli: number };
}

/**
 * Writes the tree into a temporary sibling of `outDir`, then swaps it into place, so a failed build leaves the
 * previous output untouched and a server never sees half a tree.
 */
export async function writeTreeAtomically(
  outDir: string,
  tree: OutputTree,
  compression: "max" | "fast" = "max",
): Promise<WriteResult> {
  const target = resolve(outDir);
  const parent = dirname(target);
  await mkdir(parent, { recursive: true });
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const temp = join(parent, `.${basename(target)}.tmp-${stamp}`);
  const result: WriteResult = { files: 0, bytes: { raw: 0, gzip: 0, brotli: 0 } };
  try {
    const entries = [...tree.files.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const dirs = new Set(entries.map(([p]) => dirname(join(temp, p))));
    for (const d of [...dirs].sort()) await mkdir(d, { recursive: true });
    // Largest first, so that a multi-MB download does not start compressing last; files that share one body
    // (the downloads' -latest copies) are compressed once.
    const work = [...entries].sort(([, a], [, b]) => b.body.length - a.body.length);
    const compressed = new Map<Buffer, Promise<[Buffer, Buffer]>>();
    const listed: TreeFile[] = [];
    const list = (path: string, body: Buffer) =>
      listed.push({ path, bytes: body.length, sha256: createHash("sha256").update(body).digest("hex") });
    await forEachLimit(work, 8, async ([path, file]) => {
      const full = join(temp, path);
      if (!full.startsWith(temp + sep)) throw new Error(`path escapes the output folder: ${path}`);
      await writeFile(full, file.body);
      list(path, file.body);
      result.files++;
      result.bytes.raw += file.body.length;
      if (!file.compress) return;
      let pending = compressed.get(file.body);
      if (!pending) {
        pending = Promise.all([
          brotli(file.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]:
                compression === "fast" ? 5 : file.body.length > 4_000_000 ? 9 : 11,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: file.body.length,
            },
          }),
          gz(file.body, { level: 9 }),
        ]);
        compressed.set(file.body, pending);
      }
      const [b, g] = await pending;
      await writeFile(`${full}.br`, b);
      await writeFile(`${full}.gz`, g);
      list(`${path}.br`, b);
      list(`${path}.gz`, g);
      result.files += 2;
      result.bytes.brotli += b.length;
      result.bytes.gzip += g.length;
    });
    await writeFile(join(temp, TREE_MANIFEST), treeManifest(listed));
    const old = join(parent, `.${basename(target)}.old-${stamp}`);
    let hadOld = true;
    try {
      await rename(target, old);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      hadOld = false;
    }
    await rename(temp, target);
    if (hadOld) await rm(old, { recursive: true, force: true });
    return result;
  } catch (e) {
    await rm(temp, { recursive: true, force: true });
    throw e;
  }
}

async function forEachLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
