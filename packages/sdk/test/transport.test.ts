import { describe, expect, it, vi } from "vitest";
import {
  type FetchLike,
  HttpError,
  InvalidResponseError,
  isHttpError,
  isInvalidResponseError,
  isNetworkError,
  isNotFoundError,
  NetworkError,
  NotFoundError,
  UrgentCareClient,
} from "../src/index.js";
import { backoffDelay, resolveRetry, retryAfterMs } from "../src/retry.js";

const BASE = "https://api.test/api/v1";
const STATES = { count: 1, states: [{ slug: "ohio" }] };

type Reply = Response | (() => Response) | Error | "hang";
interface Call {
  url: string;
  headers: Record<string, string>;
  at: number;
}

/** A scripted fetch: answers the i-th call with replies[i] (the last one repeats) and records every call. */
function scripted(...replies: Reply[]): { fetch: FetchLike; calls: Call[] } {
  const calls: Call[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, headers: init.headers, at: performance.now() });
    const reply = replies[Math.min(calls.length - 1, replies.length - 1)] as Reply;
    if (reply === "hang") {
      return new Promise((_, reject) =>
        init.signal.addEventListener("abort", () => reject(init.signal.reason)),
      );
    }
    if (reply instanceof Error) return Promise.reject(reply);
    return Promise.resolve(typeof reply === "function" ? reply() : reply.clone());
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 304 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
const fast = { baseDelayMs: 1, maxDelayMs: 5 };

