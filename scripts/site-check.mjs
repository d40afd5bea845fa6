// A black-box check of a served site, whatever serves it (`ucd serve`, nginx, Caddy, Varnish): a crawl from `/`
// following every internal link, and every API document validated against the site's own `api/openapi.json`
// with the validator of the test suite (Ajv with ajv-formats, the OpenAPI document added as a schema). Used by
// `scripts/crawl.mjs` (CI, against each engine) and `test/site/crawl.test.ts` (against `ucd serve`).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import AjvModule from "ajv";
import addFormatsModule from "ajv-formats";

/**
 * API documents written by other parts of the build (per-clinic and per-network documents). Pages link to them
 * already; a link into such a family is excused only while the build writes no file of that family at all.
 */
export const PENDING_FAMILIES = ["api/v1/clinic/", "api/v1/networks/"];

/** Prefix of the API documents (validated against the OpenAPI document's paths). */
const API = "/api/v1";

/** Every `href`/`src` of a page, resolved against its address; fragments dropped. */
export function linksOf(html, base) {
  const out = [];
  for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
    const u = new URL(m[1].replace(/&amp;/g, "&"), base);
    u.hash = "";
    out.push(u.href);
  }
  return out;
}

/** Runs `work` on every item of `queue` (which may grow while it runs), `concurrency` at a time. */
function pool(queue, concurrency, work) {
  let active = 0;
  return new Promise((resolve, reject) => {
    const pump = () => {
      if (queue.length === 0 && active === 0) return resolve();
      while (active < concurrency && queue.length > 0) {
        const item = queue.shift();
        active++;
        work(item).then(() => {
          active--;
          pump();
        }, reject);
      }
    };
    pump();
  });
}

/** The file paths of a build's `files.tsv` (a `#` header line, then `path<TAB>bytes<TAB>sha256` lines). */
async function listedFiles(dir) {
  const text = await readFile(join(dir, "files.tsv"), "utf8");
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => line.split("\t")[0]);
}

/**
 * A validator per API path: the schema of each OpenAPI path's 200 JSON response, matched by the path template
 * (`/clinics/{state}/{city}.json`). Returns null for a path the document does not describe.
 */
function apiValidators(openapi) {
  // CommonJS packages: under NodeNext their ESM default is the module object, whose .default is the export.
  const Ajv = AjvModule.default ?? AjvModule;
  const addFormats = addFormatsModule.default ?? addFormatsModule;
  const ajv = new Ajv({ strict: false });
  addFormats(ajv);
  ajv.addSchema(openapi, "openapi.json");
  const routes = [];
  for (const [template, item] of Object.entries(openapi.paths ?? {})) {
    const schema = item?.get?.responses?.["200"]?.content?.["application/json"]?.schema;
    if (!schema?.$ref) continue;
    const source = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
    routes.push({
      template,
      pattern: new RegExp(`^${source}$`),
      validate: ajv.compile({ $ref: `openapi.json${schema.$ref}` }),
    });
  }
  return (path) => routes.find((r) => r.pattern.test(path)) ?? null;
}

/** Every string `url` field of a JSON document that is under `siteUrl`, as a site path (`/clinics/texas/`). */
function urlsOf(doc, siteUrl, into) {
  const walk = (node, key) => {
    if (Array.isArray(node)) for (const v of node) walk(v, key);
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, k);
    else if (key === "url" && typeof node === "string" && node.startsWith(`${siteUrl}/`))
      into.add(node.slice(siteUrl.length));
  };
  walk(doc, "");
}

/**
 * Crawls `base` (the site's root URL) from `/`: every page (a path ending in `/`) is fetched and its links
 * followed; other files are asked for with HEAD, except API documents, which are fetched and validated. With
 * `dir` (the build folder served), every API document `files.tsv` lists is fetched and validated too, and every
 * page file must have been reached.
 * @param {string} base
 * @param {{ dir?: string, concurrency?: number }} [options]
 */
