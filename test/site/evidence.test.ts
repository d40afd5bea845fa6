// A build of the NPI registry's urgent-care organisations (the generated bundle): every published clinic carries
// its evidence in its JSON document, the downloads and its pages; lists mark the clinics one source lists; no page
// calls a registry's date a confirmation; /about/ explains the levels.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectClinics, fromRecords } from "../../src/dataset/store.js";
import type { ClinicRecord, Dataset } from "../../src/dataset/types.js";
import { stateByCode } from "../../src/geo/states.js";
import { importFiles } from "../../src/ingest/import.js";
import { renderSite } from "../../src/render/build.js";
import { createContext } from "../../src/render/context.js";
import { evidenceHint, howWeKnow } from "../../src/render/site/evidence.js";
import { type SiteContext, siteContexts } from "../../src/render/site/site.js";
import type { ClinicDocument } from "../../src/schema/clinic-document.js";
import type { ClinicsByCity } from "../../src/schema/documents.js";
import type { Stats } from "../../src/schema/stats.js";
import { nppesBundle } from "../helpers/nppes.js";
import { SAMPLE_BUILD, smallRecords, tempDir } from "../helpers/sample-site.js";

let n: Awaited<ReturnType<typeof nppesBundle>>;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let clinics: ClinicRecord[];
const read = (path: string) => readFile(join(out, path), "utf8");
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ");

async function htmlPages(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await htmlPages(dir, path)));
    else if (e.name.endsWith(".html")) out.push(path);
  }
  return out;
}

beforeAll(async () => {
  n = await nppesBundle();
  tmp = await tempDir();
  const result = await importFiles({ inputs: [n.path(n.monthly.files.main)] });
  const dataset = result.dataset as Dataset;
  clinics = await collectClinics(dataset.clinics);
  out = join(tmp.dir, "out");
  await renderSite(dataset, out, SAMPLE_BUILD);
  await dataset.clinics.dispose();
}, 120_000);
afterAll(async () => {
  await tmp?.cleanup();
  await n?.cleanup();
});

