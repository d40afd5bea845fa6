// The per-clinic and per-network documents: read from the suite's sample build, and rendered alone over the small
// fixture for the options (page size).
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromRecords } from "../src/dataset/store.js";
import { Rng } from "../src/sample/rng.js";
import { ClinicDocument, NetworkDocument } from "../src/schema/clinic-document.js";
import type { CitiesList, ClinicsByCity, NetworksList } from "../src/schema/documents.js";
import { expectEqual } from "./helpers/equal.js";
import { renderParts } from "./helpers/render-parts.js";
import { sampleSite } from "./helpers/sample-build.js";
import { SITE_URL, sampleRecords, smallRecords, tempDir } from "./helpers/sample-site.js";
import { readJson } from "./helpers/tree.js";

const api = (path: string) => `api/v1${path}`;

describe("per-clinic documents (sample)", () => {
  const site = () => sampleSite();

  it("exist for every clinic, with no precompressed copy (the long tail: src/render/output/compress.ts), and nothing else is in /clinic/", async () => {
    const all = await readdir(join(site(), api("/clinic")));
    expect(all.filter((f) => /^[a-z0-9]+\.json$/.test(f))).toHaveLength(8600);
    expect(all).toHaveLength(8600);
  });

  it("hold each clinic with its city, state, network entry and links (every clinic; schema checked for some)", async () => {
    const cities = await readJson<CitiesList>(site(), api("/cities.json"));
    const networks = await readJson<NetworksList>(site(), api("/networks.json"));
    const byName = new Map(networks.networks.map((n) => [n.name, n]));
    const zips = new Map(sampleRecords().clinics.map((r) => [r.id, r.zip]));
    const rng = new Rng("clinic documents 7");
    let n = 0;
    for (const city of cities.cities) {
      const doc = await readJson<ClinicsByCity>(site(), api(city.path));
      const documents = await Promise.all(
        doc.clinics.map((c) => readJson<ClinicDocument>(site(), api(`/clinic/${c.id}.json`))),
      );
      for (const [i, clinic] of doc.clinics.entries()) {
        const one = documents[i] as ClinicDocument;
        if (rng.chance(0.01)) expect(ClinicDocument.safeParse(one).success).toBe(true);
        const { place, ...fields } = one.clinic;
        // The document's parts, next to what the city document and the record say: one comparison per clinic.
        expectEqual(
          {
            head: [one.version, one.status, one.id],
            fields,
            state: place.state,
            city: place.city,
            zip: place.zip,
            url: one.clinic.url,
            network: one.network,
            self: one.meta.links.self,
          },
          {
            head: ["v1", "listed", clinic.id],
            fields: clinic,
            state: city.state,
            city: { slug: city.slug, name: city.name, path: city.path, url: city.url },
            zip: zips.get(clinic.id), // the record's ZIP code
            url: `${SITE_URL}/clinics/${city.state.slug}/${city.slug}/${clinic.id}.html`,
            network: clinic.network === null ? null : byName.get(clinic.network),
            self: `${SITE_URL}/api/v1/clinic/${clinic.id}.json`,
          },
          clinic.id,
        );
        n++;
      }
    }
    expect(n).toBe(8600);
  });
});

describe("network documents (sample)", () => {
  it("list exactly clinic_count placed clinics of each network, in one page, in the API's order", async () => {
    const networks = await readJson<NetworksList>(sampleSite(), api("/networks.json"));
    expect(networks.count).toBeGreaterThanOrEqual(93);
    let total = 0;
    for (const entry of networks.networks) {
      const doc = await readJson<NetworkDocument>(sampleSite(), api(entry.path));
      expect(doc.network).toEqual(entry);
      expect(doc.page).toEqual({ number: 1, pages: 1, size: 1000, next: null, previous: null });
      expect(doc.count).toBe(entry.clinic_count);
      expect(doc.clinics).toHaveLength(entry.clinic_count);
      const states = new Set<string>();
      for (const c of doc.clinics) {
        const url = `${SITE_URL}/clinics/${c.place.state.slug}/${c.place.city.slug}/${c.id}.html`;
        expectEqual([c.network, c.url], [entry.name, url], c.id);
        states.add(c.place.state.slug);
      }
      expect([...states].sort()).toEqual(entry.states);
      const keys = doc.clinics.map((c) =>
        [c.place.state.slug, c.place.city.slug, c.name, c.id].join("\u0000"),
      );
      expect(keys).toEqual([...keys].sort());
      total += doc.count;
    }
    expect(
      NetworkDocument.safeParse(await readJson(sampleSite(), api(networks.networks[0]?.path ?? ""))).success,
    ).toBe(true);
    expect(total).toBeLessThan(8600);
  });
});

describe("network documents split into pages", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  beforeAll(async () => {
    tmp = await tempDir();
    out = await renderParts(fromRecords(smallRecords()), tmp.dir, {
      parts: ["api"],
      sizes: { networkPage: 3 },
    });
  });
  afterAll(() => tmp.cleanup());

  it("chain their pages with next/previous, every page but the last full, all pages holding the network", async () => {
    const dir = join(out, api("/networks"));
    const firsts = (await readdir(dir)).filter((f) => f.endsWith(".json"));
    expect(firsts.length).toBeGreaterThan(3);
    let paged = 0;
    for (const f of firsts) {
      const first = await readJson<NetworkDocument>(out, api(`/networks/${f}`));
      const ids: string[] = [];
      let doc = first;
      for (let n = 1; ; n++) {
        expect(NetworkDocument.safeParse(doc).success).toBe(true);
        expect(doc.page.number).toBe(n);
        expect(doc.page.pages).toBe(Math.ceil(first.network.clinic_count / 3));
        expect(doc.network).toEqual(first.network);
        expect(doc.page.previous).toBe(
          n === 1 ? null : n === 2 ? first.network.path : `/networks/${first.network.slug}/${n - 1}.json`,
        );
        ids.push(...doc.clinics.map((c) => c.id));
        if (doc.page.next === null) break;
        expect(doc.count).toBe(3);
        expect(doc.page.next).toBe(`/networks/${first.network.slug}/${n + 1}.json`);
        doc = await readJson<NetworkDocument>(out, api(doc.page.next));
      }
      expect(doc.page.number).toBe(doc.page.pages);
      expect(ids).toHaveLength(first.network.clinic_count);
      expect(new Set(ids).size).toBe(ids.length);
      if (doc.page.pages > 1) paged++;
      expect(existsSync(join(out, api(`/networks/${first.network.slug}/${doc.page.pages + 1}.json`)))).toBe(
        false,
      );
    }
    expect(paged).toBeGreaterThan(0);
  });
});
