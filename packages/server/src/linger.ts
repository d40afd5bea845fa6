import type { Socket } from "node:net";

/**
 * Connections the server has finished with: its last answer handed to the kernel and its side closed, the
 * client's side perhaps still open (a client that never closes, or never reads). They no longer count against the
 * connection cap. Each lingers `ms` so that its last answer is not cut off by a reset (the bytes it still sends are
 * read and dropped meanwhile), then is destroyed; sooner when the client closes, or when a new connection needs its
 * descriptor (`evictOldest`). Both modes keep one.
 */
export class Lingering {
  /** Socket → when its linger began; in that order (a Map iterates in insertion order). */
  readonly #since = new Map<Socket, number>();

  constructor(readonly ms: number) {}

  /** Connections lingering now. */
  get size(): number {
    return this.#since.size;
  }

  /** Starts the linger of `socket` at `now`; it ends at the latest `ms` later. */
  add(socket: Socket, now: number): void {
    if (socket.destroyed || this.#since.has(socket)) return;
    this.#since.set(socket, now);
    socket.once("close", () => this.#since.delete(socket));
  }

  /** Destroys the connections whose linger is over at `now`. */
  sweep(now: number): void {
    for (const [socket, since] of this.#since) {
      if (now - since < this.ms) return;
      this.#since.delete(socket);
      socket.destroy();
    }
  }

  /** Destroys the connection that has lingered longest (a new connection needs its descriptor). */
  evictOldest(): void {
    const oldest = this.#since.keys().next();
    if (oldest.done) return;
    this.#since.delete(oldest.value);
    oldest.value.destroy();
  }

  /** Destroys every lingering connection. */
  destroyAll(): void {
    for (const socket of this.#since.keys()) socket.destroy();
    this.#since.clear();
  }
}
