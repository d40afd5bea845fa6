import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Paths of the city documents a fixture holds. */
export function cityPaths(cities: number): string[] {
  return Array.from({ length: cities }, (_, i) => `/api/v1/clinics/st-${i % 5}/city-${i}.json`);
}

/** A fingerprinted asset of the fixture (immutable). */
export const ASSET = "/assets/site-0123abcd89.css";

/**
 * Clinics of the fixture with a document and a page in each language of their own: the long tail, written without
 * precompressed siblings (as the build does), so the server gzips them on the fly.
 */
export const CLINIC_IDS = ["k3v9q2m7x1ab", "a1b2c3d4e5f6", "zz00yy11xx22", "m0n1o2p3q4r5"] as const;

/** URL path of a fixture clinic's API document. */
export const clinicDocument = (id: string) => `/api/v1/clinic/${id}.json`;

/** URL path of a fixture clinic's page (`es`: the Spanish one), a file of its city's folder. */
export const clinicPage = (id: string, lang: "en" | "es" = "en") =>
  `${lang === "es" ? "/es" : ""}/clinics/st-0/city-0/${id}.html`;

/** A clinic document without siblings too small to be worth compressing (`GZIP_ON_THE_FLY.minBytes`). */
export const TINY_CLINIC = "/api/v1/clinic/000000000000.json";

async function put(root: string, path: string, body: Buffer, compress: boolean): Promise<void> {
  const full = join(root, path);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, body);
  if (!compress) return;
  await writeFile(`${full}.gz`, gzipSync(body, { level: 6 }));
  await writeFile(
    `${full}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  );
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/**
 * Writes `files.tsv` for every file under `root`, in the build's format (docs/architecture.md): header,
 * `path<TAB>bytes<TAB>sha256` sorted by path bytes, trailer with the count and the SHA-256 of what precedes it.
 */
export async function writeManifest(root: string): Promise<string> {
  const files = (await walk(root))
    .map((f) => relative(root, f).split(sep).join("/"))
    .filter((p) => p !== "files.tsv")
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  let body = "#ucd-files\t1\n";
  for (const path of files) {
    const data = await readFile(join(root, path));
    body += `${path}\t${data.length}\t${createHash("sha256").update(data).digest("hex")}\n`;
  }
  const text = `${body}#end\t${files.length}\t${createHash("sha256").update(body).digest("hex")}\n`;
  await writeFile(join(root, "files.tsv"), text);
  return text;
}

/**
 * Writes a small output folder of the build's shape — API documents, OpenAPI, the 404 bodies, site pages
 * (`…/index.html`), a fingerprinted asset, sitemap/robots/feed, bulk downloads, and the long tail (a few clinics'
 * documents and pages, without siblings) — and its `files.tsv`. Every body names `version`, so two versions differ
 * in every document.
 */
