import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, readdir, readFile, symlink } from "node:fs/promises";
import { join, relative } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generationTime } from "../src/cli/commands/build.js";
import { fromRecords } from "../src/dataset/store.js";
import type { ClinicRecord } from "../src/dataset/types.js";
import { publishRelease } from "../src/release/publish.js";
import { renderSite } from "../src/render/build.js";
import { createContext } from "../src/render/context.js";
import { type PreviousTree, previousTree } from "../src/render/output/previous.js";
import { OutputWriter } from "../src/render/output/writer.js";
import { BuildError } from "../src/render/validate.js";
import { parseTreeManifest, TREE_MANIFEST } from "../src/tree/manifest.js";
import { sampleSite } from "./helpers/sample-build.js";
import {
  API_BUILD,
  SAMPLE_BUILD,
  SITE_URL,
  smallRecords,
  tempDir,
  WITHOUT_SITE,
} from "./helpers/sample-site.js";
import { manifestOf, readJson } from "./helpers/tree.js";

/**
 * Every file under `dir` (the manifest itself included), path → SHA-256 of its bytes on disk. Read synchronously:
 * for the sample's ~55,000 small files that is several times faster than through the thread pool.
 */
function treeHashes(dir: string): Map<string, string> {
  const paths = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
  const sha = (path: string) =>
    createHash("sha256")
      .update(readFileSync(join(dir, path)))
      .digest("hex");
  return new Map(paths.map((p) => [p, sha(p)]));
}

