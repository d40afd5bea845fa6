/** How failed requests are retried: network errors, timeouts, 408, 429 and 5xx. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2; 0 disables retrying. */
  limit?: number;
  /** Base of the exponential backoff in ms: attempt n waits between base·2ⁿ/2 and base·2ⁿ. Default 300. */
  baseDelayMs?: number;
  /** Upper bound of one backoff wait in ms. Default 10 000. */
  maxDelayMs?: number;
  /** Longest `Retry-After` honoured, in ms; a server asking for longer gets no retry (the error is thrown). Default 60 000. */
  maxRetryAfterMs?: number;
}

export type ResolvedRetry = Required<RetryOptions>;

export function resolveRetry(options: RetryOptions | number | false | undefined): ResolvedRetry {
  const o =
    typeof options === "number" ? { limit: options } : options === false ? { limit: 0 } : (options ?? {});
  return {
    limit: Math.max(0, Math.floor(o.limit ?? 2)),
    baseDelayMs: Math.max(0, o.baseDelayMs ?? 300),
    maxDelayMs: Math.max(0, o.maxDelayMs ?? 10_000),
    maxRetryAfterMs: Math.max(0, o.maxRetryAfterMs ?? 60_000),
  };
}

/** Statuses worth another try: request timeout, too many requests, and server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/**
 * Wait before retry number `attempt` (0-based): exponential with "equal jitter" — half fixed, half random — so
 * clients that failed together do not come back together, yet every wait still grows.
 * @example backoffDelay(2, resolveRetry({ baseDelayMs: 100 }), Math.random); // 200 … 400
 */
export function backoffDelay(
  attempt: number,
  retry: ResolvedRetry,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt);
  return ceiling / 2 + random() * (ceiling / 2);
}

/**
 * `Retry-After` in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable.
 * @example retryAfterMs("2", Date.now()); // 2000
 */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null || value.trim() === "") return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const date = Date.parse(v);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
