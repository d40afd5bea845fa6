// Against the real server (port 0) over a fresh sample build: no mocked network.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveSample } from "../../../test/helpers/sample-build.js";
import { main, SYNTHETIC_NOTE } from "../src/cli.js";
import {
  type FetchLike,
  isNetworkError,
  isNotFoundError,
  NotFoundError,
  parseCoordinates,
  UrgentCareClient,
} from "../src/index.js";
import { createSearch } from "../src/search.js";

let site: Awaited<ReturnType<typeof serveSample>>;
let base: string;
let client: UrgentCareClient;

beforeAll(async () => {
  site = await serveSample();
  base = `${site.server.url}/api/v1`;
  client = new UrgentCareClient({ baseUrl: base });
});
afterAll(() => site?.cleanup());

/** The platform fetch, recording each answer's status: observes real traffic, changes nothing. */
function recording(): { fetch: FetchLike; statuses: Array<[string, number]> } {
  const statuses: Array<[string, number]> = [];
  return {
    statuses,
    fetch: async (url, init) => {
      const res = await fetch(url, init);
      statuses.push([url.slice(base.length), res.status]);
      return res;
    },
  };
}

/** The ucd-sdk CLI run in this process against the suite's server, in the environment `env`. */
async function cli(env: Record<string, string>, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    [...argv, "--base-url", base],
    (s: string) => out.push(s),
    (s: string) => err.push(s),
    env,
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("every endpoint", () => {
  it("index, stats, states, cities, networks, openapi", async () => {
    const [index, stats, states, cities, networks, openapi] = await Promise.all([
      client.index(),
      client.stats(),
      client.states(),
      client.cities(),
      client.networks(),
      client.openApi(),
    ]);
    expect(index.version).toBe("v1");
    expect(index.license.sdk_license).toBe("MIT");
    expect(stats.coverage.total_clinics).toBe(8600);
    expect(states.count).toBe(51);
    expect(states.states).toHaveLength(51);
    expect(cities.count).toBe(386);
    expect(cities.cities[0]?.center.latitude).toEqual(expect.any(Number));
    expect(networks.count).toBe(networks.networks.length);
    expect(openapi.openapi).toBe("3.0.3");
    expect(Object.keys(openapi.paths)).toContain("/clinics/{state}/{city}.json");
  });

  it("cities of a state and clinics of a city, by slug or by name", async () => {
    const texas = await client.citiesOf("texas");
    expect(texas.state.code).toBe("TX");
    expect(texas.count).toBe(texas.cities.length);
    const austin = await client.clinics("Texas", "Austin");
    expect(austin.city.slug).toBe("austin");
    expect(austin.count).toBe(austin.clinics.length);
    expect(austin.clinics.length).toBeGreaterThanOrEqual(10);
    const located = austin.clinics.map(parseCoordinates).filter((c) => c !== null);
    expect(located.length).toBeGreaterThan(0);
  });

  it("an unknown state or city is a NotFoundError carrying the API's error body", async () => {
    const e1 = await client.citiesOf("atlantis").catch((e) => e);
    expect(e1).toBeInstanceOf(NotFoundError);
    // `ucd serve` names the list to pick from when no state is close (static hosts leave `suggestion` out).
    expect(e1.body).toEqual({
      status: 404,
      code: "not_found",
      message: expect.any(String),
      suggestion: "/api/v1/states.json",
    });
    const e2 = await client.clinics("texas", "atlantis").catch((e) => e);
    expect(isNotFoundError(e2)).toBe(true);
    expect(e2.url).toBe(`${base}/clinics/texas/atlantis.json`);
  });

  it("the cache revalidates against the server's ETags (304, no body)", async () => {
    const { fetch, statuses } = recording();
    const cached = new UrgentCareClient({ baseUrl: base, fetch, cache: true });
    const first = await cached.clinics("texas", "austin");
    const second = await cached.clinics("texas", "austin");
    expect(second).toEqual(first);
    expect(statuses).toEqual([
      ["/clinics/texas/austin.json", 200],
      ["/clinics/texas/austin.json", 304],
    ]);
  });
});

describe("one clinic, one network, search", () => {
  it("clinic(id) returns that clinic, placed in its city; NotFoundError for an unknown id", async () => {
    const austin = await client.clinics("texas", "austin");
    for (const clinic of austin.clinics.slice(0, 5)) {
      const doc = await client.clinic(clinic.id);
      const { place, ...fields } = doc.clinic;
      expect(fields).toEqual(clinic);
      expect(place.city).toMatchObject({ slug: "austin", name: "Austin", path: austin.city.path });
      expect(place.state).toEqual(austin.city.state);
      expect(doc.network?.name ?? null).toBe(clinic.network);
    }
    const e = await client.clinic("000000000000").catch((x) => x);
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.url).toBe(`${base}/clinic/000000000000.json`);
  });

  it("network(slug or name) lists exactly clinic_count clinics of every network; NotFoundError when unknown", async () => {
    const { networks } = await client.networks();
    for (const entry of networks) {
      const doc = await client.network(entry.slug);
      expect(doc.network).toEqual(entry);
      expect(doc.clinics).toHaveLength(entry.clinic_count);
      expect(doc.count).toBe(entry.clinic_count);
      expect(doc.page.next).toBeNull();
      for (const c of doc.clinics) expect(c.network).toBe(entry.name);
    }
    const first = networks[0] as (typeof networks)[number];
    expect((await client.network(first.name)).network.slug).toBe(first.slug);
    expect(await client.network("no-such-network").catch(isNotFoundError)).toBe(true);
    expect(await client.networkPage(first.slug, 2).catch(isNotFoundError)).toBe(true);
  });

  it('search("<first words of a name> <city>") finds random clinics in its top 10, reading ≤ 2 documents each', async () => {
    const { fetch, statuses } = recording();
    const searching = new UrgentCareClient({ baseUrl: base, fetch });
    const cities = (await client.cities()).cities;
    let found = 0;
    const n = 60;
    for (let i = 0; i < n; i++) {
      const city = cities[(i * 37) % cities.length] as (typeof cities)[number];
      const doc = await client.clinics(city.state.slug, city.slug);
      const clinic = doc.clinics[(i * 7) % doc.clinics.length] as (typeof doc.clinics)[number];
      const first = clinic.name.split(/\s+/).slice(0, 2).join(" ");
      const hits = await searching.search(`${first} ${city.name}`);
      if (hits.some((h) => h.id === clinic.id)) found++;
      for (const h of hits) {
        expect(h.url).toMatch(/^https?:\/\//);
        expect(h.path).toBe(`/clinic/${h.id}.json`);
      }
    }
    expect(found).toBeGreaterThanOrEqual(n - 1);
    expect(statuses.every(([, status]) => status === 200)).toBe(true);
    expect(statuses.length / n).toBeLessThanOrEqual(1.2); // one shard per query, the root once
    expect(statuses.filter(([p]) => p === "/search/index.json")).toHaveLength(1);
  });

  it("the standalone search (sdk/search) answers like the client", async () => {
    const search = createSearch({ baseUrl: base });
    const hits = await search("redfern austin", { limit: 5 });
    expect(hits).toEqual(await client.search("redfern austin", { limit: 5 }));
    expect(hits.length).toBeGreaterThan(0);
    const unreachable = createSearch({ baseUrl: "http://127.0.0.1:9/api/v1" });
    expect(await unreachable("redfern").catch(isNetworkError)).toBe(true);
  });
});

describe("allClinics", () => {
  it("yields every clinic exactly once, matching stats", async () => {
    const stats = await client.stats();
    const ids = new Set<string>();
    let n = 0;
    for await (const clinic of client.allClinics({ concurrency: 6 })) {
      ids.add(clinic.id);
      n++;
    }
    expect(n).toBe(stats.coverage.total_clinics);
    expect(ids.size).toBe(n);
  });

  it("filters by evidence level: the confirmed and the others add up to every clinic of a state", async () => {
    const count = async (levels?: ("confirmed" | "listed" | "doubtful")[]) => {
      let n = 0;
      for await (const c of client.allClinics({ state: "vermont", ...(levels ? { levels } : {}) })) {
        if (levels) expect(levels).toContain(c.evidence_level);
        n++;
      }
      return n;
    };
    const all = await count();
    const confirmed = await count(["confirmed"]);
    expect(confirmed).toBeGreaterThan(0);
    expect(confirmed).toBeLessThan(all);
    expect(confirmed + (await count(["listed", "doubtful"]))).toBe(all);
  });

  it("yields each clinic with its state and city (place), as does nearest", async () => {
    for await (const clinic of client.allClinics({ state: "vermont" })) {
      expect(clinic.place.state).toEqual({ slug: "vermont", code: "VT", name: "Vermont" });
      expect(clinic.url).toContain(`/clinics/vermont/${clinic.place.city.slug}/${clinic.id}.html`);
      expect(clinic.place.city.path).toBe(`/clinics/vermont/${clinic.place.city.slug}.json`);
    }
    const [near] = await client.nearest(30.2672, -97.7431, { limit: 1 });
    expect(near?.clinic.place.city).toMatchObject({ slug: near?.city.slug, name: near?.city.name });
    expect(near?.clinic.place.state).toEqual(near?.city.state);
  });

  it("never has more than `concurrency` documents in flight, and stops fetching on break", async () => {
    let inFlight = 0;
    let peak = 0;
    let requests = 0;
    const counting: FetchLike = async (url, init) => {
      requests++;
      inFlight++;
      peak = Math.max(peak, inFlight);
      try {
        const res = await fetch(url, init);
        await new Promise((r) => setTimeout(r, 2));
        return res;
      } finally {
        inFlight--;
      }
    };
    const c = new UrgentCareClient({ baseUrl: base, fetch: counting });
    let docs = 0;
    for await (const doc of c.clinicDocuments({ concurrency: 3 })) {
      expect(doc.count).toBe(doc.clinics.length);
      if (++docs === 10) break;
    }
    expect(peak).toBeLessThanOrEqual(3);
    expect(requests).toBeLessThanOrEqual(1 + 10 + 3); // cities.json, the ten consumed, at most the window ahead
  });

  it("can walk one state", async () => {
    const ohio = await client.citiesOf("ohio");
    let n = 0;
    for await (const _ of client.allClinics({ state: "ohio" })) n++;
    expect(n).toBe(ohio.cities.reduce((a, c) => a + c.clinic_count, 0));
  });
});

describe("the ucd-sdk CLI", () => {
  /** The CLI in a locale without a region (kilometres), unless `env` says otherwise. */
  async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
    return cli({ LANG: "C.UTF-8" }, ...argv);
  }
  /** Text output without its last line, the synthetic sample's note (checked here). */
  const body = (r: { out: string }) => {
    const lines = r.out.split("\n");
    expect(lines.at(-1)).toBe(SYNTHETIC_NOTE);
    return lines.slice(0, -1);
  };

  it("find prints a city's clinics; --json prints the document", async () => {
    const text = await run("find", "texas", "austin");
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^Austin, TX: \d+ clinics\n/);
    const json = await run("find", "texas", "austin", "--json");
    expect(JSON.parse(json.out).city.slug).toBe("austin");
  });

  it("nearest takes negative longitudes and prints distances", async () => {
    const r = await run("nearest", "30.2672", "-97.7431", "--limit", "3", "--json");
    expect(r.code).toBe(0);
    const results = JSON.parse(r.out) as Array<{ distance_km: number }>;
    expect(results).toHaveLength(3);
    expect(results.map((x) => x.distance_km)).toEqual(
      [...results.map((x) => x.distance_km)].sort((a, b) => a - b),
    );
    const text = await run("nearest", "30.2672", "-97.7431", "--limit", "2");
    expect(body(text)).toHaveLength(2);
    expect(text.out).toMatch(/^\s+\d+\.\d\d km {2}/);
  });

  it("nearest --open-first lists the open clinics first, then hours unknown, then closed, as the SDK's openFirst", async () => {
    const text = await run("nearest", "30.2672", "-97.7431", "--limit", "10", "--open-first");
    expect(text.code).toBe(0);
    // The status words of `statusText`: "open until 9 pm", "closed, opens 8 am tomorrow", "hours unknown".
    const statuses = text.out
      .split("\n")
      .flatMap((l) => / — (open|closed|hours unknown)\b[^—]* — /.exec(l)?.[1] ?? [])
      .map((s) => (s === "hours unknown" ? "unknown" : s));
    const rank = { open: 0, unknown: 1, closed: 2 };
    // Between 10 and 20 lines: the 10 nearest open, and the rest of the 10 nearest of all.
    expect(statuses.length).toBeGreaterThanOrEqual(10);
    expect(statuses.length).toBeLessThanOrEqual(20);
    const ranks = statuses.map((s) => rank[s as keyof typeof rank]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(statuses.filter((s) => s === "open").length).toBe(10);
  });

  it("states and stats", async () => {
    expect(body(await run("states"))).toHaveLength(51);
    expect(JSON.parse((await run("states", "--json")).out).count).toBe(51);
    expect((await run("stats")).out).toContain("8600 clinics in 386 cities");
  });

  it("clinic, search and network; --limit for every command; --json with the API's field names", async () => {
    const found = await run("search", "bluepine", "quickmed", "birmingham", "--json");
    expect(found.code).toBe(0);
    const hits = JSON.parse(found.out) as Array<{ id: string; city: { slug: string } }>;
    expect(hits[0]?.city.slug).toBe("birmingham");
    const one = await run("clinic", hits[0]?.id as string);
    expect(one.out).toMatch(
      /^Bluepine QuickMed Clinic - .+\n {2}Birmingham, Alabama 35\d{3}\n {2}network: Bluepine QuickMed Clinic \(\d+ clinics\)/,
    );
    const doc = JSON.parse((await run("clinic", hits[0]?.id as string, "--json")).out);
    expect(doc.clinic.place.state.code).toBe("AL");
    expect(body(await run("search", "redfern", "--limit", "3"))).toHaveLength(3);
    expect(body(await run("states", "--limit", "2"))).toHaveLength(2);
    expect(JSON.parse((await run("states", "--limit", "2", "--json")).out).count).toBe(2);
    const find = await run("find", "texas", "austin", "--limit", "2");
    expect(body(find)).toHaveLength(3);
    expect(find.out).toMatch(/^Austin, TX: \d+ clinics \(first 2 shown\)/);
    const net = await run("network", "Redfern Walk-In Clinic", "--limit", "1");
    expect(net.out).toMatch(
      /^Redfern Walk-In Clinic: \d+ clinics in \d+ states \(first 1 shown\)\n {2}[^\n]+\n[^\n]+$/,
    );
    const stats = await run("stats", "--limit", "2");
    expect(stats.out.split("\n")).toHaveLength(5);
    const near = JSON.parse((await run("nearest", "30.2672", "-97.7431", "--limit", "1", "--json")).out);
    expect(Object.keys(near[0])).toEqual(["distance_km", "approximate", "clinic"]);
    expect(near[0].clinic.place.city.slug).toBeTypeOf("string");
  });

  it("says so plainly when nothing is found, with correct plurals", async () => {
    const none = await run("nearest", "30.2672", "-97.7431", "--max-km", "0.001");
    expect(none).toEqual({
      code: 0,
      out: `No clinic within 0.001 km of 30.2672, -97.7431.\n${SYNTHETIC_NOTE}`,
      err: "",
    });
    expect(body(await run("search", "qqqzzzx"))).toEqual(['No clinic matches "qqqzzzx".']);
    expect(JSON.parse((await run("search", "qqqzzzx", "--json")).out)).toEqual([]);
    expect(body(await run("states", "--limit", "1"))[0]).toMatch(/ 1 city +\d+ clinics$|cities/);
    const alaska = (await run("states")).out.split("\n").find((l) => l.startsWith("AK"));
    expect(alaska).toMatch(/\b1 city\b/);
  });

  it("prints its version, and a hint about --base-url when the API cannot be reached", async () => {
    const out: string[] = [];
    expect(await main(["--version"], (s) => out.push(s))).toBe(0);
    expect(out).toEqual([
      JSON.parse(readFileSync(join(import.meta.dirname, "../package.json"), "utf8")).version,
    ]);
    const err: string[] = [];
    const code = await main(
      ["states", "--base-url", "http://127.0.0.1:9/api/v1"],
      () => {},
      (s) => err.push(s),
    );
    expect(code).toBe(1);
    expect(err.join("\n")).toMatch(/network error[\s\S]*--base-url/);
  });

  it("exit codes: 1 for not found, 2 for bad usage", async () => {
    const missing = await run("find", "texas", "atlantis");
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("not found");
    expect((await run("nearest", "30")).code).toBe(2);
    expect((await run("nearest", "north", "-97")).code).toBe(2);
    expect((await run("frobnicate")).code).toBe(2);
    expect((await run("clinic")).code).toBe(2);
    expect((await run("search")).code).toBe(2);
    expect((await run("states", "--limit", "-1")).code).toBe(2);
    const missing2 = await run("clinic", "000000000000");
    expect(missing2.code).toBe(1);
    expect((await run("network", "no-such-network")).code).toBe(1);
    expect((await run("states", "--bogus")).code).toBe(2);
  });
});

