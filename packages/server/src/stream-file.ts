import type { FileHandle } from "node:fs/promises";

/**
 * Bytes read from a streamed file at a time, into one buffer per download that is reused: the next chunk is read
 * only once the socket has passed the last one to the kernel, so a client that reads slowly (or not at all)
 * costs this buffer, not the file, a read-ahead or a trail of used chunks awaiting the garbage collector
 * (docs/server.md, "Memory").
 */
export const STREAM_CHUNK = 64 * 1024;

/** Where `pumpFile` writes: a socket or a node:http response. */
export interface Sink {
  /** Writes a chunk; `written` is called once it has left the process (or failed). */
  write(chunk: Buffer, written: (error?: Error | null) => void): boolean;
  once(event: "close", listener: () => void): unknown;
  off(event: "close", listener: () => void): unknown;
  readonly destroyed: boolean;
}

/**
 * Copies bytes `start`…`end` (inclusive) of an open file to `sink`, one `STREAM_CHUNK` at a time, reading the
 * next only when the last has been written out, then closes the file and calls `done(true)`; `done(false)` when
 * the sink closed first or the file could not be read whole (it shrank, or a read failed).
 * @example pumpFile(handle, 0, size - 1, socket, (ok) => (ok ? socket.end() : socket.destroy()));
 */
export function pumpFile(
  handle: FileHandle,
  start: number,
  end: number,
  sink: Sink,
  done: (ok: boolean) => void,
  onChunk?: () => void,
): void {
  let at = start;
  let closed = false;
  const onClose = () => {
    closed = true;
  };
  sink.once("close", onClose);
  const finish = (ok: boolean) => {
    sink.off("close", onClose);
    void handle.close().catch(() => {});
    done(ok);
  };
  const buffer = Buffer.allocUnsafeSlow(Math.min(STREAM_CHUNK, end + 1 - start));
  const pump = () => {
    if (closed || sink.destroyed) return finish(false);
    if (at > end) return finish(true);
    const size = Math.min(buffer.length, end + 1 - at);
    handle.read(buffer, 0, size, at).then(
      ({ bytesRead }) => {
        if (closed || sink.destroyed || bytesRead === 0) return finish(false);
        at += bytesRead;
        onChunk?.();
        sink.write(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead), (error) => {
          if (error) finish(false);
          else pump();
        });
      },
      () => finish(false),
    );
  };
  pump();
}