describe("static build", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it("writes the complete tree, and lists every file with its size and hash in files.tsv", async () => {
    const site = sampleSite();
    const listed = await manifestOf(site);
    const onDisk = treeHashes(site);
    onDisk.delete(TREE_MANIFEST);
    expect([...listed.keys()].sort()).toEqual([...onDisk.keys()].sort());
    expect([...onDisk].filter(([path, hash]) => listed.get(path) !== hash).map(([path]) => path)).toEqual([]);
    for (const path of ["index.json", "stats.json", "states.json", "cities.json", "networks.json"]) {
      for (const ext of ["", ".br", ".gz"]) expect(listed.has(`api/v1/${path}${ext}`), path + ext).toBe(true);
    }
    expect(listed.has("api/openapi.json")).toBe(true);
    expect(listed.has("404.json")).toBe(true);
    expect([...listed.keys()].filter((p) => /^api\/v1\/cities\/[a-z-]+\.json$/.test(p))).toHaveLength(51);
    expect(
      [...listed.keys()].filter((p) => /^api\/v1\/clinics\/[a-z-]+\/[a-z0-9-]+\.json$/.test(p)),
    ).toHaveLength(386);
  });

  it("two builds of the same data with the same options are byte-identical", async () => {
    // Every part of the build (API, search, downloads, releases, site) over a few dozen clinics: the manifest
    // lists every file with its SHA-256, so equal manifests mean equal trees.
    const once = join(tmp.dir, "once");
    const again = join(tmp.dir, "again");
    await renderSite(fromRecords(smallRecords()), once, SAMPLE_BUILD);
    await renderSite(fromRecords(smallRecords()), again, SAMPLE_BUILD);
    const manifest = await readFile(join(once, TREE_MANIFEST), "utf8");
    expect(manifest.split("\n").length).toBeGreaterThan(500);
    expect(await readFile(join(again, TREE_MANIFEST), "utf8")).toBe(manifest);
  });

  it("a manifest that is truncated or edited is detected", async () => {
    const text = await readFile(join(sampleSite(), TREE_MANIFEST), "utf8");
    expect(parseTreeManifest(text).length).toBeGreaterThan(1000);
    const lines = text.split("\n");
    expect(() => parseTreeManifest(lines.slice(0, 40).join("\n"))).toThrow(/trailer/);
    expect(() => parseTreeManifest(text.replace(/\t\d+\t/, "\t1\t"))).toThrow(/trailer/);
  });

  it("stamps the true build time unless --generated-at or SOURCE_DATE_EPOCH fixes it", async () => {
    const now = new Date("2026-11-22T10:11:12.345Z");
    expect(generationTime(undefined, undefined, now)).toBe("2026-11-22T10:11:12Z");
    expect(generationTime(undefined, "1777593600", now)).toBe("2026-05-01T00:00:00Z");
    expect(generationTime("2026-06-01T08:00:00+02:00", "1777593600", now)).toBe("2026-06-01T06:00:00Z");
    expect(() => generationTime(undefined, "yesterday", now)).toThrow(/SOURCE_DATE_EPOCH/);
    const out = join(tmp.dir, "stamped");
    const before = Date.now();
    await renderSite(fromRecords(smallRecords()), out, {
      siteUrl: SITE_URL,
      compression: "fast",
      parts: WITHOUT_SITE,
    });
    const stamped = Date.parse(
      (await readJson<{ meta: { generated_at: string } }>(out, "api/v1/stats.json")).meta.generated_at,
    );
    expect(stamped).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now());
  });

  it("writes the site and base addresses given as options into every link", async () => {
    const out = join(tmp.dir, "addresses");
    await renderSite(fromRecords(smallRecords()), out, {
      ...API_BUILD,
      siteUrl: "https://ucd.example.net/",
      baseUrl: "https://api.example.net/x/api/v1",
    });
    const index = await readJson<{ base_url: string; openapi_url: string }>(out, "api/v1/index.json");
    expect(index.base_url).toBe("https://api.example.net/x/api/v1");
    expect(index.openapi_url).toBe("https://ucd.example.net/api/openapi.json");
    const openapi = await readJson<{ servers: { url: string }[] }>(out, "api/openapi.json");
    expect(openapi.servers[0]?.url).toBe("https://api.example.net/x/api/v1");
    const city = await readJson<{ clinics: { url: string }[]; city: { url: string } }>(
      out,
      "api/v1/clinics/vermont/burlington.json",
    );
    expect(city.clinics[0]?.url).toMatch(
      /^https:\/\/ucd\.example\.net\/clinics\/vermont\/burlington\/[a-z0-9]+\.html$/,
    );
    expect(city.city.url).toBe("https://ucd.example.net/clinics/vermont/burlington/");
  });

  it("refuses a base address that does not end in /api/v1", () => {
    expect(() =>
      createContext(fromRecords(smallRecords()), { siteUrl: SITE_URL, baseUrl: "https://x.example.net/api" }),
    ).toThrow(/api\/v1/);
  });

  it("refuses an invalid data set with every problem listed, and leaves the published release untouched", async () => {
    const out = join(tmp.dir, "atomic");
    await publishRelease(fromRecords(smallRecords()), out, API_BUILD);
    const before = treeHashes(out);

    const base = smallRecords();
    const [first, second, third] = base.clinics as [ClinicRecord, ClinicRecord, ClinicRecord];
    const broken = fromRecords({
      ...base,
      clinics: [
        { ...first },
        { ...second, id: first.id },
        { ...third, rating: 7, website: "not a url" },
        ...base.clinics.slice(3),
      ],
    });
    const error = await publishRelease(broken, out, API_BUILD).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).issues.map((i) => i.message).join("\n")).toMatch(/id shared by/);

    const second2 = fromRecords({
      ...base,
      clinics: base.clinics.map((c, i) => (i === 2 ? { ...c, rating: 7, website: "not a url" } : c)),
    });
    const invalid = await publishRelease(second2, out, API_BUILD).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(BuildError);
    const messages = (invalid as BuildError).issues
      .map((i) => `${i.document} ${i.path}: ${i.message}`)
      .join("\n");
    expect(messages).toMatch(/rating/);
    expect(messages).toMatch(/website/);

    expect(treeHashes(out)).toEqual(before);
    const store = join(tmp.dir, ".atomic.releases");
    expect((await readdir(store)).filter((n) => n.startsWith(".tmp-"))).toEqual([]);
  });

  it("removes what a killed build left (its temporary folder and link), and nothing of a build still running", async () => {
    const out = join(tmp.dir, "killed");
    await publishRelease(fromRecords(smallRecords()), out, API_BUILD);
    const store = join(tmp.dir, ".killed.releases");
    // A process that has ended: its pid is free, as a killed build's is.
    const ended = spawnSync(process.execPath, ["-e", ""]).pid as number;
    await mkdir(join(store, `.tmp-${ended}-0042`, "site"), { recursive: true });
    await symlink(".killed.releases/0001-2026-05-01/site", join(tmp.dir, `.killed.link-${ended}`));
    // This process is alive: a concurrent build's folder must survive.
    await mkdir(join(store, `.tmp-${process.pid}-0043`), { recursive: true });

    await publishRelease(fromRecords(smallRecords()), out, API_BUILD);
    expect((await readdir(store)).filter((n) => n.startsWith(".tmp-"))).toEqual([`.tmp-${process.pid}-0043`]);
    expect((await readdir(tmp.dir)).filter((n) => n.startsWith(".killed.link-"))).toEqual([]);
  });

  it("refuses to publish a data set with no clinics, and the previous release stays", async () => {
    const out = join(tmp.dir, "empty");
    await publishRelease(fromRecords(smallRecords()), out, API_BUILD);
    const before = treeHashes(out);
    const error = await publishRelease(
      fromRecords({ ...smallRecords(), clinics: [], cities: [] }),
      out,
      API_BUILD,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(String(error)).toMatch(/no clinics/);
    expect(treeHashes(out)).toEqual(before);
  });

  it("refuses a clinic outside the 50 states and DC with a listed problem", () => {
    const base = smallRecords();
    const clinics = base.clinics.map((c, i) => (i === 5 ? { ...c, state: "PR" } : c));
    expect(() => fromRecords({ ...base, clinics })).toThrow(/state "PR" is not one of the 50 states or DC/);
  });

  it("never writes outside the output folder", async () => {
    const writer = new OutputWriter(join(tmp.dir, "guarded"), { compression: "fast" });
    for (const bad of [
      "../escape.json",
      "a/../../b.json",
      "a//b.json",
      "a\\..\\b.json",
      "a/\0.json",
      "./a.json",
    ]) {
      await expect(writer.add(bad, "{}"), bad).rejects.toThrow(/outside the output folder/);
    }
  });
});

