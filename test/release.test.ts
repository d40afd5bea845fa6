// Releases: a second release built from an edited export of the first keeps ids, lists exactly what changed,
// keeps the first release's dated downloads, and keeps removed clinics' links alive.
import { readdirSync } from "node:fs";
import { lstat, readFile, readlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { UrgentCareClient } from "@urgent-care-directory/sdk";
import { startServer } from "@urgent-care-directory/server";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectClinics, fromRecords } from "../src/dataset/store.js";
import type { ClinicRecord, Dataset } from "../src/dataset/types.js";
import { importFiles } from "../src/ingest/import.js";
import { publishRelease } from "../src/release/publish.js";
import { csvField } from "../src/render/downloads/csv.js";
import { BuildError } from "../src/render/validate.js";
import type { ClinicDocument } from "../src/schema/clinic-document.js";
import type { ChangesDocument, ReleasesList } from "../src/schema/releases.js";
import { API_BUILD, SAMPLE_BUILD, SITE_URL, smallRecords, tempDir } from "./helpers/sample-site.js";
import { manifestOf, readJson } from "./helpers/tree.js";

const V1 = "2026-05-01";
const V2 = "2026-06-01";

/** Rows of a CSV download, as objects keyed by the header. */
function readCsv(text: string): Record<string, string>[] {
  return parse(text, { columns: true, bom: true }) as Record<string, string>[];
}

function writeCsv(rows: Record<string, string>[], columns: string[]): string {
  const cell = (v: string | undefined) => csvField(v === undefined || v === "" ? null : v);
  return `${[columns.join(","), ...rows.map((r) => columns.map((c) => cell(r[c])).join(","))].join("\r\n")}\r\n`;
}

