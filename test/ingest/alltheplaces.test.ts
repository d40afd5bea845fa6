// All The Places as a source: a generated run (bench/alltheplaces) read as alltheplaces.xyz ships it, every
// urgent-care feature accounted for against the generator's ground truth, merged with the NPPES bundle its chains
// come from, and applied week after week on top of the last release.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formatWeekly } from "../../src/dataset/hours-text.js";
import { collectClinics } from "../../src/dataset/store.js";
import type { ClinicRecord } from "../../src/dataset/types.js";
import { readAllThePlaces } from "../../src/ingest/alltheplaces/reader.js";
import { URGENT_CARE_LIST } from "../../src/ingest/alltheplaces/urgent-care.js";
import { importFiles } from "../../src/ingest/import.js";
import type { Problem } from "../../src/ingest/problems.js";
import { readSnapshot } from "../../src/ingest/snapshot.js";
import { lastSources, publishRelease } from "../../src/release/publish.js";
import type { ChangesDocument } from "../../src/schema/releases.js";
import type { Stats } from "../../src/schema/stats.js";
import { type AtpTruth, atpRuns, type UrgentTruth } from "../helpers/alltheplaces.js";
import { API_BUILD, tempDir } from "../helpers/sample-site.js";
import { readJson } from "../helpers/tree.js";

type Runs = Awaited<ReturnType<typeof atpRuns>>;
let atp: Runs;
let clinics: ClinicRecord[];
let problems: Problem[];

const atpIdOf = (u: UrgentTruth) => `atp:${u.id}`;
const holding = (list: readonly ClinicRecord[], u: UrgentTruth) =>
  list.find((c) => c.source_ids.includes(atpIdOf(u)));
/** Run `i` of the generated three (throws when missing). */
function run(i: number): Runs["runs"][number] {
  const r = atp.runs[i];
  if (!r) throw new Error(`no run ${i + 1}`);
  return r;
}
const readable = (t: AtpTruth) => t.urgent.filter((u) => u.kind === "read");

beforeAll(async () => {
  atp = await atpRuns();
  const r = await importFiles({ inputs: [atp.nppesMain, run(0).zip], atpList: atp.list });
  if (!r.dataset) throw new Error(JSON.stringify(r.log.problems.filter((p) => p.kind === "fatal")));
  clinics = await collectClinics(r.dataset.clinics);
  problems = r.log.problems;
  await r.dataset.clinics.dispose();
}, 120_000);

describe("reading a run", () => {
  test("every urgent-care feature is read or left out at its line with its reason; the rest are only counted", async () => {
    const truth = run(0).truth;
    const left: string[] = [];
    let rows = 0;
    let note = "";
    for await (const e of readAllThePlaces(
      run(0).zip,
      (row, code, _m, file) => left.push(`${file?.split("!")[1]}:${row}:${code}`),
      { list: atp.list },
    )) {
      if (e.type === "row") rows++;
      if (e.type === "source") note = e.facts.notes[0] ?? "";
    }
    const want = truth.urgent
      .filter((u) => u.kind === "closed" || u.kind === "outside_us")
      .map((u) => `output/${u.spider}.geojson:${u.line}:${u.kind}`);
    expect(left.sort()).toEqual(want.sort());
    expect(rows).toBe(truth.counts.read);
    expect(note).toContain(`${truth.features.toLocaleString("en-US")} features read`);
    expect(note).toContain(
      `${(truth.features - truth.counts.urgentCandidates).toLocaleString("en-US")} not urgent care`,
    );
  });

  test("one spider's .geojson reads as its member of the ZIP does", async () => {
    const rowsOf = async (path: string) => {
      const out: unknown[] = [];
      for await (const e of readAllThePlaces(path, () => {}, { list: atp.list }))
        if (e.type === "row" && (e.file ?? path).endsWith("swiftwell_us.geojson")) out.push(e.values);
      return out;
    };
    const alone = await rowsOf(join(atp.dir, "output", "swiftwell_us.geojson"));
    expect(alone.length).toBeGreaterThan(3);
    expect(alone).toEqual(await rowsOf(run(0).zip));
  });

  test("the built-in list names real spiders and brands; without the run's own list its fictional chains that tag no category are not read", async () => {
    expect(URGENT_CARE_LIST.spiders.map((s) => s.spider)).toContain("afc_urgent_care");
    expect(URGENT_CARE_LIST.brands.every((b) => /^Q\d+$/.test(b.wikidata))).toBe(true);
    let rows = 0;
    for await (const e of readAllThePlaces(run(0).zip, () => {})) if (e.type === "row") rows++;
    const tagged = readable(run(0).truth).filter((u) =>
      /brightpath|swiftwell|kestrel|blue_heron|maplefield|tiny_triage|cedar_valley/.test(u.spider),
    );
    expect(rows).toBeGreaterThanOrEqual(tagged.length);
    expect(rows).toBeLessThan(run(0).truth.counts.read);
  });
});