describe("a file written in pieces (streamGzipped)", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  const pieces = ['{"a":1}\n', '{"b":2}\n', '{"c":3}\n'];
  const text = pieces.join("");
  const name = (sha256: string) => `bulk/x-${sha256.slice(0, 12)}.ndjson`;

  async function writeTree(
    root: string,
    body: readonly string[],
    previous: PreviousTree | null,
    keep = true,
  ) {
    const out = new OutputWriter(root, { compression: "fast", previous });
    const file = await out.streamGzipped({ keep });
    for (const piece of body) await file.write(piece);
    const [entry, gz] = await file.close(name);
    await out.finish();
    return { entry, gz };
  }

  it("is named from its content, with a .gz of the same bytes, listed in files.tsv, and leaves nothing beside", async () => {
    const root = join(tmp.dir, "one");
    const { entry, gz } = await writeTree(root, pieces, null);
    const sha = createHash("sha256").update(text).digest("hex");
    expect(entry).toEqual({ path: name(sha), bytes: Buffer.byteLength(text), sha256: sha });
    const gzBytes = await readFile(join(root, `${entry.path}.gz`));
    expect(gz).toEqual({
      path: `${entry.path}.gz`,
      bytes: gzBytes.length,
      sha256: createHash("sha256").update(gzBytes).digest("hex"),
    });
    expect(await readFile(join(root, entry.path), "utf8")).toBe(text);
    expect(gunzipSync(await readFile(join(root, `${entry.path}.gz`))).toString()).toBe(text);
    const listed = parseTreeManifest(await readFile(join(root, TREE_MANIFEST), "utf8"));
    expect(listed.map((f) => f.path)).toEqual([entry.path, `${entry.path}.gz`]);
    expect(listed[0]?.sha256).toBe(sha);
    expect((await readdir(root)).sort()).toEqual(["bulk", TREE_MANIFEST]);
  });

  it("keeps the previous release's file when its bytes are the same (unless told not to), and writes a new one when not", async () => {
    const first = join(tmp.dir, "first");
    const { entry } = await writeTree(first, pieces, null);
    const same = join(tmp.dir, "same");
    await writeTree(same, [text], await previousTree(first, () => false));
    expect(statSync(join(same, entry.path)).ino).toBe(statSync(join(first, entry.path)).ino);
    expect(statSync(join(same, `${entry.path}.gz`)).ino).toBe(statSync(join(first, `${entry.path}.gz`)).ino);
    // Not kept when asked not to (a file a `-latest` alias links to): the same bytes, written again.
    const again = join(tmp.dir, "again");
    await writeTree(again, [text], await previousTree(first, () => false), false);
    expect(await readFile(join(again, entry.path), "utf8")).toBe(text);
    expect(statSync(join(again, entry.path)).ino).not.toBe(statSync(join(first, entry.path)).ino);

    const changed = join(tmp.dir, "changed");
    const { entry: other } = await writeTree(
      changed,
      [...pieces, '{"d":4}\n'],
      await previousTree(first, () => false),
    );
    expect(other.path).not.toBe(entry.path);
    expect(readdirSync(join(changed, "bulk")).sort()).toEqual(
      [other.path, `${other.path}.gz`].map((p) => p.slice(5)),
    );
  });
});