describe("a second release from an edited export of the first", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let first: ClinicRecord[];
  let second: ClinicRecord[];
  let changes: ChangesDocument;
  const edits = {
    removed: [] as string[],
    renamed: [] as string[],
    rephoned: [] as string[],
    added: [] as string[],
  };

  beforeAll(async () => {
    tmp = await tempDir();
    out = join(tmp.dir, "public");
    await publishRelease(fromRecords(smallRecords()), out, SAMPLE_BUILD);
    first = await collectClinics(fromRecords(smallRecords()).clinics);

    // The first release's CSV download, edited the way a new source would differ: no ids at all, three clinics
    // gone, two renamed, two with a new phone, two new ones.
    const text = await readFile(join(out, `downloads/urgent-care-clinics-${V1}.csv`), "utf8");
    const columns = text.slice(0, text.indexOf("\r\n")).split(",");
    const rows = readCsv(text);
    const located = rows.filter((r) => r.coordinates !== "" && r.phone !== "");
    const [r1, r2, r3, n1, n2, p1, p2, t1, t2] = located.filter((_, i) => i % 5 === 0) as Record<
      string,
      string
    >[];
    const gone = new Set([r1, r2, r3]);
    edits.removed = [r1, r2, r3].map((r) => (r as Record<string, string>).id as string);
    edits.renamed = [n1, n2].map((r) => (r as Record<string, string>).id as string);
    edits.rephoned = [p1, p2].map((r) => (r as Record<string, string>).id as string);
    const edited = rows
      .filter((r) => !gone.has(r))
      .map((r) => {
        if (r === n1 || r === n2) return { ...r, name: `${r.name} (renamed)` };
        if (r === p1) return { ...r, phone: "(802) 555-0188" };
        if (r === p2) return { ...r, phone: "(401) 555-0177" };
        return r;
      });
    const added = [t1, t2].map((r, i) => ({
      ...(r as Record<string, string>),
      name: `Newly Opened Walk-In Clinic ${i + 1}`,
      street: `${100 + i} Fresh Start Ave`,
      address: `${100 + i} Fresh Start Ave, ${(r as Record<string, string>).city_name}, ${(r as Record<string, string>).state_code}`,
      latitude: "",
      longitude: "",
      coordinates: "",
      phone: "",
    }));
    edits.added = added.map((r) => r.name);
    const withoutIds = [...edited, ...added].map((r) => ({ ...r, id: "" }));
    const csv = join(tmp.dir, "edited.csv");
    await writeFile(csv, writeCsv(withoutIds, columns));

    const { dataset, log } = await importFiles({ inputs: [csv], dataVersion: V2, tmpDir: tmp.dir });
    if (!dataset)
      throw new Error(`the edited export did not import: ${JSON.stringify(log.problems.slice(0, 3))}`);
    const published = await publishRelease(dataset, out, SAMPLE_BUILD);
    second = await collectClinics(published.comparison.dataset.clinics); // with the ids kept from the first release
    changes = await readJson<ChangesDocument>(out, `api/v1/changes/${V2}.json`);
  });
  afterAll(() => tmp.cleanup());

  it("lists exactly the clinics added, removed and changed", () => {
    expect(changes.previous_version).toBe(V1);
    expect(changes.removed.map((c) => c.id).sort()).toEqual([...edits.removed].sort());
    expect(changes.added.map((c) => c.name).sort()).toEqual([...edits.added].sort());
    expect(changes.changed.map((c) => c.id).sort()).toEqual([...edits.renamed, ...edits.rephoned].sort());
    for (const c of changes.changed) {
      const fields = c.fields.map((f) => f.field);
      expect(fields, c.id).toEqual(edits.renamed.includes(c.id) ? ["name"] : ["phone"]);
    }
    expect(changes.counts).toEqual({ added: 2, removed: 3, changed: 4 });
  });

  it("renamed and re-phoned clinics keep their ids; only new clinics get new ids", async () => {
    const published = await readJson<{ clinics: { id: string; name: string }[] }>(
      out,
      "api/v1/clinics/vermont/burlington.json",
    );
    const ids = new Set(first.map((c) => c.id));
    const listed = (await manifestOf(out)).size;
    expect(listed).toBeGreaterThan(0);
    expect(published.clinics.every((c) => ids.has(c.id) || edits.added.includes(c.name))).toBe(true);
    const changedIds = changes.changed.map((c) => c.id);
    for (const id of [...edits.renamed, ...edits.rephoned]) expect(changedIds).toContain(id);
    expect(second.length).toBe(first.length - 3 + 2);
  });

  it("keeps the first release's dated Parquet file (its text formats go) and lists both releases", async () => {
    const files = await manifestOf(out);
    for (const ext of ["csv", "json", "ndjson", "parquet", "geojson"])
      expect(files.has(`downloads/urgent-care-clinics-${V2}.${ext}`), ext).toBe(true);
    expect(files.has(`downloads/urgent-care-clinics-${V1}.parquet`)).toBe(true);
    for (const ext of ["csv", "csv.gz", "json", "json.gz", "ndjson", "ndjson.gz", "geojson", "geojson.gz"])
      expect(files.has(`downloads/urgent-care-clinics-${V1}.${ext}`), ext).toBe(false);
    const releases = await readJson<ReleasesList>(out, "api/v1/releases.json");
    expect(releases.releases.map((r) => [r.data_version, r.current])).toEqual([
      [V2, true],
      [V1, false],
    ]);
    // Each release lists the files it has on the site: every format for the current one, Parquet for the other.
    expect(releases.releases.map((r) => r.downloads.map((d) => d.format))).toEqual([
      ["csv", "json", "ndjson", "parquet", "geojson"],
      ["parquet"],
    ]);
    for (const r of releases.releases)
      for (const d of r.downloads) expect(files.get(`downloads/${d.name}`), d.name).toBe(d.sha256);
    expect(releases.releases[0]).toMatchObject({ added: 2, removed: 3, changed: 4, previous_version: V1 });
    expect(await readFile(join(out, "releases.atom"), "utf8")).toContain(`<title>Data release ${V2}`);
  });

  it("keeps a removed clinic's page and document at their old addresses, saying since when, with clinics nearby", async () => {
    const gone = first.find((c) => c.id === edits.removed[0]) as ClinicRecord;
    const state = gone.state === "VT" ? "vermont" : gone.state === "RI" ? "rhode-island" : "delaware";
    const doc = await readJson<ClinicDocument>(out, `api/v1/clinic/${gone.id}.json`);
    expect(doc).toMatchObject({ status: "removed", removed_since: V2, last_listed: V1, id: gone.id });
    expect(doc.clinic.name).toBe(gone.name);
    expect(doc.nearby.length).toBeGreaterThan(0);
    const listed = new Set(second.map((c) => c.id));
    for (const n of doc.nearby) expect(listed.has(n.id), n.id).toBe(true);
    const old = changes.removed.find((c) => c.id === gone.id);
    expect(old?.url).toBe(`${SITE_URL}/clinics/${state}/${gone.city_slug}/${gone.id}.html`);
    const page = await readFile(join(out, `clinics/${state}/${gone.city_slug}/${gone.id}.html`), "utf8");
    expect(page).toContain(`No longer listed since ${V2}.`);
    expect(page).toContain('<meta name="robots" content="noindex">');
    for (const n of doc.nearby) expect(page).toContain(new URL(n.url).pathname);
    const sitemaps = (await manifestOf(out)).keys();
    for (const file of [...sitemaps].filter((p) => /^sitemaps\/.*\.xml$/.test(p)))
      expect(await readFile(join(out, file), "utf8"), file).not.toContain(gone.id);
    // A listed clinic's document says so.
    const kept = await readJson<ClinicDocument>(out, `api/v1/clinic/${edits.renamed[0]}.json`);
    expect(kept).toMatchObject({ status: "listed", removed_since: null, nearby: [] });
  });

  it("the SDK lists the releases and gives the changes since the one a client holds", async () => {
    const server = await startServer({ dir: out, port: 0 });
    try {
      const client = new UrgentCareClient({ baseUrl: `${server.url}/api/v1` });
      const { releases } = await client.releases();
      expect(releases.map((r) => r.data_version)).toEqual([V2, V1]);
      const since = await client.changes(V1);
      expect(since.map((c) => c.data_version)).toEqual([V2]);
      expect(since[0]?.counts).toEqual(changes.counts);
      expect(await client.changes(V2)).toEqual([]);
      await expect(client.changes("2026-01-01")).rejects.toThrow(/not all kept/);
    } finally {
      await server.close();
    }
  });

  it("published by one symlink switch; the previous release folder stays for readers still on it", async () => {
    expect((await lstat(out)).isSymbolicLink()).toBe(true);
    expect(await readlink(out)).toMatch(/^\.public\.releases\/0002-2026-06-01\/site$/);
  });

  it("refuses a release that would remove more than 10% of the clinics, naming the states that shrank", async () => {
    const records = await collectClinics(fromRecords(smallRecords()).clinics);
    const shrunk: Dataset = fromRecords({
      ...smallRecords(),
      dataVersion: "2026-07-01",
      clinics: records.filter((c) => c.state !== "VT"),
    });
    const error = await publishRelease(shrunk, out, SAMPLE_BUILD).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(String(error)).toMatch(/would remove \d+ of the previous release's \d+ clinics/);
    expect(String(error)).toMatch(/Vermont: \d+ → 0 clinics/);
    expect(await readlink(out)).toMatch(/0002-2026-06-01/);
    const allowed = await publishRelease(shrunk, out, { ...SAMPLE_BUILD, allowShrink: true });
    expect(allowed.comparison.changes?.removed.length).toBeGreaterThan(0);
  });
});

