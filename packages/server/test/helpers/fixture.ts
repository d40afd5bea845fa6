import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Paths of the city documents a fixture holds. */
export function cityPaths(cities: number): string[] {
  return Array.from({ length: cities }, (_, i) => `/api/v1/clinics/st-${i % 5}/city-${i}.json`);
}

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

/**
 * Writes a small output folder of the build's shape (index, OpenAPI, 404 body, city documents, docs page,
 * downloads) whose every body names `version`, so two versions differ in every document.
 */
export async function writeFixture(root: string, version: string, cities = 40): Promise<void> {
  const json = (v: unknown) => Buffer.from(JSON.stringify(v));
  await put(root, "api/v1/index.json", json({ name: "fixture", version }), true);
  await put(root, "api/v1/states.json", json({ count: 0, states: [], version }), true);
  await put(root, "api/openapi.json", json({ openapi: "3.0.3", info: { title: "fixture", version } }), true);
  await put(
    root,
    "404.json",
    json({ status: 404, code: "not_found", message: "No document exists at this path." }),
    true,
  );
  await put(root, "docs/index.html", Buffer.from(`<!doctype html><title>${version}</title>`), true);
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
  const rows = Array.from({ length: 4000 }, (_, i) => `${version}-${i},Clinic ${i},city-${i % cities}`).join(
    "\n",
  );
  await put(root, "downloads/clinics.csv", Buffer.from(`id,name,city\n${rows}\n`), true);
  await put(
    root,
    "downloads/clinics.ndjson",
    Buffer.from(`{"id":"${version}-0"}\n{"id":"${version}-1"}\n`),
    true,
  );
  await put(
    root,
    "downloads/clinics.parquet",
    Buffer.concat([Buffer.from("PAR1"), Buffer.alloc(70_000, 7), Buffer.from("PAR1")]),
    false,
  );
}

/** A temp folder with `public/` (version "v0") inside and a secret file beside it that must never be served. */
export async function fixtureSite(
  cities = 40,
): Promise<{ parent: string; dir: string; secret: string; cleanup: () => Promise<void> }> {
  const parent = await mkdtemp(join(tmpdir(), "ucd-server-"));
  const dir = join(parent, "public");
  await writeFixture(dir, "v0", cities);
  const secret = `SECRET-${Math.random().toString(36).slice(2)}`;
  await writeFile(join(parent, "secret.txt"), secret);
  await writeFile(join(parent, "package.json"), JSON.stringify({ secret }));
  return { parent, dir, secret, cleanup: () => rm(parent, { recursive: true, force: true }) };
}

/** Replaces `dir` with `replacement` the way the build does: rename the old one away, rename the new one in. */
export async function swapInto(dir: string, replacement: string, spare: string): Promise<void> {
  await rename(dir, spare);
  await rename(replacement, dir);
}
