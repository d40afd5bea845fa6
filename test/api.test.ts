import { ERROR_STATUSES, errorBody } from "@urgent-care-directory/server";
import AjvModule, { type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEqual } from "./helpers/equal.js";
import { request as get, json, type RawResponse } from "./helpers/http.js";
import { serveSample } from "./helpers/sample-build.js";

/** The fields of a Clinic, in the order the documents give them. */
const CLINIC_FIELDS = [
  "id",
  "name",
  "network",
  "address",
  "neighborhood",
  "coordinates",
  "phone",
  "hours",
  "services",
  "insurance",
  "rating",
  "reviews_count",
  "website",
  "url",
  "coordinates_source",
  "npi",
  "kind",
  "evidence_level",
];

// biome-ignore lint/suspicious/noExplicitAny: the test walks JSON documents whose shape it checks itself
type Doc = Record<string, any>;

/**
 * End to end: the sample built into a temp folder, served on port 0, every document crawled and checked against
 * the published OpenAPI document with Ajv (independent of the zod schemas that produced it) and the spec's rules.
 */
describe("the API over HTTP", () => {
  let site: Awaited<ReturnType<typeof serveSample>>;
  let base: string;
  let validators: (name: string) => ValidateFunction;
  const fetchDoc = (path: string, headers: Record<string, string> = {}) =>
    get(site.server.url, `/api/v1${path}`, { headers });

  beforeAll(async () => {
    site = await serveSample();
    base = site.server.url;
    const openapi = json<Doc>(await get(base, "/api/openapi.json"));
    // CommonJS packages: under NodeNext their ESM default is the module object, whose .default is the export.
    const ajv = new AjvModule.default({ strict: false, allErrors: true });
    addFormatsModule.default(ajv);
    ajv.addSchema(openapi, "openapi.json");
    const cache = new Map<string, ValidateFunction>();
    validators = (name) => {
      const cached = cache.get(name);
      if (cached) return cached;
      const compiled = ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
      cache.set(name, compiled);
      return compiled;
    };
  });
  afterAll(() => site.cleanup());

  function expectValid(name: string, doc: unknown, where: string) {
    const validate = validators(name);
    const ok = validate(doc);
    expect(ok, `${where}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
  }

  function expectCommonHeaders(res: RawResponse, where: string) {
    expect(res.headers["content-type"], where).toBe("application/json; charset=utf-8");
    expect(res.headers["access-control-allow-origin"], where).toBe("*");
  }

  it("serves every document, each valid against the OpenAPI schema and the spec's rules", async () => {
    const index = json<Doc>(await fetchDoc("/index.json"));
    expectValid("IndexDocument", index, "index.json");
    expect(index.version).toBe("v1");
    expect(index.status).toBe("stable");
    expect(index.release_date).toBe("2026-05-01");
    expect(index.license.id).toBe("CC-BY-4.0");
    expect(index.meta.synthetic).toBe(true);
    expect(index.endpoints.map((e: Doc) => e.path)).toEqual(
      expect.arrayContaining([
        "/stats.json",
        "/states.json",
        "/cities.json",
        "/cities/{state}.json",
        "/clinics/{state}/{city}.json",
        "/networks.json",
        "/clinic/{id}.json",
        "/networks/{network}.json",
        "/networks/{network}/{page}.json",
        "/search/index.json",
        "/search/t/{prefix}.json",
        "/search/p/{prefix}.json",
      ]),
    );

    const stats = json<Doc>(await fetchDoc("/stats.json"));
    expectValid("Stats", stats, "stats.json");

    const states = json<Doc>(await fetchDoc("/states.json"));
    expectValid("StatesList", states, "states.json");
    expect(states.count).toBe(51);
    expect(states.states).toHaveLength(51);

    const cities = json<Doc>(await fetchDoc("/cities.json"));
    expectValid("CitiesList", cities, "cities.json");
    expect(cities.count).toBe(cities.cities.length);
    expect(cities.count).toBe(386);

    let clinicTotal = 0;
    let checkedClinics = 0;
    const ids = new Set<string>();
    const networkCounts = new Map<string, number>();
    /** Ids listed by more than one city document (none). */
    const repeated: string[] = [];
    for (const state of states.states) {
      const res = await fetchDoc(state.path);
      expect(res.status, state.path).toBe(200);
      expectCommonHeaders(res, state.path);
      const doc = json<Doc>(res);
      expectValid("CitiesByState", doc, state.path);
      expect(doc.count).toBe(doc.cities.length);
      expect(doc.count).toBe(state.city_count);
      for (const city of doc.cities) {
        const cres = await fetchDoc(city.path, { "accept-encoding": "br, gzip" });
        expect(cres.status, city.path).toBe(200);
        expectCommonHeaders(cres, city.path);
        const cdoc = json<Doc>(cres);
        expectValid("ClinicsByCity", cdoc, city.path);
        expect(cdoc.count).toBe(cdoc.clinics.length);
        expect(cdoc.count).toBe(city.clinic_count);
        expect(cdoc.meta.synthetic).toBe(true);
        for (const clinic of cdoc.clinics) {
          if (ids.has(clinic.id)) repeated.push(clinic.id);
          ids.add(clinic.id);
          if (clinic.network) networkCounts.set(clinic.network, (networkCounts.get(clinic.network) ?? 0) + 1);
          // Every Clinic field is present, null where unknown.
          expectEqual(Object.keys(clinic), CLINIC_FIELDS, clinic.id);
        }
        clinicTotal += cdoc.count;
        // The per-clinic document of the city's first clinic: the same clinic, placed in this city (every
        // clinic's document is checked from the files in test/clinic-documents.test.ts).
        for (const clinic of cdoc.clinics.slice(0, 1)) {
          const path = `/clinic/${clinic.id}.json`;
          // The long tail (a clinic's document) has no siblings (src/render/output/compress.ts): gzipped on the fly.
          const one = await fetchDoc(path, { "accept-encoding": "br, gzip" });
          expect(one.status, path).toBe(200);
          expectCommonHeaders(one, path);
          expect(one.headers["content-encoding"], path).toBe("gzip");
          const odoc = json<Doc>(one);
          expectValid("ClinicDocument", odoc, path);
          const { place, ...fields } = odoc.clinic;
          expect(fields, path).toEqual(clinic);
          expect(place.city.path, path).toBe(city.path);
          expect(place.state, path).toEqual(city.state);
          checkedClinics++;
        }
      }
    }
    expect(repeated).toEqual([]);
    expect(clinicTotal).toBe(stats.coverage.total_clinics);
    expect(stats.coverage.total_cities).toBe(386);
    expect(stats.coverage.total_states).toBe(51);

    const networks = json<Doc>(await fetchDoc("/networks.json"));
    expectValid("NetworksList", networks, "networks.json");
    expect(networks.count).toBe(networks.networks.length);
    expect(networks.count).toBeGreaterThanOrEqual(93);
    for (const n of networks.networks) expect(n.clinic_count, n.name).toBe(networkCounts.get(n.name));
    expect(networkCounts.size).toBe(networks.count);
    expect(checkedClinics).toBe(386);

    // Every network's document: valid, and all its clinics.
    for (const n of networks.networks) {
      const res = await fetchDoc(n.path);
      expect(res.status, n.path).toBe(200);
      expectCommonHeaders(res, n.path);
      const ndoc = json<Doc>(res);
      expectValid("NetworkDocument", ndoc, n.path);
      expect(ndoc.network).toEqual(n);
      expect(ndoc.count).toBe(n.clinic_count);
      expect(
        ndoc.clinics.filter((c: Doc) => !ids.has(c.id)).map((c: Doc) => c.id),
        n.path,
      ).toEqual([]);
    }

    // The search index: the root and every shard it implies.
    const root = json<Doc>(await fetchDoc("/search/index.json"));
    expectValid("SearchIndex", root, "/search/index.json");
    const internal = new Set<string>();
    for (const leaf of root.leaves as string[]) {
      const word = leaf.replace(/_$/, "");
      for (let i = 1; i <= (leaf.endsWith("_") ? word.length : word.length - 1); i++)
        internal.add(word.slice(0, i));
    }
    for (const path of [
      ...(root.leaves as string[]).map((p) => `/search/t/${p}.json`),
      ...[...internal].map((p) => `/search/p/${p}.json`),
    ]) {
      const res = await fetchDoc(path, { "accept-encoding": "br" });
      expect(res.status, path).toBe(200);
      expectCommonHeaders(res, path);
      const shard = json<Doc>(res);
      expectValid("SearchShard", shard, path);
      expect(
        shard.clinics.filter(([id]: [string]) => !ids.has(id)),
        path,
      ).toEqual([]);
    }
  });

  it("uses a validator that rejects documents breaking the schema", async () => {
    const doc = json<Doc>(await fetchDoc("/clinics/texas/austin.json"));
    const clinic = doc.clinics[0];
    expect(validators("Clinic")(clinic)).toBe(true);
    for (const broken of [
      { ...clinic, rating: "4.5" },
      { ...clinic, reviews_count: 1.5 },
      { ...clinic, url: "not a url" },
      { ...clinic, services: null },
      {
        ...clinic,
        hours: {
          ...clinic.hours,
          weekly: { ...clinic.hours?.weekly, mon: [{ open: "8am", close: "20:00" }] },
        },
      },
      Object.fromEntries(Object.entries(clinic).filter(([k]) => k !== "phone")),
    ]) {
      expect(validators("Clinic")(broken), JSON.stringify(broken).slice(0, 80)).toBe(false);
    }
  });

  it.each([
    ["/cities/not-a-state.json"],
    ["/clinics/not-a-state/not-a-city.json"],
    ["/clinics/texas/not-a-city.json"],
    ["/no-such-document.json"],
    ["/clinic/000000000000.json"],
    ["/networks/no-such-network.json"],
    ["/networks/redfern-walk-in-clinic/2.json"],
    ["/search/t/no-such-prefix.json"],
    ["/search/p/no-such-prefix.json"],
  ])("answers 404 with a JSON error body for %s", async (path) => {
    const res = await fetchDoc(path);
    expect(res.status).toBe(404);
    expectCommonHeaders(res, path);
    const body = json<Doc>(res);
    expectValid("Error", body, path);
    expect(body).toMatchObject({ status: 404, code: "not_found" });
  });

  it.each([
    ["/api/v1/cities/TX.json", "/api/v1/cities/texas.json"],
    ["/api/v1/cities/texs.json", "/api/v1/cities/texas.json"],
    ["/api/v1/clinics/texas/austn.json", "/api/v1/clinics/texas/austin.json"],
    ["/api/v1/clinics/tx/austin.json", "/api/v1/clinics/texas/austin.json"],
    ["/api/v1/clinics/texas/not-a-city.json", "/api/v1/cities/texas.json"],
    ["/index.json", "/api/v1/index.json"],
    ["/cities.json", "/api/v1/cities.json"],
  ])("names the nearest document in the 404 body of %s: %s", async (path, suggestion) => {
    const res = await get(base, path);
    expect(res.status).toBe(404);
    expectCommonHeaders(res, path);
    const body = json<Doc>(res);
    expectValid("Error", body, path);
    expect(body).toEqual({
      status: 404,
      code: "not_found",
      message: `No document exists at this path. Did you mean ${suggestion}?`,
      suggestion,
    });
    expect((await get(base, suggestion)).status).toBe(200);
  });

  it("every error status the server can send has a body valid against the published Error schema", async () => {
    expect(ERROR_STATUSES).toEqual(
      expect.arrayContaining([400, 404, 405, 408, 413, 414, 416, 431, 500, 503]),
    );
    for (const status of ERROR_STATUSES) {
      const body = JSON.parse(errorBody(status));
      expectValid("Error", body, `status ${status}`);
      expect(body.status).toBe(status);
    }
    // And as they come off the wire.
    const provoked: [number, Promise<RawResponse>][] = [
      [400, get(base, "/api/v1/%E0%A4%A.json")],
      [404, get(base, "/api/v1/nope.json")],
      [405, get(base, "/api/v1/states.json", { method: "DELETE" })],
      [414, get(base, `/api/v1/${"a".repeat(3000)}`)],
      [416, get(base, "/api/v1/states.json", { headers: { range: "bytes=99999999-" } })],
      [431, get(base, "/api/v1/states.json", { headers: { "x-big": "a".repeat(20_000) } })],
    ];
    for (const [status, pending] of provoked) {
      const res = await pending;
      expect(res.status).toBe(status);
      expectValid("Error", json<Doc>(res), `wire ${status}`);
    }
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"])(
    "refuses %s with 405, Allow and a JSON body",
    async (method) => {
      const res = await get(base, "/api/v1/states.json", { method });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD, OPTIONS");
      expect(res.headers["access-control-allow-origin"]).toBe("*");
      expect(json<Doc>(res)).toMatchObject({ status: 405, code: "method_not_allowed" });
    },
  );

  it("answers HEAD with the headers of GET and no body", async () => {
    const getRes = await fetchDoc("/states.json");
    const head = await get(base, "/api/v1/states.json", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.wire.length).toBe(0);
    expect(head.headers["content-length"]).toBe(getRes.headers["content-length"]);
    expect(head.headers.etag).toBe(getRes.headers.etag);
  });

  it("answers a CORS preflight with 204", async () => {
    const res = await get(base, "/api/v1/states.json", {
      method: "OPTIONS",
      headers: { origin: "https://example.org", "access-control-request-method": "GET" },
    });
    expect(res.status).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["access-control-allow-methods"]).toContain("GET");
    expect(Number(res.headers["access-control-max-age"])).toBeGreaterThan(0);
  });

  it("revalidates with ETag: If-None-Match gives 304 without a body, a stale tag gives 200", async () => {
    const first = await fetchDoc("/cities.json");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers["cache-control"]).toMatch(/max-age=\d+/);
    const again = await fetchDoc("/cities.json", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.wire.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const stale = await fetchDoc("/cities.json", { "if-none-match": '"not-the-tag"' });
    expect(stale.status).toBe(200);
  });

  it("compresses with brotli or gzip as the client allows, the same document either way", async () => {
    const plain = await fetchDoc("/cities.json");
    const br = await fetchDoc("/cities.json", { "accept-encoding": "gzip, deflate, br" });
    const gz = await fetchDoc("/cities.json", { "accept-encoding": "gzip" });
    const refused = await fetchDoc("/cities.json", { "accept-encoding": "br;q=0, gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(refused.headers["content-encoding"]).toBe("gzip");
    for (const r of [plain, br, gz]) expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(br.wire.length).toBeLessThan(plain.wire.length / 4);
    expect(br.body.equals(plain.body)).toBe(true);
    expect(gz.body.equals(plain.body)).toBe(true);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
  });

  it.each([
    "/../../../../etc/passwd",
    "/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/cities/..%2f..%2f..%2fpackage.json",
    "/clinics/%00.json",
    "/%E0%A4%A.json",
    "/.env",
    "/../package.json",
    "/cities/%2e%2e%5c%2e%2e%5cpackage.json",
  ])("never serves a file outside the output folder: %s", async (raw) => {
    const res = await get(base, `/api/v1${raw}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.toString()).not.toMatch(/root:|"dependencies"/);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });

  it("serves the OpenAPI document and the docs page from the site", async () => {
    const openapi = await get(base, "/api/openapi.json");
    expect(openapi.status).toBe(200);
    expect(json<Doc>(openapi).info.version).toBe("1.0.0");
    const docs = await get(base, "/docs/");
    expect(docs.status).toBe(200);
    expect(docs.headers["content-type"]).toMatch(/^text\/html/);
    expect(docs.body.toString()).toContain("/api/v1/states.json");
  });
});
