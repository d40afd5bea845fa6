// The 404 body names the nearest listed document (issue 40): a slug's other spellings and close matches, the /api/v1
// prefix a path lacks, the list to pick from.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CACHE_CONTROL,
  editDistance,
  MAX_NAMES,
  type RunningServer,
  type ServerMode,
  SuggestionsBuilder,
  startServer,
} from "../src/index.js";
import { writeManifest } from "./helpers/fixture.js";
import { exchange, parseResponses, request } from "./helpers/raw-http.js";

const STATES = [
  { slug: "texas", code: "TX", cities: ["austin", "san-antonio", "houston"] },
  { slug: "new-york", code: "NY", cities: ["new-york-city", "buffalo"] },
  { slug: "district-of-columbia", code: "DC", cities: ["washington"] },
];

/** A small API of the build's shape: states with their codes, cities, clinics of a city, a clinic, a network. */
async function apiSite(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "ucd-suggest-"));
  const put = async (path: string, value: unknown) => {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), JSON.stringify(value));
  };
  await put("api/v1/index.json", { name: "fixture" });
  await put("api/openapi.json", { openapi: "3.0.3" });
  await put("404.json", { status: 404, code: "not_found", message: "No document exists at this path." });
  await writeFile(join(dir, "404.html"), "<!doctype html><title>Not found</title>");
  await put("api/v1/states.json", { states: STATES.map(({ slug, code }) => ({ slug, code })) });
  await put("api/v1/cities.json", { cities: [] });
  await put("api/v1/networks.json", { networks: [] });
  for (const { slug, cities } of STATES) {
    await put(`api/v1/cities/${slug}.json`, { cities });
    for (const city of cities) await put(`api/v1/clinics/${slug}/${city}.json`, { clinics: [] });
  }
  await put("api/v1/clinic/k3v9q2m7x1ab.json", { id: "k3v9q2m7x1ab" });
  await put("api/v1/networks/alderwick-urgent-care.json", { clinics: [] });
  await writeManifest(dir);
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Paths a user or client gets wrong, and the document the 404 names (null: the plain body). */
const CASES: [string, string | null][] = [
  ["/api/v1/cities/TX.json", "/api/v1/cities/texas.json"],
  ["/api/v1/cities/tx.json", "/api/v1/cities/texas.json"],
  ["/api/v1/cities/texs.json", "/api/v1/cities/texas.json"],
  ["/api/v1/cities/Texas.json", "/api/v1/cities/texas.json"],
  ["/api/v1/cities/texas", "/api/v1/cities/texas.json"],
  ["/api/v1/cities/dc.json", "/api/v1/cities/district-of-columbia.json"],
  ["/api/v1/cities/new_york.json", "/api/v1/cities/new-york.json"],
  ["/api/v1/clinics/texas/austn.json", "/api/v1/clinics/texas/austin.json"],
  ["/api/v1/clinics/TX/austin.json", "/api/v1/clinics/texas/austin.json"],
  ["/api/v1/clinics/New%20York/buffalo.json", "/api/v1/clinics/new-york/buffalo.json"],
  ["/api/v1/clinics/texas/san%20antonio.json", "/api/v1/clinics/texas/san-antonio.json"],
  // A known state, an unknown city: the state's cities document.
  ["/api/v1/clinics/texas/springfield.json", "/api/v1/cities/texas.json"],
  ["/api/v1/clinics/tx/springfield.json", "/api/v1/cities/texas.json"],
  ["/api/v1/clinics/texas.json", "/api/v1/cities/texas.json"],
  // An unknown state: the states list.
  ["/api/v1/cities/atlantis.json", "/api/v1/states.json"],
  ["/api/v1/clinics/atlantis/springfield.json", "/api/v1/states.json"],
  ["/api/v1/networks/alderwik-urgent-care.json", "/api/v1/networks/alderwick-urgent-care.json"],
  ["/api/v1/networks/nobody.json", "/api/v1/networks.json"],
  // The /api/v1 prefix left out (a base URL without it), or half of it.
  ["/index.json", "/api/v1/index.json"],
  ["/cities.json", "/api/v1/cities.json"],
  ["/cities/TX.json", "/api/v1/cities/texas.json"],
  ["/api/states.json", "/api/v1/states.json"],
  ["/v1/states.json", "/api/v1/states.json"],
  ["/api/v1/state.json", "/api/v1/states.json"],
  // Nothing near: a clinic id is never matched to another clinic's.
  ["/api/v1/clinic/k3v9q2m7x1ac.json", null],
  ["/api/v1/clinc/k3v9q2m7x1ab.json", null],
  ["/api/v1/nope.json", null],
  ["/api/v1/a/b/c/d/e.json", null],
];