describe("a run merged with the NPI registry", () => {
  test("a chain's site NPPES lists is one clinic: the registry's NPI, the locator's point, hours and web site, each credited", () => {
    const pairs = readable(run(0).truth).filter((u) => u.npi !== null && u.point !== null);
    expect(pairs.length).toBeGreaterThan(20);
    for (const u of pairs) {
      const c = holding(clinics, u);
      expect(c, u.id).toBeDefined();
      if (!c) continue;
      expect(c.source_ids, u.id).toContain(`npi:${u.npi}`);
      expect([c.latitude, c.longitude], u.id).toEqual([u.point?.latitude, u.point?.longitude]);
      expect(c.coordinates_source).toBe("source");
      expect(c.hours ? formatWeekly(c.hours.weekly) : null, `${u.id} ${u.hoursText}`).toBe(u.week);
      expect(c.website).toBe(u.website);
      const atpSource = c.sources.find((s) => s.name === "All The Places");
      expect(atpSource?.date).toBe(run(0).truth.day);
      expect(atpSource?.fields).toEqual(expect.arrayContaining(["coordinates", "website"]));
      if (u.week !== null) expect(atpSource?.fields).toContain("hours");
      expect(c.sources.find((s) => s.name === "CMS NPPES")?.fields).toContain("npi");
    }
  });

  test("a site only the chain's locator lists is published on its own, with the chain as its network from the brand it gives", () => {
    const alone = readable(run(0).truth).filter((u) => u.npi === null);
    expect(alone.length).toBeGreaterThan(10);
    for (const u of alone) {
      const c = holding(clinics, u);
      expect(c, u.id).toBeDefined();
      if (!c) continue;
      expect(c.sources.map((s) => s.name)).toEqual(["All The Places"]);
      if (u.point === null) expect(c.coordinates_source).toBe("zip_centroid");
      else expect(c.coordinates_source).toBe("source");
      if (c.network_evidence?.kind === "brand")
        expect(c.network_evidence.detail).toMatch(/^All The Places gives the brand/);
    }
    // A brand given by the locator, whatever the clinic's first source: the evidence says who gave it.
    const merged = clinics.filter((c) => c.npi !== null && c.network_evidence?.kind === "brand");
    expect(merged.length).toBeGreaterThan(5);
    for (const c of merged) expect(c.network_evidence?.detail).toMatch(/^All The Places gives the brand/);
  });

  test("a ref listed twice is one clinic; unreadable hours are reported, never guessed; phones and web sites cleaned", () => {
    const twice = run(0).truth.urgent.filter((u) => u.kind === "duplicate");
    expect(twice.length).toBeGreaterThan(0);
    for (const u of twice) expect(clinics.filter((c) => c.source_ids.includes(atpIdOf(u)))).toHaveLength(1);
    expect(problems.filter((p) => p.code === "same_source_id").length).toBeGreaterThanOrEqual(twice.length);
    const unreadable = problems.filter((p) => p.code === "invalid_hours");
    expect(unreadable.length).toBeGreaterThan(0);
    for (const p of unreadable) expect(p.message).toMatch(/Call for hours|change from week to week/);
    for (const c of clinics) if (c.website) expect(c.website).not.toMatch(/utm_|y_source/);
    const twoPhones = readable(run(0).truth).filter((u) => u.phone && holding(clinics, u));
    for (const u of twoPhones) {
      const c = holding(clinics, u) as ClinicRecord;
      if (c.sources.length === 1)
        expect(c.phone, u.id).toBe(`(${u.phone?.slice(0, 3)}) ${u.phone?.slice(3, 6)}-${u.phone?.slice(6)}`);
    }
  });
});

