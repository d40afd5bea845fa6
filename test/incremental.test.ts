// Incremental releases: a second release renders only what changed and carries the rest from the first, and its
// output is byte for byte what rendering every unit again gives (each unchanged one with the stamp it had); an
// unchanged clinic's document, page and compressed copies are the first release's files; what was carried says
// what a build from scratch of the same data says, apart from the stamp.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectClinics, fromRecords } from "../src/dataset/store.js";
import type { ClinicRecord, FlatDataset } from "../src/dataset/types.js";
import { publishRelease } from "../src/release/publish.js";
import { renderSite } from "../src/render/build.js";
import { parseTreeManifest, TREE_MANIFEST } from "../src/render/output/tree-manifest.js";
import { isUnitFile } from "../src/render/paths.js";
import type { ClinicDocument } from "../src/schema/clinic-document.js";
import { SAMPLE_BUILD, sampleRecords, tempDir } from "./helpers/sample-site.js";

const V0 = "2026-04-01";
const V1 = "2026-05-01";
const V2 = "2026-06-01";
const T0 = "2026-04-01T00:00:00Z";
const T1 = "2026-05-01T00:00:00Z";
const T2 = "2026-06-01T06:00:00Z";

/** Every file of a built folder: path → its bytes' SHA-256, read from disk and checked against files.tsv. */
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
  return out;
}

/** A page or document without what its stamp decides (meta, a clinic document's network counts, the footer). */
function withoutStamp(path: string, text: string): unknown {
  if (path.endsWith(".html")) return text.replace(/<footer class="footer">[\s\S]*<\/footer>/, "");
  const doc = JSON.parse(text) as Record<string, unknown>;
  delete doc.meta;
  const network = doc.network as Record<string, unknown> | null | undefined;
  if (path.startsWith("api/v1/clinic/") && network) {
    delete network.clinic_count;
    delete network.state_count;
    delete network.states;
  }
  return doc;
}

