import { createHash } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import type { FileRef } from "./document.js";
import type { Filler } from "./reply.js";

/** A file whose bytes do not match the manifest: it is never served. */
export class IntegrityError extends Error {
  override readonly name = "IntegrityError";
}

/**
 * At most `limit` tasks at once; the rest wait in order. Bounds the files a process holds open, so a burst of
 * cold requests cannot run it out of descriptors.
 * @example const gate = new Gate(64); await gate.run(() => readFile(path));
 */
export class Gate {
  #active = 0;
  #waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active++;
    try {
      return await task();
    } finally {
      this.#active--;
      this.#waiting.shift()?.();
    }
  }
}

/**
 * Reads a whole file and checks it against its manifest entry (size and SHA-256): a short, long or changed
 * file throws `IntegrityError`.
 * @example const body = await readVerified("/srv/site/api/v1/index.json", 512, "ab12…");
 */
export async function readVerified(path: string, size: number, sha256: string): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const body = Buffer.allocUnsafeSlow(size);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await handle.read(body, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    const extra = await handle.read(Buffer.alloc(1), 0, 1, size);
    if (at !== size || extra.bytesRead !== 0)
      throw new IntegrityError(`${path}: size differs from the manifest`);
    if (createHash("sha256").update(body).digest("hex") !== sha256)
      throw new IntegrityError(`${path}: SHA-256 differs from the manifest`);
    return body;
  } finally {
    await handle.close();
  }
}

const PROBE = Buffer.alloc(1);

/**
 * A body read synchronously straight into its response buffer and checked against its manifest entry
 * (`IntegrityError` otherwise). For loading many small, page-cached files at start: no promise, no copy.
 * @example makeReply(200, headers, fileFiller("/srv/site/index.html", 1234, "ab12…"));
 */
export function fileFiller(path: string, size: number, sha256: string): Filler {
  return {
    size,
    fill(target: Buffer): void {
      const fd = openSync(path, "r");
      try {
        let at = 0;
        while (at < size) {
          const n = readSync(fd, target, at, size - at, at);
          if (n === 0) break;
          at += n;
        }
        if (at !== size || readSync(fd, PROBE, 0, 1, size) !== 0)
          throw new IntegrityError(`${path}: size differs from the manifest`);
      } finally {
        closeSync(fd);
      }
      if (createHash("sha256").update(target).digest("hex") !== sha256)
        throw new IntegrityError(`${path}: SHA-256 differs from the manifest`);
    },
  };
}

const verifying = new Map<FileRef, Promise<void>>();

/**
 * Opens a file that is streamed rather than held, after making sure its bytes are the manifest's: the first
 * time (and whenever the file's identity on disk changes) its whole content is hashed through the same
 * descriptor; later opens compare device, inode, size and mtime with the verified ones. Throws
 * `IntegrityError` on a mismatch. The caller closes the handle.
 * @example const handle = await openVerified(ref); handle.createReadStream({ start: 0 });
 */
export async function openVerified(ref: FileRef): Promise<FileHandle> {
  const handle = await open(ref.path, "r");
  try {
    const st = await handle.stat();
    const identity = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
    if (st.size !== ref.size) throw new IntegrityError(`${ref.path}: size differs from the manifest`);
    if (ref.verified !== identity) {
      let pending = verifying.get(ref);
      if (!pending) {
        pending = hashThrough(handle, ref.size).then((hex) => {
          if (hex !== ref.sha256) throw new IntegrityError(`${ref.path}: SHA-256 differs from the manifest`);
          ref.verified = identity;
        });
        verifying.set(ref, pending);
        pending.then(
          () => verifying.delete(ref),
          () => verifying.delete(ref),
        );
      }
      await pending;
      if (ref.verified !== identity) throw new IntegrityError(`${ref.path}: changed while it was checked`);
    }
    return handle;
  } catch (e) {
    await handle.close();
    throw e;
  }
}

async function hashThrough(handle: FileHandle, size: number): Promise<string> {
  const hash = createHash("sha256");
  const chunk = Buffer.allocUnsafe(1 << 20);
  let at = 0;
  while (at < size) {
    const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, size - at), at);
    if (bytesRead === 0) break;
    hash.update(chunk.subarray(0, bytesRead));
    at += bytesRead;
  }
  return hash.digest("hex");
}
