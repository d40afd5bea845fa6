import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, renderSite } from "../src/build/build.js";
import { OutputTree } from "../src/build/output.js";
import { BuildError } from "../src/build/validate.js";
import { fromRecords } from "../src/dataset/store.js";
import type { ClinicRecord, Dataset } from "../src/dataset/types.js";
import { SITE_URL, sampleDataset, sampleRecords, tempDir } from "./helpers/sample-site.js";

async function treeHashes(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else
        out.set(
          relative(dir, full),
          createHash("sha256")
            .update(await readFile(full))
            .digest("hex"),
        );
    }
  };
  await walk(dir);
  return out;
}

describe("static build", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it("writes the complete tree, and two builds of the sample are byte-identical", async () => {
    const a = join(tmp.dir, "a");
    const b = join(tmp.dir, "b");
    await buildSite(sampleDataset(), a, { siteUrl: SITE_URL, compression: "fast" });
    await buildSite(sampleDataset(), b, { siteUrl: SITE_URL, compression: "fast" });
    const ha = await treeHashes(a);
    const hb = await treeHashes(b);
    expect([...ha.keys()].sort()).toEqual([...hb.keys()].sort());
    for (const [path, hash] of ha) expect(hb.get(path), path).toBe(hash);

    for (const path of ["index.json", "stats.json", "states.json", "cities.json", "networks.json"]) {
      for (const ext of ["", ".br", ".gz"]) expect(ha.has(join("api/v1", path + ext)), path + ext).toBe(true);
    }
    expect(ha.has("api/openapi.json")).toBe(true);
    expect(ha.has("404.json")).toBe(true);
    expect([...ha.keys()].filter((p) => /^api\/v1\/cities\/[a-z-]+\.json$/.test(p))).toHaveLength(51);
    expect(
      [...ha.keys()].filter((p) => /^api\/v1\/clinics\/[a-z-]+\/[a-z0-9-]+\.json$/.test(p)),
    ).toHaveLength(386);
  });

  it("stamps the generation time only when asked, so rebuilds stay reproducible", async () => {
    const stats = async (generatedAt?: string) => {
      const tree = await renderSite(sampleDataset(), {
        siteUrl: SITE_URL,
        ...(generatedAt ? { generatedAt } : {}),
      });
      return JSON.parse(tree.files.get("api/v1/stats.json")?.body.toString() ?? "{}");
    };
    expect((await stats()).meta.generated_at).toBe("2026-05-01T00:00:00Z");
    expect((await stats("2026-11-22T10:00:00Z")).meta.generated_at).toBe("2026-11-22T10:00:00Z");
  });

  it("writes the site and base addresses given as options into every link", async () => {
    const tree = await renderSite(sampleDataset(), {
      siteUrl: "https://ucd.example.net/",
      baseUrl: "https://api.example.net/x/api/v1",
    });
    const index = JSON.parse(tree.files.get("api/v1/index.json")?.body.toString() ?? "{}");
    expect(index.base_url).toBe("https://api.example.net/x/api/v1");
    expect(index.openapi_url).toBe("https://ucd.example.net/api/openapi.json");
    const openapi = JSON.parse(tree.files.get("api/openapi.json")?.body.toString() ?? "{}");
    expect(openapi.servers[0].url).toBe("https://api.example.net/x/api/v1");
    const austin = JSON.parse(tree.files.get("api/v1/clinics/texas/austin.json")?.body.toString() ?? "{}");
    expect(austin.clinics[0].url).toMatch(
      /^https:\/\/ucd\.example\.net\/clinics\/texas\/austin\/[a-z0-9]+\/$/,
    );
  });

  it("refuses a base address that does not end in /api/v1", async () => {
    await expect(
      renderSite(sampleDataset(), { siteUrl: SITE_URL, baseUrl: "https://x.example.net/api" }),
    ).rejects.toThrow(/api\/v1/);
  });

  it("refuses an invalid data set with every problem listed, and leaves the previous output untouched", async () => {
    const out = join(tmp.dir, "atomic");
    await buildSite(sampleDataset(), out, { siteUrl: SITE_URL, compression: "fast" });
    const before = await treeHashes(out);

    const base = sampleRecords();
    const [first, second, third] = base.clinics as [ClinicRecord, ClinicRecord, ClinicRecord];
    const broken: Dataset = fromRecords({
      ...base,
      clinics: [
        { ...first },
        { ...second, id: first.id },
        { ...third, rating: 7, website: "not a url" },
        ...base.clinics.slice(3),
      ],
    });
    const error = await buildSite(broken, out, { siteUrl: SITE_URL }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    const messages = (error as BuildError).issues
      .map((i) => `${i.document} ${i.path}: ${i.message}`)
      .join("\n");
    expect(messages).toMatch(/id shared by/);
    expect(messages).toMatch(/clinics\.\d+\.rating/);
    expect(messages).toMatch(/clinics\.\d+\.website/);

    expect(await treeHashes(out)).toEqual(before);
    expect((await readdir(tmp.dir)).filter((n) => n.includes(".tmp-") || n.includes(".old-"))).toEqual([]);
  });

  it("refuses a clinic outside the 50 states and DC with a listed problem", async () => {
    const base = sampleRecords();
    const clinics = base.clinics.map((c, i) => (i === 5 ? { ...c, state: "PR" } : c));
    expect(() => fromRecords({ ...base, clinics })).toThrow(/state "PR" is not one of the 50 states or DC/);
  });

  it("never writes outside the output folder", () => {
    const tree = new OutputTree();
    for (const bad of [
      "../escape.json",
      "a/../../b.json",
      "a//b.json",
      "a\\..\\b.json",
      "a/\0.json",
      "./a.json",
    ]) {
      expect(() => tree.add(bad, "{}"), bad).toThrow(/outside the output folder/);
    }
  });
});