describe("an incremental release", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let first: FlatDataset;
  let second: FlatDataset;
  const incremental = () => join(tmp.dir, "a", "public");
  const everything = () => join(tmp.dir, "b", "public");
  const scratch = () => join(tmp.dir, "scratch");
  let unchanged: ClinicRecord;
  let renamed: ClinicRecord;
  let joined: ClinicRecord;
  let provenanceOnly: ClinicRecord;
  let units: { rendered: number; carried: number };
  let written: { incremental: number; everything: number };

  beforeAll(async () => {
    tmp = await tempDir();
    // Four states of the sample: 277 clinics in 13 cities, with members of several networks.
    const states = new Set(["IN", "UT", "VT", "WI"]);
    const all = sampleRecords();
    first = {
      ...all,
      clinics: all.clinics.filter((c) => states.has(c.state)),
      cities: all.cities.filter((c) => states.has(c.state)),
    };
    // A release before the first holds two more clinics: the first release keeps them as tombstones, which the
    // second carries or renders again like any unit.
    const gone = all.clinics
      .filter((c) => c.state === "UT")
      .slice(0, 2)
      .map((c) => ({ ...c, id: `${c.id.slice(0, -3)}gon` }));
    const before = { ...first, dataVersion: V0, clinics: [...first.clinics, ...gone] };
    await publishRelease(fromRecords(before), incremental(), { ...SAMPLE_BUILD, generatedAt: T0 });
    await publishRelease(fromRecords(first), incremental(), { ...SAMPLE_BUILD, generatedAt: T1 });

    // The second release's data: some clinics renamed, re-phoned, moved to another city, given new hours, joined to
    // a network (its other members' documents show the network's counts), removed, added; one changes only its
    // provenance (never published: it must not be rendered again).
    const clinics = first.clinics.map((c) => ({ ...c }));
    const networked = clinics.filter((c) => c.network !== null);
    const independent = clinics.filter((c) => c.network === null);
    const pick = (i: number) => clinics[i] as ClinicRecord;
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
    second = { ...first, dataVersion: V2, clinics: [...clinics.filter((c) => !removed.has(c.id)), ...added] };
    const touched = new Set([renamed.id, pick(40).id, pick(90).id, joined.id, mover.id, provenanceOnly.id]);
    unchanged = clinics.find(
      (c) => !touched.has(c.id) && !removed.has(c.id) && c.network === null,
    ) as ClinicRecord;

    // The same store twice: one releases incrementally, the other renders every unit again.
    execFileSync("cp", ["-a", join(tmp.dir, "a"), join(tmp.dir, "b")]);
    const result = await publishRelease(fromRecords(second), incremental(), {
      ...SAMPLE_BUILD,
      generatedAt: T2,
    });
    units = result.units;
    const full = await publishRelease(fromRecords(second), everything(), {
      ...SAMPLE_BUILD,
      generatedAt: T2,
      plan: "all",
    });
    written = { incremental: result.written.files, everything: full.written.files };
    // And the same data (with the ids the release kept) from scratch, into a plain folder.
    const kept = await collectClinics(result.plan.dataset.clinics);
    await renderSite(fromRecords({ ...second, clinics: kept }), scratch(), {
      ...SAMPLE_BUILD,
      generatedAt: T2,
    });
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it("is byte for byte the release that renders every unit again", () => {
    const a = filesOf(incremental());
    const b = filesOf(everything());
    expect([...a.keys()].filter((p) => !b.has(p))).toEqual([]);
    expect([...b.keys()].filter((p) => !a.has(p))).toEqual([]);
    const differ = [...a].filter(([path, sha]) => b.get(path) !== sha).map(([path]) => path);
    expect(differ).toEqual([]);
    expect(readFileSync(join(incremental(), TREE_MANIFEST))).toEqual(
      readFileSync(join(everything(), TREE_MANIFEST)),
    );
  });

  it("reuses the downloads' gzip pieces of unchanged rows; rendering every unit again deflates them all", () => {
    // The byte-for-byte check above compares the downloads too: there the .gz files come from pieces deflated anew.
    const pieces = (store: string, release: string) => {
      const dir = join(store, "..", ".public.releases", release, "state", "render", "download-pieces");
      return new Map(readdirSync(dir).map((n) => [n, statSync(join(dir, n)).ino]));
    };
    const linked = (store: string) => {
      const before = pieces(store, "0002-2026-05-01");
      const after = pieces(store, "0003-2026-06-01");
      return [[...after].filter(([n, ino]) => before.get(n) === ino).length, after.size];
    };
    const [reused, all] = linked(incremental());
    expect(reused).toBeGreaterThan(0);
    expect(reused).toBeLessThan(all as number);
    expect(linked(everything())[0]).toBe(0);
  });

  it("carries the tombstones of the release before when nothing near them changed", () => {
    const site = incremental();
    const before = join(site, "..", ".public.releases", "0002-2026-05-01", "site");
    const tombstones = readdirSync(join(site, "api/v1/clinic")).filter((f) => f.endsWith("gon.json"));
    expect(tombstones).toHaveLength(2);
    const carried = tombstones.filter(
      (f) => statSync(join(site, "api/v1/clinic", f)).ino === statSync(join(before, "api/v1/clinic", f)).ino,
    );
    expect(carried.length).toBeGreaterThan(0);
    for (const f of carried) {
      const doc = JSON.parse(readFileSync(join(site, "api/v1/clinic", f), "utf8")) as ClinicDocument;
      expect([doc.status, doc.removed_since, doc.meta.generated_at]).toEqual(["removed", V1, T1]);
    }
  });

  it("renders only the units whose content changed and carries the others", () => {
    // 299 clinics, their cities and states, the networks and the search shards; what changed is a handful of clinics,
    // their cities, states and networks, the shards holding their words, and the three new tombstones.
    expect(units.carried).toBeGreaterThan(units.rendered * 5);
    // What the build reports as written: new bytes, not the links to the release before.
    expect(written.incremental).toBeGreaterThan(0);
    expect(written.incremental).toBeLessThan(written.everything / 5);
    const site = incremental();
    const doc = `api/v1/clinic/${provenanceOnly.id}.json`;
    const before = join(site, "..", ".public.releases", "0002-2026-05-01", "site");
    expect(statSync(join(site, doc)).ino).toBe(statSync(join(before, doc)).ino);
  });

  it("keeps an unchanged clinic's document, pages and compressed copies as the first release's files", () => {
    const site = incremental();
    const before = join(site, "..", ".public.releases", "0002-2026-05-01", "site");
    const doc = readFileSync(join(site, `api/v1/clinic/${unchanged.id}.json`), "utf8");
    const page = (JSON.parse(doc) as ClinicDocument).clinic.url.replace(/^https?:\/\/[^/]+\//, "");
    for (const path of [`api/v1/clinic/${unchanged.id}.json`, `${page}index.html`, `es/${page}index.html`])
      for (const suffix of ["", ".gz"]) {
        expect(readFileSync(join(site, path + suffix)), path + suffix).toEqual(
          readFileSync(join(before, path + suffix)),
        );
        expect(statSync(join(site, path + suffix)).ino, path + suffix).toBe(
          statSync(join(before, path + suffix)).ino,
        );
      }
    expect(existsSync(join(site, `api/v1/clinic/${unchanged.id}.json.br`))).toBe(false);
    const meta = (JSON.parse(doc) as ClinicDocument).meta;
    expect([meta.data_version, meta.generated_at]).toEqual([V0, T0]); // unchanged since the release before the first
    const changed = JSON.parse(
      readFileSync(join(site, `api/v1/clinic/${renamed.id}.json`), "utf8"),
    ) as ClinicDocument;
    expect([changed.meta.data_version, changed.meta.generated_at]).toEqual([V2, T2]);
    expect(changed.clinic.name).toBe(renamed.name);
    const index = JSON.parse(readFileSync(join(site, "api/v1/index.json"), "utf8")) as {
      meta: { generated_at: string };
    };
    expect(index.meta.generated_at).toBe(T2);
  });

  it("a clinic that joined a network changes that network's documents, not its other members' documents", () => {
    const site = incremental();
    const doc = JSON.parse(
      readFileSync(join(site, `api/v1/clinic/${joined.id}.json`), "utf8"),
    ) as ClinicDocument;
    const network = JSON.parse(readFileSync(join(site, `api/v1${doc.network?.path}`), "utf8")) as {
      network: { clinic_count: number };
      meta: { generated_at: string };
    };
    expect(doc.network?.clinic_count).toBe(network.network.clinic_count);
    expect(network.meta.generated_at).toBe(T2);
    const other = second.clinics.find(
      (c) => c.network === joined.network && c.id !== joined.id,
    ) as ClinicRecord;
    const old = JSON.parse(
      readFileSync(join(site, `api/v1/clinic/${other.id}.json`), "utf8"),
    ) as ClinicDocument;
    // Carried as it was: the network's counts of the release that last rendered it.
    const before = join(site, "..", ".public.releases", "0002-2026-05-01", "site");
    const path = `api/v1/clinic/${other.id}.json`;
    expect(statSync(join(site, path)).ino).toBe(statSync(join(before, path)).ino);
    expect(old.meta.generated_at).not.toBe(T2);
    expect(old.network?.clinic_count).not.toBe(network.network.clinic_count);
  });

  it("says what a build from scratch of the same data says, apart from the stamp", () => {
    const a = filesOf(incremental());
    const c = filesOf(scratch());
    const units = [...c.keys()].filter((p) => isUnitFile(p) && !/\.(br|gz)$/.test(p));
    expect(units.length).toBeGreaterThan(900);
    const differ: string[] = [];
    for (const path of units) {
      const ours = withoutStamp(path, readFileSync(join(incremental(), path), "utf8"));
      const theirs = withoutStamp(path, readFileSync(join(scratch(), path), "utf8"));
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) differ.push(path);
    }
    expect(differ).toEqual([]);
    expect(units.filter((p) => !a.has(p))).toEqual([]);
  });
});
