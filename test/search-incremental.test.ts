// The search index of an incremental release against a full layout of the same data: chains of releases of a
// small data set whose clinic names come from a few words (so that keys are common, pair, stop pairing, fill and
// empty leaves), with a tiny layout, each release published twice — incrementally, and rendering every unit again
// (`mode: "all"`, a full layout) — and compared: the same search documents byte for byte, and the same bookkeeping
// for the next release (the incremental layout also checks each node it keeps against a count from its keys).
import { execFileSync } from "node:child_process";
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fromRecords } from "../src/dataset/store.js";
import type { ClinicRecord, FlatDataset } from "../src/dataset/types.js";
import { publishRelease } from "../src/release/publish.js";
import { RENDER } from "../src/release/store.js";
import { SEARCH_BOOK } from "../src/render/search/bookkeeping.js";
import type { LayoutOptions } from "../src/render/search/layout.js";
import { Rng } from "../src/sample/rng.js";
import { SAMPLE_BUILD, sampleRecords, tempDir } from "./helpers/sample-site.js";

/** Words clinic names are made of: prefixes of each other (`b`, `bl`, `blue`, `bluepine`) and common ones. */
const WORDS = [
  "b",
  "bl",
  "blue",
  "bluepine",
  "bluebird",
  "care",
  "careful",
  "clinic",
  "c",
  "ca",
  "cab",
  "cabin",
  "urgent",
  "walk",
  "in",
  "west",
  "east",
  "redfern",
  "red",
  "reds",
  "quick",
  "quickmed",
  "med",
  "medical",
  "family",
  "express",
];

const name = (rng: Rng) =>
  Array.from({ length: rng.int(1, 4) }, () => {
    const w = rng.pick(WORDS);
    return `${w[0]?.toUpperCase()}${w.slice(1)}`;
  }).join(" ");

/** The layout of these tests: few clinics make a common key, and shards are small. */
const TINY: Partial<LayoutOptions> = { keyLimit: 6, headSize: 3, budgetBytes: 1500 };

/** One week's changes: clinics renamed, re-ranked, moved, joined to a network, removed, added; some weeks much more. */
function nextWeek(data: FlatDataset, rng: Rng, week: number): FlatDataset {
  const networks = [null, ...data.networks.map((n) => n.name)];
  const cities = data.cities;
  const mass = rng.chance(0.3) ? rng.pick(WORDS) : null;
  const clinics: ClinicRecord[] = [];
  for (const c of data.clinics) {
    const r = rng.next();
    if (r < 0.04) continue;
    let next = c;
    if (r < 0.1) next = { ...c, name: name(rng) };
    else if (r < 0.14) next = { ...c, reviews_count: rng.int(0, 50) };
    else if (r < 0.16) next = { ...c, network: rng.pick(networks) };
    else if (r < 0.18) {
      const other = rng.pick(cities.filter((x) => x.state === c.state));
      next = { ...c, city: other.name, city_slug: other.slug };
    } else if (r < 0.2) next = { ...c, zip: c.zip === null ? "46204" : null };
    // A week that renames many clinics to one word: keys become common, stop pairing, empty their best kept.
    if (mass !== null && rng.chance(0.25)) next = { ...next, name: `${mass} ${next.name.split(" ")[0]}` };
    clinics.push(next);
  }
  for (let i = 0, n = rng.int(0, 10); i < n; i++) {
    const like = rng.pick(data.clinics);
    clinics.push({
      ...like,
      id: `w${week}n${i}x9q`,
      name: name(rng),
      reviews_count: rng.int(0, 60),
      source_ids: [],
    });
  }
  return {
    ...data,
    clinics,
    dataVersion: new Date(Date.UTC(2026, 3, 1 + 7 * week)).toISOString().slice(0, 10),
  };
}

/** A release's search documents: path → SHA-256, from its files.tsv. */
function searchFiles(site: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(join(site, "files.tsv"), "utf8").split("\n")) {
    const [path, , sha] = line.split("\t");
    if (path?.startsWith("api/v1/search/") && sha) out.set(path, sha);
  }
  return out;
}