describe("a developer's first day (issue 40)", () => {
  it("takes a state as its USPS code, its name or its slug, in the client and the CLI", async () => {
    const bySlug = await client.clinics("texas", "austin");
    for (const state of ["TX", "tx", "Texas", "texas"])
      expect((await client.clinics(state, "Austin")).clinics).toEqual(bySlug.clinics);
    expect((await client.citiesOf("tx")).state.code).toBe("TX");
    expect((await client.citiesOf("District of Columbia")).state.code).toBe("DC");
    expect((await client.citiesOf("D.C.")).state.code).toBe("DC");
    let n = 0;
    for await (const c of client.allClinics({ state: "DC" })) if (c.place.state.code === "DC") n++;
    expect(n).toBeGreaterThan(0);
    const find = await cli({ LANG: "C.UTF-8" }, "find", "tx", "austin");
    expect(find.code).toBe(0);
    expect(find.out).toMatch(/^Austin, TX: \d+ clinics\n/);
  });

  it("a 404 says what to try: the base URL without /api/v1, a state that is none", async () => {
    const bare = new UrgentCareClient({ baseUrl: site.server.url });
    const e = (await bare.index().catch((x: unknown) => x)) as NotFoundError;
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.hint).toBe(`the base URL should end in /api/v1: try ${site.server.url}/api/v1`);
    expect(e.message).toContain(`try ${site.server.url}/api/v1`);
    const out: string[] = [];
    const err: string[] = [];
    expect(
      await main(
        ["states", "--base-url", site.server.url],
        (s) => out.push(s),
        (s) => err.push(s),
      ),
    ).toBe(1);
    expect(err.join("\n")).toContain(`try ${site.server.url}/api/v1`);
    const zz = (await client.citiesOf("ZZ").catch((x: unknown) => x)) as NotFoundError;
    expect(zz.hint).toBe(`"ZZ" is no state's code: give a USPS code (TX), a name or a slug`);
    expect((await cli({}, "find", "zz", "austin")).err).toContain(`"zz" is no state's code`);
  });

  it("nearest speaks miles with --max-miles, --units mi or a US locale, kilometres elsewhere", async () => {
    const km = JSON.parse((await cli({}, "nearest", "30.2672", "-97.7431", "--limit", "1", "--json")).out);
    const miles = (km[0].distance_km / 1.609344).toFixed(2);
    const first = (r: { out: string }) => r.out.split("\n")[0] as string;
    const at = ["nearest", "30.2672", "-97.7431", "--limit", "1"];
    expect(first(await cli({ LANG: "en_US.UTF-8" }, ...at))).toMatch(new RegExp(`^.\\s*${miles} mi {2}`));
    expect(first(await cli({ LANG: "de_DE.UTF-8" }, ...at))).toMatch(/^.\s*\d+\.\d\d km {2}/);
    expect(first(await cli({ LANG: "de_DE.UTF-8", LC_MEASUREMENT: "en_GB.UTF-8" }, ...at))).toMatch(
      / mi {2}/,
    );
    expect(first(await cli({ LANG: "en_US.UTF-8" }, ...at, "--units", "km"))).toMatch(/ km {2}/);
    expect(first(await cli({ LANG: "de_DE.UTF-8" }, ...at, "--units", "mi"))).toMatch(/ mi {2}/);
    const within = await cli({ LANG: "de_DE.UTF-8" }, ...at, "--max-miles", "0.001");
    expect(within.out.split("\n")[0]).toBe("No clinic within 0.001 mi of 30.2672, -97.7431.");
    const inMiles = await cli(
      {},
      "nearest",
      "30.2672",
      "-97.7431",
      "--max-miles",
      "3",
      "--json",
      "--limit",
      "100",
    );
    const inKm = await cli(
      {},
      "nearest",
      "30.2672",
      "-97.7431",
      "--max-km",
      String(3 * 1.609344),
      "--json",
      "--limit",
      "100",
    );
    expect(JSON.parse(inMiles.out)).toEqual(JSON.parse(inKm.out));
    expect((await cli({}, ...at, "--max-km", "1", "--max-miles", "1")).code).toBe(2);
    expect((await cli({}, ...at, "--units", "furlongs")).code).toBe(2);
  });

  it("text output says the data is synthetic and when an open clinic closes", async () => {
    for (const argv of [
      ["find", "tx", "austin"],
      ["nearest", "30.2672", "-97.7431"],
      ["search", "redfern"],
      ["network", "Redfern Walk-In Clinic", "--limit", "3"],
      ["states"],
    ]) {
      const r = await cli({}, ...argv);
      expect(r.out.split("\n").at(-1), argv.join(" ")).toBe(SYNTHETIC_NOTE);
      expect(r.out, argv.join(" ")).not.toMatch(/ — open — /);
    }
    const find = await cli({}, "find", "tx", "austin");
    for (const l of find.out.split("\n").slice(1, -1))
      expect(l).toMatch(
        / — (open until (\d{1,2}(:\d\d)? [ap]m|noon|midnight)( tomorrow| [A-Z][a-z]{2})?|open 24 hours|closed, opens (\d{1,2}(:\d\d)? [ap]m|noon|midnight)( tomorrow| [A-Z][a-z]{2})?|closed|hours unknown) — /,
      );
    expect((await cli({}, "find", "tx", "austin", "--json")).out).not.toContain(SYNTHETIC_NOTE);
  });
});

