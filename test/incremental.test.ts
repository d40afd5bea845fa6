// Incremental releases: a chain of five releases into one store, each rendering only what changed; from the third
// on, the store recycles the older of its two trees into the new release. Every release's folder is exactly its files.tsv (no
// file left over, none missing, every byte as listed); the last one is byte for byte what rendering every unit
// again gives (each unchanged one with the stamp it had), and says what a build from scratch of the same data says,
// apart from the stamps; an unchanged clinic's files are the same files as the release before's.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectClinics, fromRecords } from "../src/dataset/store.js";
import type { ClinicRecord, FlatDataset } from "../src/dataset/types.js";
import { type PublishResult, publishRelease } from "../src/release/publish.js";
import { renderSite } from "../src/render/build.js";
import { isUnitFile } from "../src/render/units/registry.js";
import type { ClinicDocument } from "../src/schema/clinic-document.js";
import { parseTreeManifest, TREE_MANIFEST } from "../src/tree/manifest.js";
import { SAMPLE_BUILD, sampleRecords, tempDir } from "./helpers/sample-site.js";

const VERSIONS = ["2026-04-01", "2026-05-01", "2026-06-01", "2026-07-01", "2026-08-01"] as const;
const at = (i: number) => `${VERSIONS[i]}T06:00:00Z`;

/**
 * Every file of a release folder: path → its bytes' SHA-256, read from disk and checked against files.tsv; and
 * nothing on disk that files.tsv does not list (a recycled tree must not keep a file of an older release).
 */
function filesOf(dir: string): Map<string, string> {
  const listed = parseTreeManifest(readFileSync(join(dir, TREE_MANIFEST), "utf8"));
  const out = new Map<string, string>();
  const wrong: string[] = [];
  for (const f of listed) {
    const sha = createHash("sha256")
      .update(readFileSync(join(dir, f.path)))
      .digest("hex");
    if (sha !== f.sha256) wrong.push(f.path);
    out.set(f.path, sha);
  }
  expect(wrong, `${dir}: files whose bytes are not what files.tsv says`).toEqual([]);
  const onDisk: string[] = [];
  const folders: string[] = [];
  const walk = (d: string) => {
    const entries = readdirSync(d, { withFileTypes: true });
    if (entries.length === 0) folders.push(relative(dir, d));
    for (const e of entries)
      if (e.isDirectory()) walk(join(d, e.name));
      else onDisk.push(relative(dir, join(d, e.name)));
  };
  walk(dir);
  expect(
    onDisk.filter((p) => p !== TREE_MANIFEST && !out.has(p)),
    `${dir}: files on disk that files.tsv does not list`,
  ).toEqual([]);
  expect(folders, `${dir}: empty folders`).toEqual([]);
  return out;
}

/** A page or document without what its stamp decides (meta, a clinic document's network counts, the footer). */
function withoutStamp(path: string, text: string): unknown {
  if (path.endsWith(".html")) return text.replace(/<footer class="footer">[\s\S]*<\/footer>/, "");
  if (path.endsWith(".xml")) return text;
  const doc = JSON.parse(text) as Record<string, unknown>;
  delete doc.meta; // a FHIR resource's meta holds its lastUpdated too
  delete doc.last_modified; // an HSDS service's
  const network = doc.network as Record<string, unknown> | null | undefined;
  if (path.startsWith("api/v1/clinic/") && network) {
    delete network.clinic_count;
    delete network.state_count;
    delete network.states;
  }
  return doc;
}