/** A release's search bookkeeping, as what it says (the best kept beyond the listed ones may differ). */
function bookkeeping(state: string, headSize: number) {
  const dir = join(state, RENDER, SEARCH_BOOK);
  const index = JSON.parse(readFileSync(join(dir, "index.json"), "utf8"));
  const keys = readFileSync(join(dir, "keys.ndjson"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const [k, n, best] = JSON.parse(l) as [string, number, unknown[] | undefined];
      return [k, n, best?.slice(0, headSize) ?? null];
    });
  const sidecars = new Map<string, string>();
  for (const b of Object.keys(index.buckets))
    for (const line of readFileSync(join(dir, "buckets", `${b}.tsv`), "utf8").split("\n"))
      if (line) sidecars.set(line.slice(0, line.indexOf("\t")), line);
  return { leaves: index.leaves, nodes: index.nodes, keys, sidecars: [...sidecars].sort() };
}

describe("the search index of an incremental release", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  const notes: string[] = [];
  beforeAll(async () => {
    tmp = await tempDir();
    const write = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: []) => {
      if (typeof chunk === "string" && chunk.startsWith("trace search:")) notes.push(chunk);
      return typeof chunk === "string" && chunk.startsWith("trace") ? true : write(chunk, ...rest);
    }) as typeof process.stderr.write);
    process.env.UCD_RENDER_TRACE = "1";
  });
  afterAll(async () => {
    delete process.env.UCD_RENDER_TRACE;
    vi.restoreAllMocks();
    await tmp.cleanup();
  });

  // One chain in the suite; SEARCH_SEEDS=one,two,three runs more.
  it.each((process.env.SEARCH_SEEDS ?? "one").split(","))(
    "is the full layout of the same data, release after release (seed %s)",
    async (seed) => {
      const rng = new Rng(`search-incremental-${seed}`);
      const states = new Set(["IN", "UT", "VT", "WI"]);
      const all = sampleRecords();
      let data: FlatDataset = {
        ...all,
        clinics: all.clinics.filter((c) => states.has(c.state)).map((c) => ({ ...c, name: name(rng) })),
        cities: all.cities.filter((c) => states.has(c.state)),
        dataVersion: "2026-04-01",
      };
      const dir = join(tmp.dir, seed);
      const store = join(dir, "a", "public");
      const options = (extra = {}) => ({
        ...SAMPLE_BUILD,
        generatedAt: `${data.dataVersion}T06:00:00Z`,
        parts: ["search" as const],
        sizes: { search: TINY },
        verifySearch: true,
        allowShrink: true,
        ...extra,
      });
      await publishRelease(fromRecords(data), store, options());
      for (let week = 1; week <= 6; week++) {
        data = nextWeek(data, rng, week);
        execFileSync("rm", ["-rf", join(dir, "b")]);
        execFileSync("cp", ["-a", join(dir, "a"), join(dir, "b")]);
        notes.length = 0;
        const a = await publishRelease(fromRecords(data), store, options());
        expect(notes.join(""), `week ${week}`).toMatch(/laid out from \d+ clinics before/);
        if (process.env.SEARCH_NOTES)
          appendFileSync(process.env.SEARCH_NOTES, `${seed} ${week} ${notes.join("")}`);
        const b = await publishRelease(fromRecords(data), join(dir, "b", "public"), options({ mode: "all" }));
        const fa = searchFiles(a.release.site);
        const fb = searchFiles(b.release.site);
        expect(fa.size, `week ${week}`).toBeGreaterThan(20);
        expect(
          [...fa].filter(([p, sha]) => fb.get(p) !== sha).map(([p]) => p),
          `week ${week}`,
        ).toEqual([]);
        expect(
          [...fb.keys()].filter((p) => !fa.has(p)),
          `week ${week}`,
        ).toEqual([]);
        const headSize = TINY.headSize as number;
        expect(bookkeeping(a.release.bookkeeping, headSize), `week ${week}`).toEqual(
          bookkeeping(b.release.bookkeeping, headSize),
        );
      }
    },
    240_000,
  );
});