describe("evidence where people look", () => {
  test("every clinic: its evidence in its JSON document, its kind and level in its city's list, the words on its page", async () => {
    expect(clinics.length).toBeGreaterThan(80);
    const lists = new Map<string, ClinicsByCity>();
    for (const c of clinics) {
      const doc = JSON.parse(await read(`api/v1/clinic/${c.id}.json`)) as ClinicDocument;
      expect(doc.evidence, c.id).toEqual(c.evidence);
      expect(doc.evidence.sources[0]).toMatchObject({ type: "registry", name: "CMS NPPES" });
      expect([doc.clinic.kind, doc.clinic.evidence_level]).toEqual([c.evidence.kind, c.evidence.level]);
      const path = `clinics/${stateByCode(c.state).slug}/${c.city_slug}`;
      const list = lists.get(path) ?? (JSON.parse(await read(`api/v1/${path}.json`)) as ClinicsByCity);
      lists.set(path, list);
      expect(list.clinics.find((x) => x.id === c.id)?.evidence_level).toBe(c.evidence.level);
      const page = text(await read(`${path}/${c.id}.html`));
      // Several NPIs of one clinic (subparts) are one registry: the page gives its newest entry's date.
      const date = c.evidence.sources
        .map((x) => x.date as string)
        .sort()
        .at(-1) as string;
      const [y, m, d] = date.split("-").map(Number) as [number, number, number];
      const day = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
        month: "long",
        day: "numeric",
        year: "numeric",
        timeZone: "UTC",
      });
      expect(page, c.id).toContain(
        `How we know Listed in CMS's NPI registry; the registry entry was last updated on ${day}.`,
      );
      expect(page).toContain(
        c.evidence.level === "listed"
          ? "Only one source lists it: call before you go."
          : "Only one source lists it, and something says it may be another kind of place",
      );
    }
  });

  test("lists mark the clinics that only one source lists, or that may be another kind", async () => {
    const byCity = new Map<string, ClinicRecord[]>();
    for (const c of clinics) {
      const path = `clinics/${stateByCode(c.state).slug}/${c.city_slug}/index.html`;
      byCity.set(path, [...(byCity.get(path) ?? []), c]);
    }
    for (const [path, members] of byCity) {
      if (members.length > 50) continue; // one page
      const page = await read(path);
      const marks = (words: string) => page.split(`<p class="hint evidence">${words}</p>`).length - 1;
      expect(marks("One source only"), path).toBe(
        members.filter((c) => c.evidence.level === "listed").length,
      );
      expect(marks("Doubtful: call first"), path).toBe(
        members.filter((c) => c.evidence.level === "doubtful").length,
      );
    }
  });

  test("no page calls a record's date a confirmation, in English or Spanish", async () => {
    const pages = await htmlPages(out);
    expect(pages.length).toBeGreaterThan(clinics.length * 2);
    for (const p of pages)
      expect(text(await read(p)), p).not.toMatch(
        /last confirmed|was confirmed|were confirmed|confirmed on|se confirm|confirmaron|confirmad[oa]s? (?:el|por)/i,
      );
  });

  test("the downloads carry each clinic's kind, level and evidence", async () => {
    const json = JSON.parse(await read(`downloads/urgent-care-clinics-latest.json`)) as {
      id: string;
      kind: string;
      evidence_level: string;
      evidence: unknown;
    }[];
    const byId = new Map(clinics.map((c) => [c.id, c]));
    expect(json).toHaveLength(clinics.length);
    for (const row of json) {
      const c = byId.get(row.id) as ClinicRecord;
      expect([row.kind, row.evidence_level, row.evidence]).toEqual([
        c.evidence.kind,
        c.evidence.level,
        c.evidence,
      ]);
    }
  });

  test("stats.json counts places by kind and level, per state; /about/ explains the levels and what was left out", async () => {
    const stats = JSON.parse(await read("api/v1/stats.json")) as Stats;
    const places = stats.data_quality.places;
    expect(places.published_kinds).toEqual(["walk_in_urgent_care"]);
    const walkIn = places.kinds.walk_in_urgent_care;
    expect(walkIn && walkIn.confirmed + walkIn.listed + walkIn.doubtful).toBe(clinics.length);
    const left = Object.entries(places.kinds).filter(([k]) => k !== "walk_in_urgent_care");
    expect(left.reduce((a, [, l]) => a + l.confirmed + l.listed + l.doubtful, 0)).toBe(
      n.monthly.otherKinds.length,
    );
    const perState = places.states.reduce(
      (a, s) => a + Object.values(s.kinds).reduce((b, l) => b + l.confirmed + l.listed + l.doubtful, 0),
      0,
    );
    expect(perState).toBe(clinics.length + n.monthly.otherKinds.length);
    const about = text(await read("about/index.html"));
    expect(about).toContain("How we know each clinic");
    expect(about).toContain(
      `Of the clinics listed, 0 confirmed, ${walkIn?.listed} listed, ${walkIn?.doubtful} doubtful.`,
    );
    expect(about).toContain(`Office (billing, management): ${places.kinds.administrative?.listed}`);
    expect(text(await read("es/about/index.html"))).toContain("Cómo sabemos de cada clínica");
  });
});

describe("a kind the operator kept is named wherever the clinic is shown", () => {
  test("its list mark and its page's notice, in English and Spanish; a walk-in centre's say nothing of its kind", () => {
    const [en, es] = siteContexts(createContext(fromRecords(smallRecords()), SAMPLE_BUILD)) as [
      SiteContext,
      SiteContext,
    ];
    const office = clinics.find((c) => c.evidence.level === "listed") as ClinicRecord;
    const evidence = { ...office.evidence, kind: "administrative" as const };
    expect(String(evidenceHint(en, { kind: "administrative", evidence_level: "listed" }))).toBe(
      '<p class="hint evidence">Office (billing, management) · One source only</p>',
    );
    expect(String(evidenceHint(es, { kind: "administrative", evidence_level: "confirmed" }))).toBe(
      '<p class="hint evidence">Oficina (facturación, administración)</p>',
    );
    expect(String(evidenceHint(en, { kind: "walk_in_urgent_care", evidence_level: "confirmed" }))).toBe("");
    expect(text(String(howWeKnow(en, evidence)))).toContain(
      "Kind of place: Office (billing, management). It is not a walk-in urgent care centre.",
    );
    expect(text(String(howWeKnow(es, evidence)))).toContain(
      "Tipo de lugar: Oficina (facturación, administración). No es un centro de urgencias sin cita.",
    );
    expect(text(String(howWeKnow(en, office.evidence)))).not.toContain("Kind of place");
  });
});