describe("errors", () => {
  it("turns a 404 into NotFoundError with the API's error body, without retrying", async () => {
    const { fetch, calls } = scripted(
      json(404, { status: 404, code: "not_found", message: "No document exists at this path." }),
    );
    const client = new UrgentCareClient({ baseUrl: BASE, fetch, retry: fast });
    const error = await client.clinics("texas", "atlantis").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(isNotFoundError(error) && isHttpError(error)).toBe(true);
    expect(error).toMatchObject({
      name: "NotFoundError",
      status: 404,
      url: `${BASE}/clinics/texas/atlantis.json`,
    });
    expect((error as NotFoundError).body?.code).toBe("not_found");
    expect(calls).toHaveLength(1);
  });

  it("gives up on persistent 5xx with HttpError after limit + 1 attempts", async () => {
    const { fetch, calls } = scripted(json(500, { oops: true }));
    const error = await new UrgentCareClient({ baseUrl: BASE, fetch, retry: { ...fast, limit: 3 } })
      .stats()
      .catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ name: "HttpError", status: 500, body: null });
    expect(isNotFoundError(error)).toBe(false);
    expect(calls).toHaveLength(4);
  });

  it("does not retry other 4xx", async () => {
    const { fetch, calls } = scripted(json(403, {}));
    await expect(new UrgentCareClient({ baseUrl: BASE, fetch, retry: fast }).states()).rejects.toMatchObject({
      status: 403,
    });
    expect(calls).toHaveLength(1);
  });

  it("wraps a failing fetch in NetworkError, keeping the cause", async () => {
    const cause = new TypeError("fetch failed");
    const { fetch, calls } = scripted(cause);
    const error = await new UrgentCareClient({ baseUrl: BASE, fetch, retry: fast }).states().catch((e) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error) && !error.timedOut && error.cause === cause).toBe(true);
    expect(calls).toHaveLength(3); // default limit: 2 retries
  });

  it("times out a hanging request as NetworkError{timedOut}", async () => {
    const { fetch, calls } = scripted("hang");
    const started = performance.now();
    const error = await new UrgentCareClient({
      baseUrl: BASE,
      fetch,
      timeoutMs: 50,
      retry: { ...fast, limit: 1 },
    })
      .states()
      .catch((e) => e);
    expect(isNetworkError(error) && error.timedOut).toBe(true);
    expect(calls).toHaveLength(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it("rethrows the caller's abort reason as is, without retrying", async () => {
    const { fetch, calls } = scripted("hang");
    const controller = new AbortController();
    const reason = new Error("user navigated away");
    setTimeout(() => controller.abort(reason), 20);
    const error = await new UrgentCareClient({ baseUrl: BASE, fetch })
      .states({ signal: controller.signal })
      .catch((e) => e);
    expect(error).toBe(reason);
    expect(calls).toHaveLength(1);
  });

  it("stops waiting between retries when the caller aborts", async () => {
    const { fetch, calls } = scripted(json(503, {}));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stop")), 50);
    const started = performance.now();
    const client = new UrgentCareClient({
      baseUrl: BASE,
      fetch,
      retry: { limit: 5, baseDelayMs: 10_000, maxDelayMs: 10_000 },
    });
    await expect(client.states({ signal: controller.signal })).rejects.toThrow("stop");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(calls).toHaveLength(1);
  });

  it("reports a body that is not JSON, or not the document, as InvalidResponseError", async () => {
    const notJson = scripted(new Response("<html>", { status: 200 }));
    const e1 = await new UrgentCareClient({ baseUrl: BASE, fetch: notJson.fetch }).states().catch((e) => e);
    expect(e1).toBeInstanceOf(InvalidResponseError);
    expect(isInvalidResponseError(e1)).toBe(true);
    const wrongShape = scripted(json(200, { count: 1, cities: "no" }));
    const e2 = await new UrgentCareClient({ baseUrl: BASE, fetch: wrongShape.fetch })
      .cities()
      .catch((e) => e);
    expect(e2).toMatchObject({ name: "InvalidResponseError" });
    expect(String(e2.message)).toContain('"cities" should be array');
  });

  it("guards recognise errors by name across realms and reject look-alikes", () => {
    expect(isNotFoundError({ name: "NotFoundError" })).toBe(true);
    expect(isHttpError({ name: "NotFoundError" })).toBe(true);
    expect(isNetworkError(new Error("x"))).toBe(false);
    expect(isHttpError(null)).toBe(false);
    expect(isInvalidResponseError("InvalidResponseError")).toBe(false);
  });
});

describe("retries", () => {
  it("retries 503 and then succeeds", async () => {
    const { fetch, calls } = scripted(json(503, {}), json(502, {}), json(200, STATES));
    const doc = await new UrgentCareClient({ baseUrl: BASE, fetch, retry: fast }).states();
    expect(doc.states[0]?.slug).toBe("ohio");
    expect(calls).toHaveLength(3);
  });

  it("retries after a network error", async () => {
    const { fetch, calls } = scripted(new TypeError("ECONNRESET"), json(200, STATES));
    await new UrgentCareClient({ baseUrl: BASE, fetch, retry: fast }).states();
    expect(calls).toHaveLength(2);
  });

  // Retry-After waits run on fake timers: the test steps the clock instead of sleeping.
  it("honours Retry-After in seconds on 429", async () => {
    vi.useFakeTimers();
    try {
      const { fetch, calls } = scripted(json(429, {}, { "retry-after": "1" }), json(200, STATES));
      const done = new UrgentCareClient({ baseUrl: BASE, fetch, retry: fast }).states();
      await vi.advanceTimersByTimeAsync(999);
      expect(calls).toHaveLength(1); // still waiting: not the 1–5 ms backoff
      await vi.advanceTimersByTimeAsync(1);
      await done;
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("honours Retry-After as an HTTP date", async () => {
    vi.useFakeTimers({ now: new Date("2026-05-01T12:00:00.000Z") });
    try {
      const when = new Date(Date.now() + 2000).toUTCString();
      const { fetch, calls } = scripted(json(503, {}, { "retry-after": when }), json(200, STATES));
      const done = new UrgentCareClient({ baseUrl: BASE, fetch, retry: fast }).states();
      await vi.advanceTimersByTimeAsync(1999);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await done;
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not wait for a Retry-After longer than maxRetryAfterMs", async () => {
    const { fetch, calls } = scripted(json(429, {}, { "retry-after": "3600" }), json(200, STATES));
    const error = await new UrgentCareClient({ baseUrl: BASE, fetch, retry: fast }).states().catch((e) => e);
    expect(error).toMatchObject({ name: "HttpError", status: 429 });
    expect(calls).toHaveLength(1);
  });

  it("retry: false makes one attempt", async () => {
    const { fetch, calls } = scripted(json(503, {}));
    await expect(new UrgentCareClient({ baseUrl: BASE, fetch, retry: false }).states()).rejects.toMatchObject(
      { status: 503 },
    );
    expect(calls).toHaveLength(1);
  });

  it("backs off exponentially with jitter, within bounds", () => {
    const r = resolveRetry({ baseDelayMs: 100, maxDelayMs: 1000 });
    expect([0, 1, 2, 3, 4].map((a) => backoffDelay(a, r, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([0, 1, 2, 3, 4].map((a) => backoffDelay(a, r, () => 0.999999))).toEqual(
      [0, 1, 2, 3, 4].map((a) => expect.closeTo(Math.min(1000, 100 * 2 ** a), 3)),
    );
    const samples = Array.from({ length: 200 }, () => backoffDelay(2, r));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...samples)).toBeLessThanOrEqual(400);
    expect(new Set(samples).size).toBeGreaterThan(100); // jittered, not constant
  });

  it("parses Retry-After", () => {
    const now = Date.parse("2026-05-01T00:00:00Z");
    expect(retryAfterMs("7", now)).toBe(7000);
    expect(retryAfterMs("Fri, 01 May 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Thu, 30 Apr 2026 00:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe("cache", () => {
  it("revalidates with If-None-Match and reuses the body on 304", async () => {
    const { fetch, calls } = scripted(json(200, STATES, { etag: '"v1"' }), json(304, null, { etag: '"v1"' }));
    const client = new UrgentCareClient({ baseUrl: BASE, fetch, cache: true });
    const first = await client.states();
    const second = await client.states();
    expect(second).toEqual(first);
    expect(second).not.toBe(first); // each call gets its own copy: mutating one cannot corrupt the cache
    expect(calls[0]?.headers["if-none-match"]).toBeUndefined();
    expect(calls[1]?.headers["if-none-match"]).toBe('"v1"');
  });

  it("replaces the stored copy when the document changed", async () => {
    const changed = { count: 1, states: [{ slug: "utah" }] };
    const { fetch, calls } = scripted(
      json(200, STATES, { etag: '"a"' }),
      json(200, changed, { etag: '"b"' }),
      json(304, null),
    );
    const client = new UrgentCareClient({ baseUrl: BASE, fetch, cache: true });
    await client.states();
    expect((await client.states()).states[0]?.slug).toBe("utah");
    expect((await client.states()).states[0]?.slug).toBe("utah");
    expect(calls.map((c) => c.headers["if-none-match"])).toEqual([undefined, '"a"', '"b"']);
  });

  it("serves from memory without a request within ttlMs", async () => {
    const { fetch, calls } = scripted(json(200, STATES, { etag: '"v1"' }));
    const client = new UrgentCareClient({ baseUrl: BASE, fetch, cache: { ttlMs: 60_000 } });
    await client.states();
    await client.states();
    expect(calls).toHaveLength(1);
    client.clearCache();
    await client.states();
    expect(calls).toHaveLength(2);
  });

  it("evicts the least recently used document past maxEntries", async () => {
    const { fetch, calls } = scripted(() =>
      json(200, { count: 0, states: [], cities: [], networks: [] }, { etag: '"x"' }),
    );
    const client = new UrgentCareClient({ baseUrl: BASE, fetch, cache: { maxEntries: 2, ttlMs: 60_000 } });
    await client.states();
    await client.cities();
    await client.states(); // hit: states becomes most recent
    await client.networks(); // evicts cities
    await client.states(); // hit
    await client.cities(); // miss
    expect(calls.map((c) => c.url.slice(BASE.length))).toEqual([
      "/states.json",
      "/cities.json",
      "/networks.json",
      "/cities.json",
    ]);
  });

  it("without the cache option sends no validators", async () => {
    const { fetch, calls } = scripted(json(200, STATES, { etag: '"v1"' }));
    const client = new UrgentCareClient({ baseUrl: BASE, fetch });
    await client.states();
    await client.states();
    expect(calls.map((c) => c.headers["if-none-match"])).toEqual([undefined, undefined]);
  });

  it("a 304 without a stored copy is an InvalidResponseError", async () => {
    const { fetch } = scripted(json(304, null));
    await expect(new UrgentCareClient({ baseUrl: BASE, fetch }).states()).rejects.toBeInstanceOf(
      InvalidResponseError,
    );
  });
});

describe("addresses", () => {
  it("builds every endpoint's URL from the base address, slugifying names", async () => {
    const { fetch, calls } = scripted(() =>
      json(200, {
        count: 0,
        cities: [],
        clinics: [],
        states: [],
        networks: [],
        city: {},
        state: {},
        coverage: {},
        data_quality: {},
        endpoints: [],
        license: {},
        openapi: "3.0.3",
        info: {},
        paths: {},
      }),
    );
    const client = new UrgentCareClient({ baseUrl: `${BASE}/`, fetch });
    await client.index();
    await client.stats();
    await client.states();
    await client.cities();
    await client.citiesOf("District of Columbia");
    await client.clinics("Missouri", "St. Louis");
    await client.networks();
    await client.openApi();
    expect(calls.map((c) => c.url)).toEqual([
      `${BASE}/index.json`,
      `${BASE}/stats.json`,
      `${BASE}/states.json`,
      `${BASE}/cities.json`,
      `${BASE}/cities/district-of-columbia.json`,
      `${BASE}/clinics/missouri/st-louis.json`,
      `${BASE}/networks.json`,
      "https://api.test/api/openapi.json",
    ]);
    expect(calls[0]?.headers.accept).toBe("application/json");
  });

  it("has no default address: without a usable baseUrl it fails at once, before any request", () => {
    // @ts-expect-error baseUrl is required
    expect(() => new UrgentCareClient()).toThrow(/baseUrl is required/);
    // @ts-expect-error baseUrl is required
    expect(() => new UrgentCareClient({})).toThrow(/baseUrl is required/);
    expect(() => new UrgentCareClient({ baseUrl: "" })).toThrow(/baseUrl is required/);
    expect(() => new UrgentCareClient({ baseUrl: "api.example.org/api/v1" })).toThrow(/not an absolute URL/);
    expect(() => new UrgentCareClient({ baseUrl: "ftp://example.org/api/v1" })).toThrow(/http\(s\)/);
    expect(new UrgentCareClient({ baseUrl: "https://api.test/api/v1/" }).baseUrl).toBe(
      "https://api.test/api/v1",
    );
  });
});
