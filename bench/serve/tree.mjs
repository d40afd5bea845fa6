// Helpers of the serving benchmarks: read and write files.tsv, add the site pages a build will soon write.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Paths listed in `dir/files.tsv` (relative, with `/`), in manifest order. */
export function listedPaths(dir) {
  return readFileSync(join(dir, "files.tsv"), "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.slice(0, l.indexOf("\t")));
}

function walk(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) walk(full, out);
    else if (e.isFile()) out.push(full);
  }
  return out;
}

/** Writes `dir/files.tsv` for every file under `dir` (the build's format, docs/architecture.md). */
export function writeManifest(dir) {
  const paths = walk(dir)
    .map((f) => relative(dir, f).split(sep).join("/"))
    .filter((p) => p !== "files.tsv")
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const lines = ["#ucd-files\t1"];
  for (const p of paths) {
    const data = readFileSync(join(dir, p));
    lines.push(`${p}\t${data.length}\t${createHash("sha256").update(data).digest("hex")}`);
  }
  const body = `${lines.join("\n")}\n`;
  writeFileSync(
    join(dir, "files.tsv"),
    `${body}#end\t${paths.length}\t${createHash("sha256").update(body).digest("hex")}\n`,
  );
  return paths.length;
}

/** Writes `body` at `dir/path` with its `.br` and `.gz` siblings (brotli 5, gzip 6: a fast build). */
export function put(dir, path, body) {
  const full = join(dir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, body);
  writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  writeFileSync(`${full}.gz`, gzipSync(body, { level: 6 }));
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>` +
  `<link rel="stylesheet" href="/assets/site-0123abcd.css"></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;

/**
 * Adds what the build will soon write beside the API (docs/architecture.md): an HTML page per state, city and
 * clinic (`…/index.html`), a JSON document per clinic (`api/v1/clinic/{id}.json`), the home and 404 pages, an
 * asset; then rewrites files.tsv. Returns the number of clinics.
 */
export function addSitePages(dir) {
  let clinics = 0;
  put(dir, "index.html", Buffer.from(page("US Urgent Care Directory", "<p>Find urgent care.</p>")));
  put(dir, "404.html", Buffer.from(page("Not found", "<p>No page here.</p>")));
  put(dir, "assets/site-0123abcd.css", Buffer.from("body{font:16px/1.5 system-ui}main{max-width:60rem}"));
  const states = new Map();
  for (const path of listedPaths(dir)) {
    const m = /^api\/v1\/clinics\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, state, city] = m;
    const doc = JSON.parse(readFileSync(join(dir, path), "utf8"));
    const items = [];
    for (const c of doc.clinics) {
      clinics++;
      put(dir, `api/v1/clinic/${c.id}.json`, Buffer.from(JSON.stringify(c)));
      const dl = Object.entries(c)
        .filter(([, v]) => v !== null && typeof v !== "object")
        .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
        .join("");
      put(dir, `clinics/${state}/${city}/${c.id}/index.html`, Buffer.from(page(c.name, `<dl>${dl}</dl>`)));
      items.push(`<li><a href="/clinics/${state}/${city}/${c.id}/">${esc(c.name)}</a></li>`);
    }
    put(
      dir,
      `clinics/${state}/${city}/index.html`,
      Buffer.from(page(doc.city?.name ?? city, `<ul>${items.join("")}</ul>`)),
    );
    states.set(state, [...(states.get(state) ?? []), city]);
  }
  for (const [state, cities] of states) {
    const links = cities.map((c) => `<li><a href="/clinics/${state}/${c}/">${c}</a></li>`).join("");
    put(dir, `clinics/${state}/index.html`, Buffer.from(page(state, `<ul>${links}</ul>`)));
  }
  writeManifest(dir);
  return clinics;
}
