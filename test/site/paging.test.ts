// A city of more than LIST_PAGE_SIZE clinics is cut into pages (the sample has none): Connecticut's 115 sample
// clinics, all put in one city, rendered in both languages.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromRecords } from "../../src/dataset/store.js";
import type { FlatDataset } from "../../src/dataset/types.js";
import { renderSite } from "../../src/render/build.js";
import { SAMPLE_BUILD, sampleRecords, tempDir } from "../helpers/sample-site.js";

function oneBigCity(): { data: FlatDataset; slug: string; ids: string[] } {
  const all = sampleRecords();
  const city = all.cities.find((c) => c.state === "CT");
  if (!city) throw new Error("no city in CT");
  const clinics = all.clinics
    .filter((c) => c.state === "CT")
    .map((c) => ({ ...c, city: city.name, city_slug: city.slug }));
  return {
    data: { ...all, clinics, cities: [city] },
    slug: city.slug,
    ids: clinics.map((c) => c.id),
  };
}

describe("a city of more than 100 clinics", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  const { data, slug, ids } = oneBigCity();
  const read = (file: string) => readFile(join(out, file), "utf8");
  beforeAll(async () => {
    tmp = await tempDir();
    out = join(tmp.dir, "out");
    await renderSite(fromRecords(data), out, SAMPLE_BUILD);
  });
  afterAll(() => tmp?.cleanup());

  it("is in pages of nearly equal length, with links between them, in each language; every clinic on exactly one", async () => {
    expect(ids.length).toBeGreaterThan(100);
    for (const prefix of ["", "es/"]) {
      const base = `${prefix}clinics/connecticut/${slug}/`;
      const first = await read(`${base}index.html`);
      const second = await read(`${base}page-2/index.html`);
      await expect(read(`${base}page-3/index.html`)).rejects.toThrow();
      const listed = [first, second].map((body) =>
        [...body.matchAll(/<li class="clinic"><h3><a href="[^"]*\/([a-z0-9]{12})\.html"/g)].map((m) => m[1]),
      );
      expect(listed.map((l) => l.length)).toEqual([Math.ceil(ids.length / 2), Math.floor(ids.length / 2)]);
      expect(listed.flat().sort()).toEqual([...ids].sort());
      expect(first).toContain(`href="/${base}page-2/" rel="next"`);
      expect(second).toContain(`href="/${base}" rel="prev"`);
      // The filter reads the city's document when the box is ticked, to cover both pages.
      expect(second).toContain(`data-docs="/api/v1/clinics/connecticut/${slug}.json" data-pages="2"`);
      // The map and near me on the first page only.
      expect(first).toContain("data-near-me");
      expect(second).not.toContain("data-near-me");
    }
    const sitemap = await read(`sitemaps/connecticut/${slug}.xml`);
    expect(sitemap).toContain(`/clinics/connecticut/${slug}/page-2/</loc>`);
    expect(sitemap).toContain(`/es/clinics/connecticut/${slug}/page-2/</loc>`);
  });
});