describe("a chain of incremental releases", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  const store = () => join(tmp.dir, "a", "public");
  const everything = () => join(tmp.dir, "b", "public");
  const scratch = () => join(tmp.dir, "scratch");
  const releases: PublishResult[] = [];
  /** Each release's folder checked against its files.tsv as it was published (before the next recycles any). */
  const trees: Map<string, string>[] = [];
  let data: FlatDataset[] = [];
  let unchanged: ClinicRecord;
  let renamed: ClinicRecord;
  let joined: ClinicRecord;
  let provenanceOnly: ClinicRecord;
  let full: PublishResult;

  beforeAll(async () => {
    tmp = await tempDir();
    // Four states of the sample: 277 clinics in 13 cities, with members of several networks.
    const states = new Set(["IN", "UT", "VT", "WI"]);
    const all = sampleRecords();
    const first: FlatDataset = {
      ...all,
      clinics: all.clinics.filter((c) => states.has(c.state)),
      cities: all.cities.filter((c) => states.has(c.state)),
    };
    // The first release holds two more clinics: the next keeps them as tombstones, which later releases carry or
    // render again like any unit.
    const gone = all.clinics
      .filter((c) => c.state === "UT")
      .slice(0, 2)
      .map((c) => ({ ...c, id: `${c.id.slice(0, -3)}gon` }));
    const clinics = first.clinics.map((c) => ({ ...c }));
    const networked = clinics.filter((c) => c.network !== null);
    const independent = clinics.filter((c) => c.network === null);
    const pick = (i: number) => clinics[i] as ClinicRecord;
    // The third release's data: some clinics renamed, re-phoned, moved to another city, given new hours, joined to
    // a network (its other members' documents show the network's counts), removed, added; one changes only its
    // provenance (never published: it must not be rendered again).
    renamed = pick(7);
    renamed.name = `${renamed.name} Express`;
    pick(40).phone = "(802) 555-0142";
    pick(90).hours = null;
    provenanceOnly = pick(120);
    provenanceOnly.provenance = ["edited.csv:7"];
    joined = independent[5] as ClinicRecord;
    joined.network = (networked[0] as ClinicRecord).network;
    const mover = pick(200);
    const other = first.cities.find((c) => c.state === mover.state && c.slug !== mover.city_slug);
    if (other) Object.assign(mover, { city: other.name, city_slug: other.slug });
    const removed = new Set([pick(11).id, pick(150).id, pick(260).id]);
    const added = [pick(30), pick(31)].map((c, i) => ({
      ...c,
      id: `added${i}x9q`,
      name: `Newly Opened Walk-In ${i + 1}`,
      phone: `(555) 555-010${i}`,
      latitude: (c.latitude ?? 0) + 0.01,
      source_ids: [],
    }));
    const third = [...clinics.filter((c) => !removed.has(c.id)), ...added];
    // The fourth: a clinic of the third release renamed, one removed (its city keeps others), one added.
    const fourth = third.map((c) => (c.id === pick(60).id ? { ...c, name: `${c.name} North` } : c));
    fourth.splice(fourth.indexOf(fourth.find((c) => c.id === pick(100).id) as ClinicRecord), 1);
    fourth.push({ ...pick(70), id: "added2x9q", name: "Newly Opened Walk-In 3", phone: "(555) 555-0102" });
    // The fifth: a removed clinic comes back (it keeps its id), and one more is re-phoned.
    const fifth = [...fourth.map((c) => (c.id === pick(80).id ? { ...c, phone: "(802) 555-0199" } : c))];
    fifth.push(pick(150));
    data = [
      { ...first, dataVersion: VERSIONS[0], clinics: [...first.clinics, ...gone] },
      first,
      { ...first, dataVersion: VERSIONS[2], clinics: third },
      { ...first, dataVersion: VERSIONS[3], clinics: fourth },
      { ...first, dataVersion: VERSIONS[4], clinics: fifth },
    ].map((d, i) => ({ ...d, dataVersion: VERSIONS[i] as string }));
    const touched = new Set([
      renamed.id,
      pick(40).id,
      pick(90).id,
      joined.id,
      mover.id,
      provenanceOnly.id,
      pick(60).id,
      pick(80).id,
    ]);
    unchanged = clinics.find(
      (c) => !touched.has(c.id) && !removed.has(c.id) && c.id !== pick(100).id && c.network === null,
    ) as ClinicRecord;

    for (const [i, d] of data.entries()) {
      // Before the last release, the same store is copied: the copy renders every unit of that release again.
      if (i === data.length - 1) execFileSync("cp", ["-a", join(tmp.dir, "a"), join(tmp.dir, "b")]);
      const result = await publishRelease(fromRecords(d), store(), { ...SAMPLE_BUILD, generatedAt: at(i) });
      releases.push(result);
      trees.push(filesOf(store()));
    }
    full = await publishRelease(fromRecords(data[4] as FlatDataset), everything(), {
      ...SAMPLE_BUILD,
      generatedAt: at(4),
      mode: "all",
    });
    // And the last release's data (with the ids the release kept) from scratch, into a plain folder, with the same
    // tombstones.
    const last = releases[4] as PublishResult;
    const kept = await collectClinics(last.comparison.dataset.clinics);
    await renderSite(fromRecords({ ...(data[4] as FlatDataset), clinics: kept }), scratch(), {
      ...SAMPLE_BUILD,
      generatedAt: at(4),
      release: {
        history: [],
        keep: 1,
        previousVersion: null,
        changes: null,
        tombstones: last.comparison.tombstones,
      },
    });
  }, 180_000);
  afterAll(() => tmp.cleanup());

  it("recycles the older kept tree from the third release on, and every folder is exactly its files.tsv", () => {
    expect(releases.map((r) => r.recycled)).toEqual([
      null,
      null,
      "0001-2026-04-01",
      "0002-2026-05-01",
      "0003-2026-06-01",
    ]);
    // filesOf checked each release's folder as it was published; the store keeps two.
    expect(readdirSync(join(store(), "..", ".public.releases")).sort()).toEqual([
      "0004-2026-07-01",
      "0005-2026-08-01",
    ]);
    expect(trees.every((t) => t.size > 1000)).toBe(true);
    // Only the current release keeps its base's bookkeeping (what a rebuild of its data version compares against);
    // the one before dropped the bookkeeping of the release before it, which nothing else held any more.
    const state = (id: string) =>
      readdirSync(join(store(), "..", ".public.releases", id, "bookkeeping")).sort();
    expect(state("0005-2026-08-01")).toContain("base");
    expect(state("0004-2026-07-01")).not.toContain("base");
    expect(state("0004-2026-07-01")).toEqual(state("0005-2026-08-01").filter((n) => n !== "base"));
  });

  it("is byte for byte the release that renders every unit again", () => {
    const a = filesOf(store());
    const b = filesOf(everything());
    expect([...a.keys()].filter((p) => !b.has(p))).toEqual([]);
    expect([...b.keys()].filter((p) => !a.has(p))).toEqual([]);
    const differ = [...a].filter(([path, sha]) => b.get(path) !== sha).map(([path]) => path);
    expect(differ).toEqual([]);
    expect(readFileSync(join(store(), TREE_MANIFEST))).toEqual(
      readFileSync(join(everything(), TREE_MANIFEST)),
    );
  });

  it("says what a build from scratch of the same data says, apart from the stamps", () => {
    const a = filesOf(store());
    const c = filesOf(scratch());
    const units = (m: Map<string, string>) => [...m.keys()].filter((p) => isUnitFile(p)).sort();
    expect(units(c).length).toBeGreaterThan(900);
    expect(units(a)).toEqual(units(c));
    const differ: string[] = [];
    for (const path of units(c).filter((p) => !/\.(br|gz)$/.test(p))) {
      const ours = withoutStamp(path, readFileSync(join(store(), path), "utf8"));
      const theirs = withoutStamp(path, readFileSync(join(scratch(), path), "utf8"));
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) differ.push(path);
    }
    expect(differ).toEqual([]);
  });

  it("renders only the units whose content changed and writes only what changed", () => {
    const last = releases[4] as PublishResult;
    expect(last.units.carried).toBeGreaterThan(last.units.rendered * 5);
    expect(last.written.files).toBeGreaterThan(0);
    expect(last.written.files).toBeLessThan(last.files / 10);
    // What the release changed, as its delta lists it: a small part of the tree.
    expect(last.changed).toBeLessThan(last.files / 5);
  });

  it("a release that renders every unit again writes only the files whose bytes changed, and keeps the others", () => {
    expect(full.units.carried).toBe(0);
    // The same files as the release that rendered only what changed: every other body was the previous file's.
    expect(full.written.files).toBe((releases[4] as PublishResult).written.files);
    expect(full.changed).toBe((releases[4] as PublishResult).changed);
    const before = join(everything(), "..", ".public.releases", "0004-2026-07-01", "site");
    const path = `api/v1/clinic/${unchanged.id}.json`;
    expect(statSync(join(everything(), path)).ino).toBe(statSync(join(before, path)).ino);
  });

  it("keeps an unchanged clinic's document and pages as the same files as the release before's, with no compressed copies", () => {
    const site = store();
    const before = join(site, "..", ".public.releases", "0004-2026-07-01", "site");
    const doc = readFileSync(join(site, `api/v1/clinic/${unchanged.id}.json`), "utf8");
    const page = (JSON.parse(doc) as ClinicDocument).clinic.url.replace(/^https?:\/\/[^/]+\//, "");
    for (const path of [`api/v1/clinic/${unchanged.id}.json`, page, `es/${page}`]) {
      expect(readFileSync(join(site, path)), path).toEqual(readFileSync(join(before, path)));
      expect(statSync(join(site, path)).ino, path).toBe(statSync(join(before, path)).ino);
      const listed = trees[4] as Map<string, string>;
      expect([listed.has(`${path}.gz`), listed.has(`${path}.br`)], path).toEqual([false, false]);
    }
    const meta = (JSON.parse(doc) as ClinicDocument).meta;
    // Unchanged since the first release: its document says so.
    expect([meta.data_version, meta.generated_at]).toEqual([VERSIONS[0], at(0)]);
    const changed = JSON.parse(
      readFileSync(join(site, `api/v1/clinic/${renamed.id}.json`), "utf8"),
    ) as ClinicDocument;
    expect([changed.meta.data_version, changed.meta.generated_at]).toEqual([VERSIONS[2], at(2)]);
    expect(changed.clinic.name).toBe(renamed.name);
    const index = JSON.parse(readFileSync(join(site, "api/v1/index.json"), "utf8")) as {
      meta: { generated_at: string };
    };
    expect(index.meta.generated_at).toBe(at(4));
  });

  it("carries the tombstones when nothing near them changed", () => {
    const site = store();
    const tombstones = readdirSync(join(site, "api/v1/clinic")).filter((f) => f.endsWith("gon.json"));
    expect(tombstones).toHaveLength(2);
    for (const f of tombstones) {
      const doc = JSON.parse(readFileSync(join(site, "api/v1/clinic", f), "utf8")) as ClinicDocument;
      expect([doc.status, doc.removed_since]).toEqual(["removed", VERSIONS[1]]);
    }
    expect(
      tombstones.some((f) => {
        const doc = JSON.parse(readFileSync(join(site, "api/v1/clinic", f), "utf8")) as ClinicDocument;
        return doc.meta.generated_at === at(1);
      }),
    ).toBe(true);
  });

  it("a clinic that joined a network changes that network's documents, not its other members' documents", () => {
    const site = store();
    const doc = JSON.parse(
      readFileSync(join(site, `api/v1/clinic/${joined.id}.json`), "utf8"),
    ) as ClinicDocument;
    const network = JSON.parse(readFileSync(join(site, `api/v1${doc.network?.path}`), "utf8")) as {
      network: { clinic_count: number };
      meta: { generated_at: string };
    };
    expect(doc.network?.clinic_count).toBe(network.network.clinic_count);
    const other = (data[2] as FlatDataset).clinics.find(
      (c) => c.network === joined.network && c.id !== joined.id,
    ) as ClinicRecord;
    const old = JSON.parse(
      readFileSync(join(site, `api/v1/clinic/${other.id}.json`), "utf8"),
    ) as ClinicDocument;
    // Carried as it was: the network's counts of the release that last rendered it.
    expect(old.meta.generated_at).toBe(at(0));
    expect(old.network?.clinic_count).not.toBe(network.network.clinic_count);
  });

  it("lists a clinic that came back under its old id, and its tombstone is gone", () => {
    const back = (data[4] as FlatDataset).clinics.at(-1) as ClinicRecord;
    const doc = JSON.parse(
      readFileSync(join(store(), `api/v1/clinic/${back.id}.json`), "utf8"),
    ) as ClinicDocument;
    expect([doc.status, doc.clinic.name]).toEqual(["listed", back.name]);
  });

  it("a build that fails in its recycled tree leaves the published release as it was, and the next builds from scratch", async () => {
    // The last state fails to load when the render reads it (the release's matching read it once before): most of
    // the release's files are written by then.
    const dataset = fromRecords({ ...(data[4] as FlatDataset), dataVersion: "2026-09-01" });
    let loads = 0;
    const failing = {
      ...dataset,
      clinics: {
        ...dataset.clinics,
        load: async (state: string) => {
          if (state === "WI" && ++loads === 2)
            throw new Error("a state that fails after the others were written");
          return dataset.clinics.load(state);
        },
      },
    };
    const before = filesOf(store());
    await expect(
      publishRelease(failing, store(), { ...SAMPLE_BUILD, generatedAt: "2026-09-01T06:00:00Z" }),
    ).rejects.toThrow(/fails after the others/);
    expect(filesOf(store())).toEqual(before);
    // The tree it recycled is gone with it; one folder is left, so the next release starts an empty tree.
    const folders = readdirSync(join(store(), "..", ".public.releases")).sort();
    expect(folders).toEqual(["0005-2026-08-01"]);
    const next = await publishRelease(
      fromRecords({ ...(data[4] as FlatDataset), dataVersion: "2026-09-01" }),
      store(),
      { ...SAMPLE_BUILD, generatedAt: "2026-09-01T06:00:00Z" },
    );
    expect(next.recycled).toBeNull();
    filesOf(store());
  });

  it("a new version of the program renders every unit again, keeps the stamps of unchanged ones, and writes only what changed", async () => {
    // The current release as another version of the program left it: its render.json names another program.
    const state = join(realpathSync(store()), "..", "bookkeeping", "render", "render.json");
    const info = JSON.parse(readFileSync(state, "utf8")) as { fingerprint: string; content: string };
    expect(info.content).toMatch(/^[0-9a-f]{32}$/);
    writeFileSync(state, JSON.stringify({ ...info, fingerprint: "0".repeat(32) }));
    const before = realpathSync(store());
    const next = await publishRelease(
      fromRecords({ ...(data[4] as FlatDataset), dataVersion: "2026-10-01" }),
      store(),
      { ...SAMPLE_BUILD, generatedAt: "2026-10-01T06:00:00Z" },
    );
    expect(next.units.carried).toBe(0);
    expect(next.written.files).toBeLessThan(next.files / 10);
    const path = `api/v1/clinic/${unchanged.id}.json`;
    const doc = JSON.parse(readFileSync(join(store(), path), "utf8")) as ClinicDocument;
    expect([doc.meta.data_version, doc.meta.generated_at]).toEqual([VERSIONS[0], at(0)]);
    expect(statSync(join(store(), path)).ino).toBe(statSync(join(before, path)).ino);
    filesOf(store());
  });

  it("after a release that changed most files, the next starts an empty tree instead of recycling a stale one", async () => {
    // A new site address changes every page and document: the tree before is stale almost everywhere (recycling
    // it would remove and link nearly every file).
    const moved = { ...SAMPLE_BUILD, siteUrl: "https://moved.example.org" };
    const data5 = fromRecords({ ...(data[4] as FlatDataset), dataVersion: "2026-09-01" });
    const changed = await publishRelease(data5, everything(), {
      ...moved,
      generatedAt: "2026-09-01T06:00:00Z",
    });
    expect(changed.changed).toBeGreaterThan(changed.files / 4);
    const next = await publishRelease(
      fromRecords({ ...(data[4] as FlatDataset), dataVersion: "2026-10-01" }),
      everything(),
      { ...moved, generatedAt: "2026-10-01T06:00:00Z" },
    );
    expect(next.recycled).toBeNull();
    expect(next.units.carried).toBeGreaterThan(next.units.rendered * 5);
    filesOf(everything());
    expect(readdirSync(join(everything(), "..", ".public.releases")).sort()).toEqual([
      "0006-2026-09-01",
      "0007-2026-10-01",
    ]);
  });
});
