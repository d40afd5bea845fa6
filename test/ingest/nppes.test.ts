// CMS's NPI registry as a source: the generated bundle (bench/nppes) read as CMS ships it, every urgent-care row
// accounted for against the generator's ground truth, a weekly file and a deactivation report applied on top of
// the last release, and NPPES merged with HIFLD.
import { readdir, readFile, readlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { writeReport } from "../../src/cli/commands/import-options.js";
import { collectClinics } from "../../src/dataset/store.js";
import type { ClinicRecord, WithheldPlace } from "../../src/dataset/types.js";
import { zipCentroid } from "../../src/geo/zip-centroids.js";
import { type ImportResult, importFiles } from "../../src/ingest/import.js";
import { withoutCompanyForm } from "../../src/ingest/normalise/name.js";
import { NPPES_PROFILE } from "../../src/ingest/profiles/index.js";
import { readSnapshot } from "../../src/ingest/snapshot.js";
import { lastSources, publishRelease } from "../../src/release/publish.js";
import type { PlaceKind } from "../../src/schema/evidence.js";
import type { ChangesDocument } from "../../src/schema/releases.js";
import { ucd } from "../helpers/cli.js";
import { nppesBundle } from "../helpers/nppes.js";
import { API_BUILD, tempDir } from "../helpers/sample-site.js";
import { readJson } from "../helpers/tree.js";
import { HIFLD_FIXTURE } from "./helpers.js";

type Bundle = Awaited<ReturnType<typeof nppesBundle>>;
type TruthClinic = Bundle["monthly"]["clinics"][number];

let n: Bundle;
let zipped: { result: ImportResult; clinics: ClinicRecord[] };
let extracted: { result: ImportResult; clinics: ClinicRecord[] };

async function load(inputs: string[]) {
  return load2(inputs, []);
}
async function load2(inputs: string[], keepKinds: PlaceKind[]) {
  const result = await importFiles({ inputs, keepKinds });
  if (!result.dataset) throw new Error(JSON.stringify(result.log.problems.filter((p) => p.kind === "fatal")));
  const clinics = await collectClinics(result.dataset.clinics);
  return { result, clinics };
}
const file = async (dir: string, start: string, end = ".csv") =>
  join(
    dir,
    (await readdir(dir)).find((f) => f.startsWith(start) && f.endsWith(end) && !f.includes("header")) ?? "",
  );
const bySourceId = (clinics: readonly ClinicRecord[]) =>
  new Map(clinics.flatMap((c) => c.source_ids.map((id) => [id, c] as const)));
/** Words of a name, lower case, punctuation dropped: how two spellings of one name are compared. */
const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
const phoneOf = (digits: string | null) =>
  digits === null ? null : `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

beforeAll(async () => {
  // 300 clinics (not the helper's 120): enough chains named "Brand - Place" for networks inferred from names.
  n = await nppesBundle({ weekly: true, report: true, urgentCare: 300 });
  zipped = await load([await file(n.dir, "NPPES_Data_Dissemination", ".zip")]);
  extracted = await load([await file(n.dir, "npidata_pfile_")]);
});
afterAll(() => n?.cleanup());

describe("the monthly NPPES bundle", () => {
  test("the ZIP as CMS ships it and the extracted files give the same clinics", () => {
    const strip = (cs: ClinicRecord[]) => cs.map(({ provenance: _p, ...c }) => c);
    expect(strip(zipped.clinics)).toEqual(strip(extracted.clinics));
    expect(zipped.clinics.length).toBeGreaterThan(100);
  });

  test("every urgent-care row is published, merged or rejected with its reason", () => {
    const truth = n.monthly;
    const { clinics, result } = zipped;
    const ids = bySourceId(clinics);
    let places = 0;
    for (const c of truth.clinics) {
      places++;
      expect(ids.get(`npi:${c.npi}`), c.npi).toBeDefined();
      for (const s of c.secondary) {
        if (s.sameAsPrimary) continue;
        places++;
        const found = clinics.filter(
          (x) =>
            x.source_ids.some((id) => id.startsWith(`npi:${c.npi}/pl/`)) &&
            x.zip === s.zip5 &&
            x.phone === phoneOf(s.phone),
        );
        expect(found, `${c.npi} at ${s.street}`).toHaveLength(1);
      }
    }
    const subparts = truth.subpartGroups.reduce((a, g) => a + g.npis.length - 1, 0);
    expect(clinics).toHaveLength(places - subparts);
    const codes = (code: string) => result.log.problems.filter((p) => p.code === code);
    // Every organisation with the code that is no walk-in centre is left out, with its reason.
    expect(codes("not_walk_in")).toHaveLength(truth.otherKinds.length);
    expect(codes("not_an_organisation")).toHaveLength(truth.excluded.individual.length);
    expect(codes("outside_us").length).toBeGreaterThanOrEqual(truth.excluded.outsideUs.length);
    expect(codes("out_of_scope_state").length).toBeGreaterThanOrEqual(truth.excluded.territory.length);
    const report = result.dataset?.report;
    const sum = (o: Record<string, number> = {}) => Object.values(o).reduce((a, b) => a + b, 0);
    expect(report?.read).toBe(clinics.length + sum(report?.rejected) + sum(report?.merged));
    // Credited with the file's date: the last day of the period in its name.
    const nppes = result.dataset?.source.upstream.find((u) => u.name.startsWith("CMS NPPES"));
    expect(nppes?.date).toBe(truth.options.to);
    expect(result.dataset?.dataVersion).toBe(truth.options.to);
  });

  test("each clinic: its DBA name, else the legal name without its company form; the practice location; its NPI and date", () => {
    const ids = bySourceId(zipped.clinics);
    const seen = new Set<string>();
    for (const t of n.monthly.clinics) {
      if (t.subpart) continue;
      const c = ids.get(`npi:${t.npi}`) as ClinicRecord;
      const expected = t.dba ?? withoutCompanyForm(t.legalName);
      expect(words(c.name), t.npi).toBe(words(expected));
      seen.add(t.nameSource);
      expect(c.zip, t.npi).toBe(t.zip5);
      expect(c.phone).toBe(phoneOf(t.phone));
      expect(words(c.street ?? "")).toContain(words(t.street));
      expect(c.npi).toBe(t.npi);
      expect(c.date).toBe(t.lastUpdate);
      expect(c.coordinates_source).toBe("zip_centroid");
      expect(c.sources).toEqual([
        expect.objectContaining({ name: "CMS NPPES", id: `npi:${t.npi}`, date: t.lastUpdate }),
      ]);
    }
    expect([...seen].sort()).toEqual(["dba", "dba_othername", "legal"]);
  });

  test("subparts at one address are one clinic, under the lowest NPI, the others merged into it", () => {
    const ids = bySourceId(zipped.clinics);
    expect(n.monthly.subpartGroups.length).toBeGreaterThan(0);
    for (const g of n.monthly.subpartGroups) {
      const clinics = new Set(g.npis.map((npi) => ids.get(`npi:${npi}`)));
      expect(clinics.size, g.npis.join(" ")).toBe(1);
      const clinic = [...clinics][0] as ClinicRecord;
      const lowest = [...g.npis].sort()[0] as string;
      expect(clinic.npi).toBe(lowest);
      expect(clinic.sources[0]?.merged_ids.sort()).toEqual(
        g.npis
          .filter((x) => x !== clinic.sources[0]?.id?.slice(4))
          .map((x) => `npi:${x}`)
          .sort(),
      );
    }
  });

  test("a main file that is not UTF-8 is refused at its bad byte, and read with --encoding", async () => {
    const tmp = await tempDir();
    try {
      const bytes = await readFile(await file(n.dir, "npidata_pfile_"));
      const at = bytes.indexOf("URGENT CARE");
      bytes[at + 1] = 0xc9; // "UÉGENT", in windows-1252
      const path = join(tmp.dir, "npidata_pfile_20050523-20250209.csv");
      await writeFile(path, bytes);
      const refused = await importFiles({ inputs: [path] });
      expect(refused.log.problems.find((p) => p.kind === "fatal")?.code).toBe("encoding_invalid");
      const read = await importFiles({ inputs: [path], encoding: "windows-1252" });
      const names = (
        await collectClinics(
          read.dataset?.clinics ?? { size: 0, load: async () => [], dispose: async () => {} },
        )
      ).map((c) => c.name);
      expect(names.some((x) => x.includes("UÉ") || x.includes("Ué"))).toBe(true);
      await read.dataset?.clinics.dispose();
    } finally {
      await tmp.cleanup();
    }
  });

  test("a file that lacks an NPPES file's columns is refused, naming them", async () => {
    const r = await importFiles({ inputs: [HIFLD_FIXTURE], profile: NPPES_PROFILE });
    const fatal = r.log.problems.find((p) => p.kind === "fatal");
    expect(fatal?.code).toBe("missing_columns");
    expect(fatal?.message).toContain('"Entity Type Code"');
    expect(fatal?.message).toContain('"Healthcare Provider Taxonomy Code_1"');
  });
});

describe("kinds of place: only walk-in urgent care is published", () => {
  const registryIds = (sources: readonly { id: string | null }[]) =>
    sources.flatMap((x) => (x.id?.startsWith("npi:") && !x.id.includes("/pl/") ? [x.id.slice(4)] : []));

  test("every walk-in centre is published and none of the others; each other is in the report with its kind, reason and evidence", async () => {
    const { clinics, result } = zipped;
    const published = new Map(clinics.flatMap((c) => registryIds(c.evidence.sources).map((npi) => [npi, c])));
    for (const t of n.monthly.clinics)
      expect(published.get(t.npi)?.evidence.kind, `${t.npi} ${t.name}`).toBe("walk_in_urgent_care");
    // Every kind the generator makes is there, at least once; none of them is published.
    expect(new Set(n.monthly.otherKinds.map((o) => o.kind)).size).toBe(7);
    const tmp = await tempDir();
    try {
      const path = join(tmp.dir, "report.json");
      await writeReport(path, result, true);
      const report = JSON.parse(await readFile(path, "utf8")) as { not_published: WithheldPlace[] };
      const listed = new Map(
        report.not_published.flatMap((w) => registryIds(w.evidence.sources).map((npi) => [npi, w])),
      );
      expect(report.not_published).toHaveLength(n.monthly.otherKinds.length);
      for (const o of n.monthly.otherKinds) {
        expect(published.has(o.npi), `${o.npi} ${o.legalName} published`).toBe(false);
        const w = listed.get(o.npi);
        expect(w?.reason, `${o.npi} ${o.legalName}`).toBe(`not_walk_in: ${o.kind}`);
        expect(w?.evidence.kind).toBe(o.kind);
        expect(w?.evidence.reason.detail.length).toBeGreaterThan(10);
        // What the registry says: its taxonomies with their slots, the urgent care code among them.
        expect(w?.evidence.sources[0]).toMatchObject({
          type: "registry",
          name: "CMS NPPES",
          id: `npi:${o.npi}`,
          taxonomies: o.taxonomies.map((code, i) => ({ code, slot: i + 1, primary: i === 0 })),
        });
      }
    } finally {
      await tmp.cleanup();
    }
  });

  test("the walk-in centres a word list would lose stay: plain names, other kinds' words, a hospital's own urgent care", () => {
    const ids = bySourceId(zipped.clinics);
    const variants = new Map<string, ClinicRecord[]>();
    for (const t of n.monthly.clinics) {
      const c = ids.get(`npi:${t.npi}`) as ClinicRecord;
      variants.set(t.variant, [...(variants.get(t.variant) ?? []), c]);
    }
    expect([...variants.keys()].sort()).toEqual([
      "chain",
      "hospital_run",
      "independent",
      "plain_name",
      "tricky_name",
    ]);
    // A plain name is a walk-in centre by its primary taxonomy (or by another of its names), nothing against it.
    for (const c of variants.get("plain_name") ?? []) {
      expect(["taxonomy_primary_urgent_care", "name_says_urgent_care"], c.name).toContain(
        c.evidence.reason.code,
      );
      expect(c.evidence.level).toBe("listed");
    }
    // A hospital's urgent care: its name says so; the hospital's primary code is a sign against (one source: doubtful).
    for (const c of variants.get("hospital_run") ?? []) {
      expect(c.evidence.reason.code, c.name).toBe("name_says_urgent_care");
      expect(c.evidence.against.map((a) => a.code)).toContain("taxonomy_primary_hospital");
      expect(c.evidence.level).toBe("doubtful");
    }
  });

  test("one registry entry is never confirmed: every NPPES-only place is listed or doubtful", () => {
    const levels = new Set(zipped.clinics.map((c) => c.evidence.level));
    expect([...levels].sort()).toEqual(["doubtful", "listed"]);
  });

  test("--keep-kind publishes the kinds asked for, each saying its kind", async () => {
    const kept = await load2([await file(n.dir, "npidata_pfile_")], ["administrative", "telehealth"]);
    const kinds = new Map<string, number>();
    for (const c of kept.clinics) kinds.set(c.evidence.kind, (kinds.get(c.evidence.kind) ?? 0) + 1);
    const truth = (kind: string) => n.monthly.otherKinds.filter((o) => o.kind === kind).length;
    expect(kinds.get("administrative")).toBe(truth("administrative"));
    expect(kinds.get("telehealth")).toBe(truth("telehealth"));
    expect(kinds.has("hospital")).toBe(false);
    expect(kept.result.withheld).toHaveLength(
      n.monthly.otherKinds.length - truth("administrative") - truth("telehealth"),
    );
  });
});

describe("updates on top of the last release", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let before: ClinicRecord[];
  let after: ClinicRecord[];
  let changes: ChangesDocument;
  let deactivations: ChangesDocument;

  async function update(input: string) {
    const base = await readSnapshot((await lastSources(out)) as string);
    const r = await importFiles({ inputs: [input], base, tmpDir: tmp.dir });
    if (!r.dataset) throw new Error(JSON.stringify(r.log.problems.filter((p) => p.kind === "fatal")));
    const published = await publishRelease(r.dataset, out, { ...API_BUILD, allowShrink: true });
    return {
      published,
      version: r.dataset.dataVersion,
      clinics: await collectClinics(published.comparison.dataset.clinics),
    };
  }

  beforeAll(async () => {
    tmp = await tempDir();
    out = join(tmp.dir, "public");
    const monthly = await importFiles({ inputs: [await file(n.dir, "npidata_pfile_")], tmpDir: tmp.dir });
    if (!monthly.dataset) throw new Error("the monthly file did not import");
    // Releases of the API alone: the changes documents and records are what is read.
    const first = await publishRelease(monthly.dataset, out, API_BUILD);
    before = await collectClinics(first.comparison.dataset.clinics);
    const week = await update(await file(join(n.dir, "weekly"), "npidata_pfile_"));
    after = week.clinics;
    changes = await readJson<ChangesDocument>(out, `api/v1/changes/${week.version}.json`);
    const report = await update(await file(join(n.dir, "report"), "NPPES Deactivated"));
    deactivations = await readJson<ChangesDocument>(out, `api/v1/changes/${report.version}.json`);
  });
  afterAll(() => tmp?.cleanup());

  const npiOf = (c: { id: string }, clinics: ClinicRecord[]) =>
    clinics
      .find((x) => x.id === c.id)
      ?.source_ids.find((id) => id.startsWith("npi:"))
      ?.slice(4, 14);

  test("a weekly file: the changes list exactly the NPIs added, removed and changed, nothing else", () => {
    const week = n.weekly?.weekly;
    if (!week) throw new Error("no weekly truth");
    const added = new Set(changes.added.map((c) => npiOf(c, after)));
    const removed = new Set(changes.removed.map((c) => npiOf(c, before)));
    const changed = new Set(changes.changed.map((c) => npiOf(c, after)));
    for (const a of week.added) expect(added.has(a.npi), `added ${a.npi}`).toBe(true);
    for (const r of week.removed) expect(removed.has(r.npi), `removed ${r.npi} (${r.reason})`).toBe(true);
    for (const c of week.changed.filter((x) =>
      x.fields.some((f) => ["name", "phone", "address"].includes(f)),
    ))
      expect(changed.has(c.npi), `changed ${c.npi} (${c.fields.join(", ")})`).toBe(true);
    // Nothing the week did not touch appears in the changes; a date-only update changes no published field.
    const decided = new Set([
      ...week.added.map((x) => x.npi),
      ...week.removed.map((x) => x.npi),
      ...week.changed.map((x) => x.npi),
    ]);
    for (const npi of [...added, ...removed, ...changed])
      expect(decided.has(npi as string), `${npi}`).toBe(true);
    for (const npi of week.touched)
      expect(changed.has(npi) || added.has(npi) || removed.has(npi)).toBe(false);
  });

  test("unchanged clinics keep their ids and their every field", () => {
    const changedIds = new Set([...changes.changed, ...changes.removed].map((c) => c.id));
    const now = new Map(after.map((c) => [c.id, c]));
    let kept = 0;
    for (const c of before) {
      if (changedIds.has(c.id)) continue;
      // The record's date is in its sources' credit and evidence: what they say besides is compared.
      const { sources: _s, provenance: _p, date: _d, evidence: e, ...published } = c;
      const next = now.get(c.id) as ClinicRecord;
      const { sources: _s2, provenance: _p2, date: _d2, evidence: e2, ...again } = next;
      expect(again, c.id).toEqual(published);
      const undated = (x: ClinicRecord["evidence"]) => ({
        ...x,
        sources: x.sources.map((s) => ({ ...s, date: null })),
      });
      expect(undated(e2), c.id).toEqual(undated(e));
      kept++;
    }
    expect(kept).toBeGreaterThan(before.length * 0.8);
  });

  test("a network decided over the whole state stays on the clinics a weekly file does not list", () => {
    // A chain's places under one legal name make a network; a weekly file lists a few of those clinics at most, so
    // the records it reads alone show no organisation: the kept records must count as well.
    const week = n.weekly?.weekly;
    if (!week) throw new Error("no weekly truth");
    const decided = new Set([...week.added, ...week.removed, ...week.changed].map((x) => x.npi));
    const inferred = before.filter((c) => c.network_evidence?.kind === "registry_organisation");
    const untouched = inferred.filter((c) => c.npi === null || !decided.has(c.npi));
    expect(untouched.length).toBeGreaterThan(5);
    const now = new Map(after.map((c) => [c.id, c]));
    for (const c of untouched) {
      expect(now.get(c.id)?.network, c.id).toBe(c.network);
      expect(now.get(c.id)?.network_evidence, c.id).toEqual(c.network_evidence);
    }
  });

  test("the deactivation report removes the listed NPIs that were listed, and nothing else", () => {
    const listed = new Set(after.map((c) => c.npi));
    const wanted = (n.report?.urgentCare ?? []).map((x) => x.npi).filter((npi) => listed.has(npi));
    expect(wanted.length).toBeGreaterThan(0);
    const removed = new Set(deactivations.removed.map((c) => npiOf(c, after)));
    expect([...removed].sort()).toEqual([...new Set(wanted)].sort());
    expect(deactivations.added).toEqual([]);
    expect(deactivations.changed).toEqual([]);
  });
});

describe("a week older than the published release", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let earlier: Awaited<ReturnType<Bundle["week"]>>;
  /** The phone the later week sets and the earlier one lists as it was before: an NPI and both phones. */
  let phone: { npi: string; monthly: string | null; later: string | null };
  const version = async () =>
    (await readJson<{ meta: { data_version: string } }>(out, "api/v1/index.json")).meta.data_version;
  /** The clinic's id (the same in every release: its NPI's) */
  let id: string;
  const phoneNow = async () =>
    (await readJson<{ clinic: { phone: string | null } }>(out, `api/v1/clinic/${id}.json`)).clinic.phone;

  beforeAll(async () => {
    tmp = await tempDir();
    out = join(tmp.dir, "public");
    // The week of 02-17..23 sets new phones; the week before it (02-10..16) lists one of those clinics again, as
    // it was then (its other changes are dates only), arriving late.
    const later = await n.week("later", { from: "2025-02-17", to: "2025-02-23" });
    earlier = await n.week("earlier", { from: "2025-02-10", to: "2025-02-16", changes: { touched: 60 } });
    const listed = new Set(earlier.truth.weekly.touched);
    const npi = later.truth.weekly.changed.find((c) => c.fields.includes("phone") && listed.has(c.npi))?.npi;
    if (!npi) throw new Error("the earlier week lists none of the later week's new phones");
    phone = {
      npi,
      monthly: phoneOf(n.monthly.clinics.find((c) => c.npi === npi)?.phone ?? null),
      later: phoneOf(later.truth.clinics.find((c) => c.npi === npi)?.phone ?? null),
    };
    const monthly = await importFiles({ inputs: [await file(n.dir, "npidata_pfile_")], tmpDir: tmp.dir });
    if (!monthly.dataset) throw new Error("the monthly file did not import");
    await publishRelease(monthly.dataset, out, API_BUILD);
    const base = await readSnapshot((await lastSources(out)) as string);
    const week = await importFiles({ inputs: [later.main], base, tmpDir: tmp.dir });
    if (!week.dataset) throw new Error("the later week did not import");
    const published = await publishRelease(week.dataset, out, { ...API_BUILD, allowShrink: true });
    const clinic = (await collectClinics(published.comparison.dataset.clinics)).find((c) => c.npi === npi);
    if (!clinic) throw new Error(`no clinic of NPI ${npi}`);
    id = clinic.id;
  });
  afterAll(() => tmp?.cleanup());

  test("is refused, naming the week and the published data and what to try; the newer release stays", async () => {
    expect(phone.later).not.toBe(phone.monthly);
    const published = await readlink(out);
    const r = await ucd("build", "--input", earlier.main, "--out", out, "--compression", "fast");
    expect(r.code).toBe(1);
    expect(r.err).toContain("update_older");
    expect(r.err).toContain(
      "this update is of 2025-02-16 (the last day it covers), older than this source's data in the published release, of 2025-02-23",
    );
    expect(r.err).toContain("Apply the updates after 2025-02-23");
    expect(r.err).toContain("--allow-older");
    expect(await readlink(out)).toBe(published);
    expect(await version()).toBe("2025-02-23");
    expect(await phoneNow()).toBe(phone.later);
  });

  test("--allow-older rolls back: the week's data version, and its changes list the phone it reverted", async () => {
    const r = await ucd(
      "build",
      "--input",
      earlier.main,
      "--out",
      out,
      "--compression",
      "fast",
      "--allow-older",
    );
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/release \d{4}-2025-02-16 published/);
    expect(await version()).toBe("2025-02-16");
    expect(await phoneNow()).toBe(phone.monthly);
    const changes = await readJson<ChangesDocument>(out, "api/v1/changes/2025-02-16.json");
    expect(changes.previous_version).toBe("2025-02-23");
    expect(changes.changed.find((c) => c.id === id)?.fields).toContainEqual({
      field: "phone",
      old: phone.later,
      new: phone.monthly,
    });
  });
});

describe("NPPES and HIFLD together", () => {
  let clinics: ClinicRecord[];
  let samePlace: TruthClinic;
  let samePhone: TruthClinic;

  beforeAll(async () => {
    // A HIFLD file as the public layer has it: one clinic at an NPPES clinic's address with its own point, one with
    // an NPPES clinic's phone written at its street in other words, and one NPPES does not know.
    // Clinics whose registry entry alone lists them, nothing against (urgent care their primary code): `listed`.
    const picks = n.monthly.clinics.filter(
      (c) =>
        !c.subpart && c.secondary.length === 0 && c.street2 === null && c.primaryTaxonomy === "261QU0200X",
    );
    [samePlace, samePhone] = picks as [TruthClinic, TruthClinic];
    const point = (t: TruthClinic) => zipCentroid(t.zip5) as { latitude: number; longitude: number };
    const rows = [
      [
        "1",
        samePlace.name,
        "5555550100",
        samePlace.street,
        samePlace.city,
        samePlace.state,
        samePlace.zip5,
        point(samePlace),
        "2009/01/20",
      ],
      [
        "2",
        samePhone.name,
        samePhone.phone,
        "PO BOX 12",
        samePhone.city,
        samePhone.state,
        samePhone.zip5,
        point(samePhone),
        "2009/01/20",
      ],
      [
        "3",
        "HARBORVIEW WALK-IN CLINIC",
        "2065550111",
        "12 OLD MILL RD",
        "SEATTLE",
        "WA",
        "98101",
        { latitude: 47.6101, longitude: -122.3344 },
        "2009/01/20",
      ],
    ] as const;
    const header = "OBJECTID,ID,NAME,TELEPHONE,ADDRESS,ADDRESS2,CITY,STATE,ZIP,X,Y,CONTDATE,NAICSCODE";
    const csv = [
      header,
      ...rows.map(([id, name, phone, street, city, state, zip, p, date]) =>
        [
          id,
          `HF${id}`,
          `"${name}"`,
          phone,
          `"${street}"`,
          "",
          city,
          state,
          zip,
          p.longitude + 0.001,
          p.latitude + 0.001,
          date,
          "621493",
        ].join(","),
      ),
    ].join("\r\n");
    const tmp = await tempDir();
    const hifld = join(tmp.dir, "hifld.csv");
    await writeFile(hifld, `${csv}\r\n`);
    clinics = (await load([await file(n.dir, "npidata_pfile_"), hifld])).clinics;
    await tmp.cleanup();
  });

  const byNpi = (npi: string) => clinics.find((c) => c.npi === npi) as ClinicRecord;

  test("the same address: one clinic, NPPES's name, phone and date, HIFLD's point, both credited", () => {
    const c = byNpi(samePlace.npi);
    expect(c.coordinates_source).toBe("source");
    expect(c.phone).toBe(phoneOf(samePlace.phone));
    expect(c.sources.map((s) => [s.name, s.fields])).toEqual([
      ["CMS NPPES", ["name", "address", "phone", "npi"]],
      ["HIFLD Urgent Care Facilities", ["coordinates"]],
    ]);
  });

  test("a second source raises the level: the registry entry alone is listed, with HIFLD's record confirmed", () => {
    for (const t of [samePlace, samePhone])
      expect(zipped.clinics.find((c) => c.npi === t.npi)?.evidence.level).toBe("listed");
    for (const t of [samePlace, samePhone]) {
      const c = byNpi(t.npi);
      expect(c.evidence.sources.map((s) => [s.type, s.name])).toEqual([
        ["registry", "CMS NPPES"],
        ["facility_list", "HIFLD Urgent Care Facilities"],
      ]);
      expect(c.evidence.against).toEqual([]);
      expect(c.evidence.level, c.name).toBe("confirmed");
    }
    const alone = clinics.find((x) => x.name === "Harborview Walk-In Clinic") as ClinicRecord;
    expect(alone.evidence.level).toBe("listed");
  });

  test("the same phone at a street in other words: one clinic, still placed at its ZIP (the old point is not its address)", () => {
    const c = byNpi(samePhone.npi);
    expect(c.sources.map((s) => s.name)).toEqual(["CMS NPPES", "HIFLD Urgent Care Facilities"]);
    expect(c.coordinates_source).toBe("zip_centroid");
  });

  test("a clinic only HIFLD lists stays, with its own (old) date", () => {
    const c = clinics.find((x) => x.name === "Harborview Walk-In Clinic") as ClinicRecord;
    expect(c.npi).toBeNull();
    expect(c.sources).toEqual([
      expect.objectContaining({ name: "HIFLD Urgent Care Facilities", date: "2009-01-20" }),
    ]);
    expect(c.coordinates_source).toBe("source");
  });
});