describe.each<ServerMode>(["raw", "node"])("404 bodies that name the nearest document (%s mode)", (mode) => {
  let site: Awaited<ReturnType<typeof apiSite>>;
  let server: RunningServer;
  beforeAll(async () => {
    site = await apiSite();
    server = await startServer({ dir: site.dir, port: 0, mode, log: () => {} });
  });
  afterAll(async () => {
    await server.close(100);
    await site.cleanup();
  });

  it.each(CASES)("%s → %s", async (path, suggestion) => {
    const { bytes } = await exchange(server.url, request(path) + request(path, {}, "HEAD"), {
      until: { responses: 2, bodiless: [false, true] },
    });
    const [get, head] = parseResponses(bytes, [false, true]);
    expect(get?.status).toBe(404);
    expect(get?.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(get?.headers["cache-control"]).toBe(CACHE_CONTROL.notFound);
    expect(get?.headers["access-control-allow-origin"]).toBe("*");
    const body = JSON.parse(get?.body.toString() ?? "");
    if (suggestion === null) {
      expect(body).toEqual({ status: 404, code: "not_found", message: "No document exists at this path." });
    } else {
      expect(body).toEqual({
        status: 404,
        code: "not_found",
        message: `No document exists at this path. Did you mean ${suggestion}?`,
        suggestion,
      });
      const named = parseResponses(
        (await exchange(server.url, request(suggestion), { until: { responses: 1 } })).bytes,
      );
      expect(named[0]?.status, `${suggestion} is served`).toBe(200);
    }
    expect(head?.status).toBe(404);
    expect(head?.headers["content-length"]).toBe(get?.headers["content-length"]);
    expect(head?.body.length).toBe(0);
  });

  it("keeps the HTML page for other unknown paths", async () => {
    const { bytes } = await exchange(server.url, request("/no-such-page/"), { until: { responses: 1 } });
    const [res] = parseResponses(bytes);
    expect(res?.status).toBe(404);
    expect(res?.headers["content-type"]).toBe("text/html; charset=utf-8");
  });
});

describe("the names index", () => {
  it("leaves out a folder of more than MAX_NAMES names, and still names the list to pick from", () => {
    const builder = new SuggestionsBuilder();
    for (let i = 0; i <= MAX_NAMES; i++) builder.add(`api/v1/networks/network-${i}.json`);
    builder.add("api/v1/networks.json");
    const index = builder.done(new Map());
    const listed = () => true;
    expect(index.for("/api/v1/networks/network-1x.json", listed)).toBe("/api/v1/networks.json");
    const small = new SuggestionsBuilder();
    for (let i = 0; i < 10; i++) small.add(`api/v1/networks/network-${i}.json`);
    expect(small.done(new Map()).for("/api/v1/networks/network-1x.json", listed)).toBe(
      "/api/v1/networks/network-1.json",
    );
  });

  it("measures the optimal-string-alignment distance within its limit", () => {
    const distance = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      const at = (i: number, j: number) => d[i]?.[j] as number;
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          let v = Math.min(
            at(i - 1, j) + 1,
            at(i, j - 1) + 1,
            at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
            v = Math.min(v, at(i - 2, j - 2) + 1);
          (d[i] as number[])[j] = v;
        }
      return at(a.length, b.length);
    };
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "-"), maxLength: 14 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, limit) => {
        expect(editDistance(a, b, limit)).toBe(Math.min(distance(a, b), limit + 1));
      }),
      { numRuns: 5_000 },
    );
  });
});