describe("rebuilding the published data version", () => {
  it("is compared against the release before it every time, while only the current folder keeps that base", async () => {
    const tmp = await tempDir();
    try {
      const out = join(tmp.dir, "public");
      // One state of the small data set: what is compared is the same whatever the size.
      const small = smallRecords();
      const one = (small.clinics[0] as ClinicRecord).state;
      const all = {
        ...small,
        clinics: small.clinics.filter((c) => c.state === one),
        cities: small.cities.filter((c) => c.state === one),
      };
      const [added] = all.clinics as [ClinicRecord];
      const v1 = fromRecords({ ...all, dataVersion: V1, clinics: all.clinics.slice(1) });
      await publishRelease(v1, out, API_BUILD);
      const state = (id: string) => readdirSync(join(tmp.dir, ".public.releases", id, "bookkeeping"));
      // The release of V2, then V2 built again twice (`npm start` again): each replaces the one before and says
      // what changed since V1, never "nothing" against itself.
      for (const [i, id] of ["0002", "0003", "0004"].entries()) {
        const published = await publishRelease(fromRecords({ ...all, dataVersion: V2 }), out, API_BUILD);
        expect(published.comparison.base?.dataVersion, `build ${i + 1} of ${V2}`).toBe(V1);
        expect(published.comparison.changes?.added.map((c) => c.id)).toEqual([added.id]);
        expect(await readlink(out)).toBe(`.public.releases/${id}-${V2}/site`);
        const folders = readdirSync(join(tmp.dir, ".public.releases"))
          .filter((n) => /^\d{4}-/.test(n))
          .sort();
        expect(folders.map((f) => state(f).includes("base"))).toEqual(folders.map((f) => f.startsWith(id)));
      }
    } finally {
      await tmp.cleanup();
    }
  });
});