export async function checkSite(base, options = {}) {
  const started = Date.now();
  const origin = base.replace(/\/+$/, "");
  const concurrency = options.concurrency ?? 8;
  const files = options.dir ? new Set(await listedFiles(options.dir)) : null;
  const pending = files
    ? PENDING_FAMILIES.filter((family) => ![...files].some((f) => f.startsWith(family)))
    : [];

  const openapiRes = await fetch(`${origin}/api/openapi.json`);
  if (openapiRes.status !== 200) throw new Error(`${origin}/api/openapi.json answered ${openapiRes.status}`);
  const openapi = await openapiRes.json();
  const siteUrl = String(openapi.servers?.[0]?.url ?? "").replace(/\/api\/v1\/?$/, "");
  const validatorOf = apiValidators(openapi);

  const report = {
    base: origin,
    siteUrl,
    /** Site path of each page reached → its Content-Type. */
    pages: new Map(),
    /** Other files reached (HEAD or GET 200): API documents, downloads, assets. */
    others: new Set(),
    /** `STATUS path` of every link or listed document that did not answer 200. */
    broken: [],
    /** Links into a family the build does not write yet (PENDING_FAMILIES). */
    excused: new Set(),
    pending,
    /** Pages whose Content-Type is not text/html. */
    notHtml: [],
    /** Page files (`…/index.html` of files.tsv) that no link reached; null without `dir`. */
    unreachable: null,
    /** API documents fetched and validated. */
    documents: 0,
    /** `path: errors` of API documents invalid against their OpenAPI schema, or not JSON. */
    invalid: [],
    /** API documents no OpenAPI path describes. */
    undescribed: [],
    /** Site paths named by a `url` field of an API document (templates with `{` left out). */
    urls: new Set(),
    /** `url`s of pages (ending in `/`) that are not among the 200 HTML pages reached. */
    urlsNotPages: [],
    /** `url`s of files (not ending in `/`) that are not files of the folder (only with `dir`). */
    urlsNotFiles: [],
    ms: 0,
  };

  const checkDocument = (path, text) => {
    report.documents++;
    let doc;
    try {
      doc = JSON.parse(text);
    } catch {
      report.invalid.push(`${path}: not JSON`);
      return;
    }
    urlsOf(doc, siteUrl, report.urls);
    const route = validatorOf(path.slice(API.length));
    if (!route) return void report.undescribed.push(path);
    if (!route.validate(doc))
      report.invalid.push(
        `${path} (${route.template}): ${JSON.stringify(route.validate.errors?.slice(0, 3))}`,
      );
  };

  const seen = new Set([`${origin}/`]);
  const queue = [`${origin}/`];
  const visit = async (url) => {
    const path = url.slice(origin.length);
    const isPage = path.endsWith("/");
    const isDocument = path.startsWith(`${API}/`) && path.endsWith(".json");
    const res = await fetch(url, { method: isPage || isDocument ? "GET" : "HEAD" });
    const body = isPage || isDocument ? await res.text() : "";
    if (res.status !== 200) {
      if (pending.some((family) => path.startsWith(`/${family}`))) report.excused.add(path);
      else report.broken.push(`${res.status} ${path}`);
      return;
    }
    if (isDocument) checkDocument(path, body);
    if (!isPage) return void report.others.add(path);
    const type = res.headers.get("content-type") ?? "";
    report.pages.set(path, type);
    if (!/^text\/html/.test(type)) report.notHtml.push(`${path}: ${type}`);
    for (const link of linksOf(body, url)) {
      if (link.startsWith(`${origin}/`) && !seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  };
  await pool(queue, concurrency, visit);

  if (files) {
    // Every API document of the folder, linked from a page or not.
    const rest = [...files]
      .filter((f) => f.startsWith(`${API.slice(1)}/`) && f.endsWith(".json"))
      .map((f) => `${origin}/${f}`)
      .filter((url) => !seen.has(url));
    for (const url of rest) seen.add(url);
    await pool(rest, concurrency, visit);
    report.unreachable = [...files]
      .filter((f) => f === "index.html" || f.endsWith("/index.html"))
      .map((f) => `/${f.replace(/index\.html$/, "")}`)
      .filter((path) => !report.pages.has(path));
  }

  const urls = [...report.urls].filter((u) => !u.includes("{"));
  report.urlsNotPages = urls.filter((u) => u.endsWith("/") && !report.pages.has(u));
  if (files) report.urlsNotFiles = urls.filter((u) => !u.endsWith("/") && !files.has(u.slice(1)));
  report.ms = Date.now() - started;
  return report;
}

/** Every problem of a report, one line each (empty: the site passed). */
export function problemsOf(report) {
  return [
    ...report.broken.map((b) => `broken link: ${b}`),
    ...(report.pending.length === 0
      ? [...report.excused].map((p) => `excused but the family exists: ${p}`)
      : []),
    ...report.notHtml.map((p) => `page not text/html: ${p}`),
    ...(report.unreachable ?? []).map((p) => `page file not reachable from /: ${p}`),
    ...report.invalid.map((p) => `invalid against api/openapi.json: ${p}`),
    ...report.undescribed.map((p) => `API document not described by api/openapi.json: ${p}`),
    ...report.urlsNotPages.map((u) => `url of an API document is not a 200 HTML page: ${u}`),
    ...report.urlsNotFiles.map((u) => `url of an API document is not a file of the folder: ${u}`),
  ];
}

/** A few summary lines of a report. */
export function summaryOf(report) {
  const downloads = [...report.others].filter((p) => p.startsWith("/downloads/")).length;
  const assets = [...report.others].filter((p) => p.startsWith("/assets/")).length;
  return [
    `crawl ${report.base}: ${report.pages.size} pages, ${report.others.size} other files (${downloads} downloads, ${assets} assets), ${report.broken.length} broken, ${report.excused.size} excused${report.pending.length ? ` (pending: ${report.pending.join(", ")})` : ""}`,
    `  page files not reached: ${report.unreachable === null ? "not checked (no --dir)" : report.unreachable.length}`,
    `  API documents: ${report.documents} validated against api/openapi.json, ${report.invalid.length} invalid, ${report.undescribed.length} undescribed`,
    `  urls in API documents: ${report.urls.size}, ${report.urlsNotPages.length} not a 200 page, ${report.urlsNotFiles.length} not a file`,
    `  in ${(report.ms / 1000).toFixed(1)} s`,
  ];
}
