import { type CacheEntry, type CacheOptions, MemoryCache } from "./cache.js";
import { HttpError, InvalidResponseError, NetworkError, NotFoundError } from "./errors.js";
import {
  backoffDelay,
  isRetryableStatus,
  type ResolvedRetry,
  type RetryOptions,
  resolveRetry,
  retryAfterMs,
  sleep,
} from "./retry.js";
import type { ErrorBody } from "./types.js";

/** The part of the platform `fetch` the client uses; pass your own to add logging, proxies or test doubles. */
export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<Response>;

/** Transport settings shared by every call of a client. */
export interface TransportOptions {
  /** `fetch` to use; default the platform's `globalThis.fetch`, looked up at call time. */
  fetch?: FetchLike;
  /** Milliseconds one attempt (request and body) may take; 0 = no limit. Default 10 000. */
  timeoutMs?: number;
  /** Retry policy, a retry count, or `false`. Default `{ limit: 2, baseDelayMs: 300 }`. */
  retry?: RetryOptions | number | false;
  /** In-memory cache revalidated with `If-None-Match`: `true` for the defaults. Default off. */
  cache?: boolean | CacheOptions;
  /** Extra request headers (e.g. an identifying `User-Agent` where the platform allows it). */
  headers?: Record<string, string>;
}

/** Per-call options. */
export interface RequestOptions {
  /** Aborts the call (including retry waits); its reason is thrown as is. */
  signal?: AbortSignal;
}

const TIMED_OUT = Symbol("timeout");

/** GETs JSON documents with timeouts, retries and the optional ETag cache. */
export class Transport {
  readonly cache: MemoryCache | null;
  readonly #fetch: FetchLike | undefined;
  readonly #timeoutMs: number;
  readonly #retry: ResolvedRetry;
  readonly #headers: Record<string, string>;

  constructor(options: TransportOptions = {}) {
    this.#fetch = options.fetch;
    this.#timeoutMs = Math.max(0, options.timeoutMs ?? 10_000);
    this.#retry = resolveRetry(options.retry);
    this.#headers = { accept: "application/json", ...options.headers };
    this.cache = options.cache ? new MemoryCache(options.cache === true ? {} : options.cache) : null;
  }

  /** The parsed JSON body of a 200 (or of the cached copy after a 304). */
  async getJson(url: string, options: RequestOptions = {}): Promise<unknown> {
    const signal = options.signal;
    const cached = this.cache?.get(url);
    if (cached && this.cache?.isFresh(cached, Date.now())) return parse(url, cached.text);
    for (let attempt = 0; ; attempt++) {
      const retriesLeft = attempt < this.#retry.limit;
      let result: { status: number; text: string; etag: string | null; retryAfter: string | null };
      try {
        result = await this.#attempt(url, cached, signal);
      } catch (e) {
        if (!(e instanceof NetworkError) || !retriesLeft) throw e;
        await sleep(backoffDelay(attempt, this.#retry), signal);
        continue;
      }
      const { status, text } = result;
      if (status === 304 && cached) {
        cached.storedAt = Date.now();
        return parse(url, cached.text);
      }
      if (status === 304) throw new InvalidResponseError(url, "304 Not Modified without a cached copy");
      if (status >= 200 && status < 300) {
        const value = parse(url, text);
        if (this.cache && result.etag) this.cache.set(url, { etag: result.etag, text, storedAt: Date.now() });
        return value;
      }
      if (retriesLeft && isRetryableStatus(status)) {
        const asked = retryAfterMs(result.retryAfter, Date.now());
        if (asked === null || asked <= this.#retry.maxRetryAfterMs) {
          await sleep(asked ?? backoffDelay(attempt, this.#retry), signal);
          continue;
        }
      }
      const body = errorBody(text);
      throw status === 404 ? new NotFoundError(url, body) : new HttpError(status, url, body);
    }
  }

  /** One request with its own timeout; the body is read inside the timeout too. */
  async #attempt(url: string, cached: CacheEntry | undefined, signal: AbortSignal | undefined) {
    signal?.throwIfAborted();
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    const timer =
      this.#timeoutMs > 0 ? setTimeout(() => controller.abort(TIMED_OUT), this.#timeoutMs) : undefined;
    const headers = cached ? { ...this.#headers, "if-none-match": cached.etag } : this.#headers;
    try {
      const fetchFn = this.#fetch ?? globalThis.fetch;
      const res = await fetchFn(url, { headers, signal: controller.signal });
      const text = res.status === 304 ? "" : await res.text();
      return {
        status: res.status,
        text,
        etag: res.headers.get("etag"),
        retryAfter: res.headers.get("retry-after"),
      };
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      throw new NetworkError(url, controller.signal.reason === TIMED_OUT, { cause: e });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }
}

function parse(url: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InvalidResponseError(url, "body is not JSON", { cause: e });
  }
}

function errorBody(text: string): ErrorBody | null {
  try {
    const v = JSON.parse(text) as Partial<ErrorBody> | null;
    return v && typeof v.status === "number" && typeof v.code === "string" && typeof v.message === "string"
      ? (v as ErrorBody)
      : null;
  } catch {
    return null;
  }
}