describe("the README example", () => {
  it("runs against a live server and prints real results", async () => {
    const readme = readFileSync(join(import.meta.dirname, "../README.md"), "utf8");
    const example = /```js\n([\s\S]*?)```/.exec(readme)?.[1] as string;
    expect(example.split("\n").filter(Boolean)).toHaveLength(5);
    // The same code, pointed at this test's server and at the SDK bundled from source.
    const dir = mkdtempSync(join(tmpdir(), "ucd-sdk-readme-"));
    try {
      const bundle = join(dir, "sdk.mjs");
      await build({
        entryPoints: [join(import.meta.dirname, "../src/index.ts")],
        bundle: true,
        format: "esm",
        outfile: bundle,
        logLevel: "silent",
      });
      const code = example
        .replace('"@urgent-care-directory/sdk"', JSON.stringify(pathToFileURL(bundle).href))
        .replace("http://127.0.0.1:8080/api/v1", base);
      expect(code).not.toContain("127.0.0.1:8080");
      // Asynchronously: the server answering it runs in this very process.
      const r = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", code], {
        timeout: 30_000,
      });
      const lines = r.stdout.trim().split("\n");
      expect(lines).toHaveLength(4);
      for (const line of lines.slice(0, 3))
        expect(line).toMatch(/^\d+\.\d km {2}.+ {2}(open|closed|unknown)$/);
      expect(lines[3]).toMatch(/^\d+ clinics in Austin$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A real browser when one is installed (`apt-get install chromium`); the project does not install one, so
// elsewhere this is skipped and the esbuild browser-platform bundle in package.test.ts is the check.
const chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) =>
  existsSync(p),
);

describe.skipIf(!chromium)("in a browser (headless Chromium)", () => {
  it("gives the same nearest, isOpen, NotFoundError and search answers as Node", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ucd-sdk-browser-"));
    try {
      await build({
        entryPoints: [join(import.meta.dirname, "../src/index.ts")],
        bundle: true,
        minify: true,
        format: "iife",
        globalName: "UCD",
        platform: "browser",
        outfile: join(dir, "ucd.js"),
        logLevel: "silent",
      });
      const probe = `async ({ UrgentCareClient, isOpen, isNotFoundError }, base) => {
        const client = new UrgentCareClient({ baseUrl: base, cache: true });
        const near = await client.nearest(39.0997, -94.6075, { limit: 5 });
        const hours = { timezone: "America/New_York", open_24_hours: false, weekly: { mon: [], tue: [], wed: [], thu: [], fri: [],
          sat: [{ open: "20:00", close: "02:00" }], sun: [{ open: "08:00", close: "20:00" }] } };
        const dst = ["2026-03-08T06:59:00Z", "2026-03-08T07:00:00Z", "2026-03-08T12:00:00Z", "2026-11-01T06:30:00Z"]
          .map((t) => isOpen({ hours }, new Date(t)));
        const notFound = await client.clinics("texas", "atlantis").catch((e) => isNotFoundError(e));
        const search = (await client.search("redfern austin", { limit: 3 })).map((h) => [h.id, h.match, h.url]);
        return { near: near.map((r) => [r.clinic.id, r.distanceKm.toFixed(6)]), dst, notFound, search };
      }`;
      const page = `<!doctype html><pre id="out">pending</pre><script src="ucd.js"></script><script>
        (${probe})(UCD, ${JSON.stringify(base)}).then((r) => { out.textContent = JSON.stringify(r); },
          (e) => { out.textContent = "ERROR " + e; });</script>`;
      writeFileSync(join(dir, "page.html"), page);
      const { stdout } = await promisify(execFile)(
        chromium as string,
        [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--virtual-time-budget=20000",
          "--dump-dom",
          pathToFileURL(join(dir, "page.html")).href,
        ],
        { timeout: 60_000 },
      );
      const text = /<pre id="out">(.*?)<\/pre>/s.exec(stdout)?.[1] ?? stdout;
      const inBrowser = JSON.parse(text.replaceAll("&quot;", '"'));
      const sdk = await import("../src/index.js");
      const run = new Function(`return (${probe})`)() as (sdk: unknown, base: string) => Promise<unknown>;
      const inNode = await run(sdk, base); // the very same probe source, in Node
      expect(inBrowser).toEqual(inNode);
      expect(inBrowser.dst).toEqual([true, false, true, true]);
      expect(inBrowser.search.length).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
