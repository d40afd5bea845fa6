import type { ErrorBody } from "./types.js";

/**
 * The server answered with a status other than 2xx or 304 (after any retries).
 * `body` is the API's JSON error body `{ status, code, message }` when the server sent one.
 * @example
 * try { await client.stats(); } catch (e) { if (isHttpError(e)) console.log(e.status, e.body?.code); }
 */
export class HttpError extends Error {
  override readonly name: "HttpError" | "NotFoundError" = "HttpError";
  constructor(
    readonly status: number,
    readonly url: string,
    readonly body: ErrorBody | null,
  ) {
    super(`HTTP ${status} for ${url}${body?.message ? `: ${body.message}` : ""}`);
  }
}

/**
 * The document does not exist (404): an unknown state or city slug, or a wrong path. `hint` says what to try when
 * something is known: a base address without `/api/v1`, a state that is none of the 50 and DC, or the nearest
 * valid path the server names in its error body (`suggestion`); it ends the message too.
 * A subclass of {@link HttpError}, so `isHttpError` is true for it as well.
 * @example
 * const doc = await client.clinics("texas", "atlantis").catch((e) => (isNotFoundError(e) ? null : Promise.reject(e)));
 */
export class NotFoundError extends HttpError {
  override readonly name = "NotFoundError";
  constructor(
    url: string,
    body: ErrorBody | null,
    readonly hint: string | null = null,
  ) {
    super(404, url, body);
    if (hint) this.message += ` (${hint})`;
  }
}

/**
 * No HTTP answer arrived: DNS, connection or TLS failure, or the request timed out (`timedOut: true`).
 * The original error is in `cause`. A caller's own abort is not wrapped: its `AbortSignal` reason is thrown as is.
 * @example
 * try { await client.states(); } catch (e) { if (isNetworkError(e) && e.timedOut) console.log("slow network"); }
 */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
  constructor(
    readonly url: string,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(timedOut ? `request timed out: ${url}` : `network error: ${url}`, options);
  }
}

/**
 * The server answered 2xx but the body is not the JSON document expected (not JSON, or missing a required field).
 * @example
 * try { await client.cities(); } catch (e) { if (isInvalidResponseError(e)) console.log(e.message); }
 */
export class InvalidResponseError extends Error {
  override readonly name = "InvalidResponseError";
  constructor(
    readonly url: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`invalid response from ${url}: ${message}`, options);
  }
}

/** Any error this SDK throws by itself. */
export type UrgentCareError = HttpError | NotFoundError | NetworkError | InvalidResponseError;

// Guards check `name` as well as the prototype, so they work across realms and duplicate copies of the package.
const named = (e: unknown, ...names: string[]): boolean =>
  typeof e === "object" && e !== null && names.includes((e as { name?: unknown }).name as string);

/**
 * True for an {@link HttpError}, including its subclass {@link NotFoundError}.
 * @example if (isHttpError(e) && e.status === 429) console.log("rate limited");
 */
export function isHttpError(e: unknown): e is HttpError {
  return e instanceof HttpError || named(e, "HttpError", "NotFoundError");
}

/**
 * True for a {@link NotFoundError} (404).
 * @example if (isNotFoundError(e)) console.log("no such city");
 */
export function isNotFoundError(e: unknown): e is NotFoundError {
  return e instanceof NotFoundError || named(e, "NotFoundError");
}

/**
 * True for a {@link NetworkError} (no answer, or timed out).
 * @example if (isNetworkError(e)) console.log("offline?", e.timedOut);
 */
export function isNetworkError(e: unknown): e is NetworkError {
  return e instanceof NetworkError || named(e, "NetworkError");
}

/**
 * True for an {@link InvalidResponseError}.
 * @example if (isInvalidResponseError(e)) console.log("unexpected body");
 */
export function isInvalidResponseError(e: unknown): e is InvalidResponseError {
  return e instanceof InvalidResponseError || named(e, "InvalidResponseError");
}