describe("week after week on top of the last release", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  const releases: { clinics: ClinicRecord[]; version: string; changes: ChangesDocument | null }[] = [];

  beforeAll(async () => {
    tmp = await tempDir();
    out = join(tmp.dir, "public");
    for (const [i, run] of atp.runs.entries()) {
      const sources = i === 0 ? null : await lastSources(out);
      const base = sources === null ? null : await readSnapshot(sources);
      // The first release from NPPES and run 1; then each week's run alone, on top of the last release.
      const inputs = i === 0 ? [atp.nppesMain, run.zip] : [run.zip];
      const r = await importFiles({ inputs, atpList: atp.list, base, previous: base, tmpDir: tmp.dir });
      if (!r.dataset) throw new Error(JSON.stringify(r.log.problems.filter((p) => p.kind === "fatal")));
      const published = await publishRelease(r.dataset, out, { ...API_BUILD, allowShrink: true });
      const version = r.dataset.dataVersion;
      releases.push({
        clinics: await collectClinics(published.comparison.dataset.clinics),
        version,
        changes: i === 0 ? null : await readJson<ChangesDocument>(out, `api/v1/changes/${version}.json`),
      });
    }
  }, 300_000);
  afterAll(() => tmp?.cleanup());

  /** The clinics whose ATP feature the truth says changed between two runs: hours, point, gone or new. */
  function expectedChanges(before: ClinicRecord[], after: ClinicRecord[], t1: AtpTruth, t2: AtpTruth) {
    const ofRun = (t: AtpTruth) => new Map(t.urgent.filter((u) => u.kind === "read").map((u) => [u.id, u]));
    const [a, b] = [ofRun(t1), ofRun(t2)];
    const ids = new Set<string>();
    for (const [id, u] of a) {
      const v = b.get(id);
      if (!v || v.week !== u.week || JSON.stringify(v.point) !== JSON.stringify(u.point)) {
        const c = holding(before, u);
        if (c) ids.add(c.id);
      }
    }
    for (const [id, v] of b)
      if (!a.has(id)) {
        const c = holding(after, v);
        if (c) ids.add(c.id);
      }
    return ids;
  }

  test("a new run gives a release whose changes list exactly the clinics whose hours, position or other fields changed", () => {
    const [first, second] = releases;
    if (!first || !second?.changes) throw new Error("no second release");
    const c = second.changes;
    const listed = new Set([...c.added, ...c.removed, ...c.changed].map((x) => x.id));
    const want = expectedChanges(first.clinics, second.clinics, run(0).truth, run(1).truth);
    expect(want.size).toBeGreaterThan(5);
    expect([...listed].sort()).toEqual([...want].sort());
    // The registry's clinics are carried, not read again: every NPI of the first release is still there.
    const npis = (cs: ClinicRecord[]) => new Set(cs.flatMap((x) => (x.npi ? [x.npi] : [])));
    expect(npis(second.clinics)).toEqual(npis(first.clinics));
    expect(c.changed.some((x) => x.fields.some((f) => f.field === "hours"))).toBe(true);
    expect(c.changed.some((x) => x.fields.some((f) => f.field === "coordinates"))).toBe(true);
  });

  test("a holiday week seen in one run of three is not published: the hours seen in most of the last runs are", () => {
    const [, second, third] = releases;
    if (!second || !third?.changes) throw new Error("no third release");
    const t3 = run(2).truth;
    const t2 = run(1).truth;
    const t1 = run(0).truth;
    const weekIn = (t: AtpTruth, id: string) => t.urgent.find((x) => x.id === id && x.kind === "read")?.week;
    // Sites the first two runs showed with the same hours (a site new in run 2 has two runs, a tie: the newest wins).
    const holiday = t3.urgent.filter(
      (u) =>
        u.kind === "read" &&
        u.hoursText?.includes("Th closed") &&
        holding(third.clinics, u) &&
        weekIn(t1, u.id) !== undefined &&
        weekIn(t1, u.id) === weekIn(t2, u.id),
    );
    expect(holiday.length).toBeGreaterThan(0);
    const changed = new Set(third.changes.changed.map((x) => x.id));
    for (const u of holiday) {
      const c = holding(third.clinics, u) as ClinicRecord;
      const before = t2.urgent.find((x) => x.id === u.id);
      expect(c.hours ? formatWeekly(c.hours.weekly) : null, u.id).toBe(before?.week ?? null);
      if (before?.week !== undefined && JSON.stringify(before.point) === JSON.stringify(u.point))
        expect(changed.has(c.id), u.id).toBe(false);
    }
  });

  test("stats.json gives the hours coverage of each state and the oldest observation", async () => {
    const stats = await readJson<Stats>(out, "api/v1/stats.json");
    const last = releases.at(-1) as (typeof releases)[number];
    for (const s of stats.coverage.states) {
      const mine = last.clinics.filter((c) => c.state === s.code);
      const known = mine.filter((c) => c.hours !== null).length;
      expect(s.hours.known, s.code).toBeCloseTo(mine.length ? known / mine.length : 0, 3);
      if (known > 0) expect(s.hours.oldest_observation, s.code).toMatch(/^2026-11-(02|09|16)$/);
      else expect(s.hours.oldest_observation).toBeNull();
    }
    const index = JSON.parse(await readFile(join(out, "api/v1/index.json"), "utf8")) as {
      meta: { source: { upstream: { name: string; license: string; date: string | null }[] } };
    };
    const credit = index.meta.source.upstream.find((u) => u.name === "All The Places");
    expect(credit?.license).toMatch(/^CC0-1\.0/);
    expect(credit?.date).toBe("2026-11-16");
  });
});
