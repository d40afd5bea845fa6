// Overture Maps places as a source: the generated places file (bench/overture) read as Overture ships it, every
// urgent-care place accounted for against the generator's ground truth, merged with the NPPES bundle it was
// derived from (and with HIFLD), networks from brands, the credit, and the extract DuckDB writes.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { generateNppesWeekly } from "../../bench/nppes/generate-nppes.mjs";
import { scoreMerge } from "../../bench/overture/score.mjs";
import { collectClinics } from "../../src/dataset/store.js";
import type { ClinicRecord, Dataset } from "../../src/dataset/types.js";
import { stateByCode } from "../../src/geo/states.js";
import { type ImportOptions, type ImportResult, importFiles } from "../../src/ingest/import.js";
import { OVERTURE_PROFILE } from "../../src/ingest/profiles/index.js";
import { readSnapshot } from "../../src/ingest/snapshot.js";
import { renderSite } from "../../src/render/build.js";
import { duckdb } from "../downloads/helpers.js";
import { SMALL_NPPES } from "../helpers/nppes.js";
import { type OvertureTruth, overturePair, type PlaceTruth } from "../helpers/overture.js";
import { SAMPLE_BUILD, tempDir } from "../helpers/sample-site.js";

type Pair = Awaited<ReturnType<typeof overturePair>>;
let o: Pair;
let both: { result: ImportResult; clinics: ClinicRecord[] };
let alone: { result: ImportResult; clinics: ClinicRecord[] };

async function load(inputs: string[], options: Partial<ImportOptions> = {}) {
  const result = await importFiles({ inputs, ...options });
  if (!result.dataset) throw new Error(JSON.stringify(result.log.problems.filter((p) => p.kind === "fatal")));
  const clinics = await collectClinics(result.dataset.clinics);
  await result.dataset.clinics.dispose();
  return { result, clinics };
}
const withId = (clinics: readonly ClinicRecord[], id: string) =>
  clinics.find((c) => c.source_ids.includes(`overture:${id}`));