export async function writeFixture(root: string, version: string, cities = 40): Promise<void> {
  const json = (v: unknown) => Buffer.from(JSON.stringify(v));
  const html = (title: string) =>
    Buffer.from(`<!doctype html><html lang="en"><title>${title} ${version}</title><h1>${title}</h1></html>`);
  await put(root, "api/v1/index.json", json({ name: "fixture", version }), true);
  await put(root, "api/v1/states.json", json({ count: 0, states: [], version }), true);
  await put(root, "api/openapi.json", json({ openapi: "3.0.3", info: { title: "fixture", version } }), true);
  await put(
    root,
    "404.json",
    json({ status: 404, code: "not_found", message: "No document exists at this path." }),
    true,
  );
  await put(root, "404.html", html("Not found"), true);
  await put(root, "index.html", html("Home"), true);
  await put(root, "docs/index.html", html("API reference"), true);
  await put(root, "clinics/st-0/index.html", html("State 0"), true);
  await put(root, "clinics/st-0/city-0/index.html", html("City 0"), true);
  await put(root, ASSET.slice(1), Buffer.from(`body{color:#222}/*${version}*/`), true);
  await put(root, "robots.txt", Buffer.from("User-agent: *\nAllow: /\n"), true);
  await put(
    root,
    "sitemap.xml",
    Buffer.from(`<?xml version="1.0"?><urlset><!--${version}--></urlset>`),
    true,
  );
  await put(root, "releases.atom", Buffer.from(`<?xml version="1.0"?><feed><!--${version}--></feed>`), true);
  await put(root, "favicon.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), true);
  for (const [i, path] of cityPaths(cities).entries()) {
    const clinics = Array.from({ length: 10 + (i % 30) }, (_, j) => ({
      id: `${version}-${i}-${j}`,
      name: `Clinic ${j} of city ${i}`,
    }));
    await put(
      root,
      path.slice(1),
      json({ version, city: { slug: `city-${i}` }, count: clinics.length, clinics }),
      true,
    );
  }
  for (const id of CLINIC_IDS) {
    const hours = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => ({
      day,
      opens: "08:00",
      closes: "20:00",
    }));
    const clinic = { id, name: `Clinic ${id}`, address: `${id.length} Main Street, City 0, ST 00000`, hours };
    await put(root, clinicDocument(id).slice(1), json({ version, clinic }), false);
    for (const lang of ["en", "es"] as const)
      await put(
        root,
        clinicPage(id, lang).slice(1),
        html(`${clinic.name} ${lang} ${"·".repeat(200)}`),
        false,
      );
  }
  await put(root, TINY_CLINIC.slice(1), json({ version, id: "000000000000" }), false);
  const rows = Array.from({ length: 4000 }, (_, i) => `${version}-${i},Clinic ${i},city-${i % cities}`).join(
    "\n",
  );
  await put(root, "downloads/clinics.csv", Buffer.from(`id,name,city\n${rows}\n`), true);
  await put(root, "downloads/urgent-care-clinics-2026-05-01.csv", Buffer.from(`id\n${version}\n`), true);
  await put(root, "downloads/manifest.json", json({ version, files: [] }), true);
  await put(
    root,
    "downloads/clinics.ndjson",
    Buffer.from(`{"id":"${version}-0"}\n{"id":"${version}-1"}\n`),
    true,
  );
  await put(
    root,
    "downloads/clinics.parquet",
    Buffer.concat([Buffer.from("PAR1"), Buffer.alloc(70_000, 7), Buffer.from(`${version}PAR1`)]),
    false,
  );
  await writeManifest(root);
}

/** Release store beside `public`, as the build publishes (docs/architecture.md, "Releases"). */
export const RELEASES = ".public.releases";

/**
 * Publishes `version` the way the build does: writes `.public.releases/<id>/site`, then points `public` at
 * it with a relative symlink swapped in by one rename(). Returns the release folder.
 */
export async function publish(parent: string, version: string, cities = 40, id = version): Promise<string> {
  const site = join(parent, RELEASES, id, "site");
  await writeFixture(site, version, cities);
  await pointAt(parent, id);
  return site;
}

/** Points `parent/public` at release `id` (already written) with one rename of a fresh relative symlink. */
export async function pointAt(parent: string, id: string): Promise<void> {
  const link = join(parent, `.public.link-${id}-${Math.random().toString(36).slice(2)}`);
  await symlink(join(RELEASES, id, "site"), link);
  await rename(link, join(parent, "public"));
}

/**
 * A temp folder with `public` → `.public.releases/v0/site` (version "v0") and a secret file beside it that must
 * never be served.
 */
export async function fixtureSite(
  cities = 40,
): Promise<{ parent: string; dir: string; release: string; secret: string; cleanup: () => Promise<void> }> {
  const parent = await mkdtemp(join(tmpdir(), "ucd-server-"));
  const release = await publish(parent, "v0", cities);
  const secret = `SECRET-${Math.random().toString(36).slice(2)}`;
  await writeFile(join(parent, "secret.txt"), secret);
  await writeFile(join(parent, "package.json"), JSON.stringify({ secret }));
  return {
    parent,
    dir: join(parent, "public"),
    release,
    secret,
    cleanup: () => rm(parent, { recursive: true, force: true }),
  };
}

/** Replaces folder `dir` with folder `replacement` by renames (the older, symlink-free way of publishing). */
export async function swapInto(dir: string, replacement: string, spare: string): Promise<void> {
  await rename(dir, spare);
  await rename(replacement, dir);
}