const phoneOf = (digits: string | null) =>
  digits === null ? null : `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
const places = (kind: PlaceTruth["kind"]) => o.truth.places.filter((p) => p.kind === kind);
const sum = (r: Record<string, number> = {}) => Object.values(r).reduce((a, b) => a + b, 0);

beforeAll(async () => {
  o = await overturePair();
  both = await load([o.nppesMain, o.places]);
  alone = await load([o.places]);
});

describe("the places file", () => {
  test("is read as Overture's, every place counted: the urgent-care ones published, merged or rejected with their reason", () => {
    const { result, clinics } = alone;
    const truth = o.truth;
    const note = result.log.problems.find((p) => p.code === "source_read" && p.file === o.places);
    expect(note?.message).toContain(`${truth.counts.rows.toLocaleString("en-US")} places read`);
    expect(note?.message).toContain(
      `${truth.counts.urgentCareCategory.toLocaleString("en-US")} of the categories kept`,
    );
    const report = result.dataset?.report;
    expect(report?.read).toBe(truth.counts.urgentCareCategory);
    expect(report?.read).toBe(clinics.length + sum(report?.rejected) + sum(report?.merged));
    for (const p of [...places("pair"), ...places("overture_only")])
      expect(withId(clinics, p.id), p.id).toBeDefined();
    for (const p of [...places("dentist"), ...places("walk_in")])
      expect(withId(clinics, p.id)).toBeUndefined();
  });

  test("rejected: low confidence, closed, outside the US, a territory, an incompatible licence, no address — each at its row", () => {
    const problems = alone.result.log.problems.filter((p) => p.file === o.places && p.kind === "rejected");
    const rejected = places("rejected");
    expect(new Set(rejected.map((p) => p.reason))).toEqual(
      new Set([
        "low_confidence",
        "closed",
        "outside_us",
        "out_of_scope_state",
        "licence_incompatible",
        "missing_city",
      ]),
    );
    for (const p of rejected) {
      expect(withId(alone.clinics, p.id), p.id).toBeUndefined();
      expect(
        problems.some((x) => x.row === p.row && x.code === p.reason),
        `${p.reason} at row ${p.row}`,
      ).toBe(true);
    }
    const licence = problems.find((x) => x.code === "licence_incompatible");
    expect(licence?.message).toContain("ODbL-1.0");
  });

  test("regions written US-TX and TX alike give the state", () => {
    const kept = [...places("pair"), ...places("overture_only")];
    const iso = kept.filter((p) => p.region?.startsWith("US-"));
    const plain = kept.filter((p) => p.region !== null && !p.region.startsWith("US-"));
    expect(iso.length).toBeGreaterThan(0);
    expect(plain.length).toBeGreaterThan(0);
    for (const p of [...iso, ...plain]) expect(withId(alone.clinics, p.id)?.state, p.id).toBe(p.state);
  });

  test("a dentist whose name says urgent is not urgent care; walk-in clinics are read when --category asks for them", async () => {
    const walkIns = places("walk_in");
    const withWalkIns = await load([o.places], { categories: ["walk_in_clinic"] });
    for (const p of walkIns) expect(withId(withWalkIns.clinics, p.id), p.id).toBeDefined();
    for (const p of places("dentist")) expect(withId(withWalkIns.clinics, p.id)).toBeUndefined();
    expect(withWalkIns.clinics.length).toBe(alone.clinics.length + walkIns.length);
  });

  test("--min-confidence moves the cut: the places DuckDB finds under it are rejected as low_confidence", async () => {
    const db = await duckdb();
    try {
      const rows = await db.all(`SELECT count(*)::INT AS n FROM read_parquet('${o.places}')
        WHERE (categories.primary = 'urgent_care_clinic' OR list_contains(categories.alternate, 'urgent_care_clinic'))
          AND operating_status = 'open' AND confidence < 0.9`);
      const strict = await load([o.places], { minConfidence: 0.9 });
      expect(strict.result.dataset?.report.rejected.low_confidence).toBe(rows[0]?.n);
      expect(rows[0]?.n).toBeGreaterThan(alone.result.dataset?.report.rejected.low_confidence ?? 0);
    } finally {
      db.close();
    }
  });

  test("credited as Overture Maps Foundation with the release's date", () => {
    const u = alone.result.dataset?.source.upstream.find((x) => x.publisher === "Overture Maps Foundation");
    expect(u?.date).toBe(o.truth.release.slice(0, 10));
    expect(u?.license).toContain("CDLA-Permissive-2.0");
    expect(alone.result.dataset?.dataVersion).toBe(o.truth.release.slice(0, 10));
  });

  test("a Parquet file that is not a places file is refused under --profile overture, naming what it lacks", async () => {
    const tmp = await tempDir();
    try {
      const db = await duckdb();
      const path = join(tmp.dir, "other.parquet");
      await db.all(`COPY (SELECT 'x' AS id, 'Acme' AS name) TO '${path}' (FORMAT parquet)`);
      db.close();
      const r = await importFiles({ inputs: [path], profile: OVERTURE_PROFILE });
      const fatal = r.log.problems.find((p) => p.kind === "fatal");
      expect(fatal?.code).toBe("missing_columns");
      expect(fatal?.message).toContain("geometry");
      expect(fatal?.message).toContain("categories.primary");
    } finally {
      await tmp.cleanup();
    }
  });
});

describe("merged with the NPI registry", () => {
  const pairOf = (variant: string) => places("pair").filter((p) => p.variant === variant);

  test("one clinic per real place: every true pair merged, no false merge", () => {
    const s = scoreMerge(both.clinics, o.truth.places);
    expect(s.falseMerges).toEqual([]);
    // A name alone cannot tell two places of one organisation in one ZIP code apart: those stay apart (ambiguous).
    for (const m of s.missed) expect(m.variant, m.id).toBe("name");
    expect(s.merged).toBeGreaterThanOrEqual(0.95 * s.truePairs);
    expect(s.overtureOnlyPublishedAlone).toBe(s.overtureOnly);
    const report = both.result.dataset?.report;
    expect(report?.read).toBe(both.clinics.length + sum(report?.rejected) + sum(report?.merged));
  });

  test("a match by phone and a match by address without a phone: Overture's point, NPPES's NPI, both credited", () => {
    for (const variant of ["phone", "address"]) {
      const p = pairOf(variant)[0] as PlaceTruth;
      const c = withId(both.clinics, p.id) as ClinicRecord;
      expect(c.npi, variant).toBe(p.nppes?.npi ?? null);
      expect([c.latitude, c.longitude]).toEqual([p.latitude, p.longitude]);
      expect(c.coordinates_source).toBe("source");
      if (variant === "phone") expect(c.phone).toBe(phoneOf(p.phone));
      const credit = Object.fromEntries(c.sources.map((s) => [s.name, s]));
      expect(credit["Overture Maps places"]?.id).toBe(`overture:${p.id}`);
      expect(credit["Overture Maps places"]?.fields).toContain("coordinates");
      expect(credit["CMS NPPES"]?.fields).toContain("npi");
    }
    const rules = both.result.dataset?.report.merged ?? {};
    expect(rules.merged_same_phone).toBeGreaterThan(0);
    expect(rules.merged_same_address).toBeGreaterThan(0);
  });

  test("Overture's web site, tracking parameters stripped", () => {
    const p = places("pair").find((x) => x.website !== null) as PlaceTruth;
    expect(withId(both.clinics, p.id)?.website).toBe(p.website);
  });

  test("an Overture-only urgent care is published on its own, under its GERS id; an NPPES clinic Overture lacks stays at its ZIP's centre", () => {
    const p = places("overture_only")[0] as PlaceTruth;
    const c = withId(both.clinics, p.id) as ClinicRecord;
    expect(c.npi).toBeNull();
    expect(c.sources).toEqual([
      expect.objectContaining({ name: "Overture Maps places", id: `overture:${p.id}` }),
    ]);
    // The GERS id makes the id: the same clinic whether NPPES is read beside it or not.
    expect(c.id).toBe(withId(alone.clinics, p.id)?.id);
    const listed = new Set(places("pair").flatMap((x) => x.nppes?.npis ?? []));
    const lonely = o.nppes.clinics.find((x) => !listed.has(x.npi) && !x.subpart && x.secondary.length === 0);
    const n = both.clinics.find((x) => x.npi === lonely?.npi) as ClinicRecord;
    expect(n.coordinates_source).toBe("zip_centroid");
    expect(n.sources.map((s) => s.name)).toEqual(["CMS NPPES"]);
  });

  test("a brand is a network's evidence, with its Wikidata id", () => {
    const p = places("pair").find((x) => x.brand !== null && x.wikidata !== null) as PlaceTruth;
    const c = withId(both.clinics, p.id) as ClinicRecord;
    expect(c.network).toBe(p.brand);
    expect(c.network_evidence).toEqual({
      kind: "brand",
      detail: expect.stringContaining(p.wikidata as string),
      wikidata: p.wikidata,
    });
    expect(both.result.dataset?.networks).toContainEqual({ name: p.brand, wikidata: p.wikidata });
    expect(both.result.dataset?.report.networkEvidence.brand).toBeGreaterThan(0);
  });
});

describe("NPPES, HIFLD and Overture together", () => {
  test("one clinic: HIFLD's 2009 point gives way to Overture's, NPPES keeps its NPI; the other sources raise its level, and its page says so", async () => {
    const p = places("pair").find(
      (x) => x.variant === "both" && x.nppes?.location === "primary",
    ) as PlaceTruth;
    const n = o.nppes.clinics.find((x) => x.npi === p.nppes?.npi);
    if (!n) throw new Error("no NPPES clinic");
    const tmp = await tempDir();
    try {
      const header = "OBJECTID,ID,NAME,TELEPHONE,ADDRESS,ADDRESS2,CITY,STATE,ZIP,X,Y,CONTDATE,NAICSCODE";
      const row = [
        1,
        "HF1",
        `"${n.name}"`,
        "5555550100",
        `"${n.street}"`,
        `"${n.street2 ?? ""}"`,
        n.city,
        n.state,
        n.zip5,
      ];
      const csv = `${header}\r\n${[...row, p.longitude + 0.003, p.latitude + 0.003, "2009/01/20", "621493"].join(",")}\r\n`;
      const hifld = join(tmp.dir, "hifld.csv");
      await writeFile(hifld, csv);
      const result = await importFiles({ inputs: [o.nppesMain, hifld, o.places] });
      const dataset = result.dataset as Dataset;
      const clinics = await collectClinics(dataset.clinics);
      const c = withId(clinics, p.id) as ClinicRecord;
      expect(c.sources.map((s) => s.name).sort()).toEqual([
        "CMS NPPES",
        "HIFLD Urgent Care Facilities",
        "Overture Maps places",
      ]);
      expect(c.npi).toBe(n.npi);
      expect([c.latitude, c.longitude]).toEqual([p.latitude, p.longitude]);
      expect(c.sources.find((s) => s.name === "Overture Maps places")?.fields).toContain("coordinates");

      // Its evidence: each source with what it says; independent sources agree, so the level rises to confirmed
      // (the registry alone lists it: listed), unless something says it is another kind.
      expect(c.evidence.sources.map((s) => s.type)).toEqual(["registry", "facility_list", "places"]);
      expect(c.evidence.sources[2]).toMatchObject({ category: "urgent_care_clinic", id: `overture:${p.id}` });
      const nppesAlone = (await load([o.nppesMain])).clinics.find((x) => x.npi === n.npi) as ClinicRecord;
      const step = c.evidence.against.length ? 1 : 0;
      expect(nppesAlone.evidence.level).toBe(["listed", "doubtful"][step]);
      expect(c.evidence.level).toBe(["confirmed", "listed"][step]);
      const fromBoth = withId(both.clinics, p.id) as ClinicRecord;
      expect(fromBoth.evidence.level).toBe(["confirmed", "listed"][step]);

      // Its page says so, in plain words, in English and Spanish; the registry's date is an update, not a confirmation.
      const out = join(tmp.dir, "out");
      await renderSite(dataset, out, SAMPLE_BUILD);
      const city = (await readFile(join(out, "api/v1/clinic", `${c.id}.json`), "utf8")).match(
        /"city":\{"slug":"([^"]+)"/,
      )?.[1];
      const page = `clinics/${stateByCode(c.state).slug}/${city}/${c.id}.html`;
      const text = (html: string) =>
        html
          .replace(/<[^>]+>/g, " ")
          .replace(/&#39;/g, "'")
          .replace(/\s+/g, " ");
      const en = text(await readFile(join(out, page), "utf8"));
      expect(en).toContain(
        "Listed in CMS's NPI registry, in HIFLD's list of urgent care facilities and in Overture Maps' places data; the registry entry was last updated on",
      );
      expect(en).toContain("HIFLD's record was last checked on January 20, 2009");
      expect(en).toContain(
        step ? "says it may be another kind of place" : "Independent sources agree that it is there.",
      );
      const es = text(await readFile(join(out, "es", page), "utf8"));
      expect(es).toContain(
        "Figura en el registro NPI de CMS, en la lista de centros de urgencias de HIFLD y en los datos de lugares de Overture Maps; el registro se actualizó por última vez el",
      );
      for (const body of [en, es]) expect(body).not.toMatch(/confirm/i);
      await dataset.clinics.dispose();
    } finally {
      await tmp.cleanup();
    }
  });
});

describe("the extract a user writes with DuckDB", () => {
  test("reads as the release file does: zstd, DuckDB's nesting, the release in its metadata", async () => {
    const tmp = await tempDir();
    const db = await duckdb();
    try {
      const extract = join(tmp.dir, "us-urgent-care.parquet");
      // The command of docs/ingest.md, on the local file instead of Overture's bucket.
      await db.all(`COPY (
          SELECT * FROM read_parquet('${o.places}')
          WHERE categories.primary = 'urgent_care_clinic' OR list_contains(categories.alternate, 'urgent_care_clinic')
        ) TO '${extract}' (FORMAT parquet, COMPRESSION zstd, KV_METADATA {'overture:release': '${o.truth.release}'})`);
      const fromExtract = await load([extract]);
      const strip = (cs: ClinicRecord[]) => cs.map(({ provenance: _p, ...c }) => c);
      expect(strip(fromExtract.clinics)).toEqual(strip(alone.clinics));
      const u = fromExtract.result.dataset?.source.upstream.find(
        (x) => x.publisher === "Overture Maps Foundation",
      );
      expect(u?.date).toBe((o.truth as OvertureTruth).release.slice(0, 10));
    } finally {
      db.close();
      await tmp.cleanup();
    }
  });
});

describe("a weekly NPPES file on top of a release built with Overture", () => {
  test("the places stay: merged clinics keep Overture's point, Overture-only ones stay, none is removed for being absent from the week", async () => {
    const tmp = await tempDir();
    // The release's source records, as a published release keeps them (its snapshot), without building its site.
    const release = await reload();
    try {
      const before = await collectClinics(release.clinics);
      const weekDir = join(tmp.dir, "weekly");
      const week = await generateNppesWeekly({
        base: { out: join(o.dir, "nppes"), ...SMALL_NPPES },
        out: weekDir,
        csv: true,
      });
      const main = (await readdir(weekDir)).find(
        (f) => f.startsWith("npidata_pfile_") && !f.includes("header"),
      );
      const base = await readSnapshot(release.snapshot as string);
      const r = await importFiles({ inputs: [join(weekDir, main as string)], base, tmpDir: tmp.dir });
      if (!r.dataset) throw new Error(JSON.stringify(r.log.problems.filter((p) => p.kind === "fatal")));
      const after = await collectClinics(r.dataset.clinics);
      await r.dataset.clinics.dispose();
      const gone = new Set([...week.weekly.removed.map((x) => x.npi)]);
      for (const p of [...places("pair"), ...places("overture_only")]) {
        const was = withId(before, p.id);
        const now = withId(after, p.id);
        if (!was) continue;
        if (was.npi !== null && gone.has(was.npi)) continue;
        expect(now, p.id).toBeDefined();
        expect([now?.latitude, now?.longitude]).toEqual([p.latitude, p.longitude]);
        expect(now?.coordinates_source).toBe("source");
      }
      expect(r.dataset.source.upstream.map((u) => u.publisher)).toContain("Overture Maps Foundation");
    } finally {
      await release.clinics.dispose();
      await tmp.cleanup();
    }
  });
});

/** The merged import again (the first one's clinics were read and disposed of). */
async function reload() {
  const r = await importFiles({ inputs: [o.nppesMain, o.places] });
  if (!r.dataset) throw new Error("the pair did not import");
  return r.dataset;
}
