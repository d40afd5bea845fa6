// A crawl of the sample from `/` through the project's own server, following every internal link.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_URL, serveSample } from "../helpers/sample-site.js";
import { listed } from "./helpers/pages.js";

/**
 * API documents written by other parts of the build (per-clinic and per-network documents). Pages link to them
 * already; a link into such a family is excused only while the build writes no file of that family at all.
 */
const PENDING_FAMILIES = ["api/v1/clinic/", "api/v1/networks/"];

/** Every `href`/`src` of a page, resolved against its address; fragments dropped. */
function linksOf(html: string, base: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
    const u = new URL((m[1] as string).replace(/&amp;/g, "&"), base);
    u.hash = "";
    out.push(u.href);
  }
  return out;
}

/** Runs `work` on every item of `queue` (which may grow while it runs), `concurrency` at a time. */
function pool<T>(queue: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let active = 0;
  return new Promise((resolve, reject) => {
    const pump = () => {
      if (queue.length === 0 && active === 0) return resolve();
      while (active < concurrency && queue.length > 0) {
        const item = queue.shift() as T;
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

/** Every site page named by a `url` field of an API document (site path, e.g. `/clinics/texas/`). */
async function documentUrls(dir: string): Promise<Set<string>> {
  const urls = new Set<string>();
  const collect = (node: unknown, key = "") => {
    if (Array.isArray(node)) for (const v of node) collect(v, key);
    else if (node && typeof node === "object")
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) collect(v, k);
    else if (key === "url" && typeof node === "string" && node.startsWith(`${SITE_URL}/`))
      urls.add(node.slice(SITE_URL.length));
  };
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.name.endsWith(".json")) collect(JSON.parse(await readFile(full, "utf8")));
    }
  };
  await walk(dir);
  return urls;
}

describe("crawl from / through the server", () => {
  let served: Awaited<ReturnType<typeof serveSample>>;
  const pages = new Map<string, string>(); // path → content type
  const others = new Set<string>();
  const broken: string[] = [];
  const excused = new Set<string>();
  let pending: string[] = [];
  let files: Set<string>;

  beforeAll(async () => {
    served = await serveSample();
    const origin = served.server.url.replace(/\/$/, "");
    files = new Set((await listed(served.out)).map((f) => f.path));
    pending = PENDING_FAMILIES.filter((family) => ![...files].some((f) => f.startsWith(family)));
    const seen = new Set<string>([`${origin}/`]);
    const queue = [`${origin}/`];
    await pool(queue, 8, async (url) => {
      const path = url.slice(origin.length);
      const isPage = path.endsWith("/");
      const res = await fetch(url, { method: isPage ? "GET" : "HEAD" });
      const body = isPage ? await res.text() : "";
      if (res.status !== 200) {
        if (pending.some((family) => path.startsWith(`/${family}`))) excused.add(path);
        else broken.push(`${res.status} ${path}`);
        return;
      }
      if (!isPage) return void others.add(path);
      pages.set(path, res.headers.get("content-type") ?? "");
      for (const link of linksOf(body, url)) {
        if (link.startsWith(`${origin}/`) && !seen.has(link)) {
          seen.add(link);
          queue.push(link);
        }
      }
    });
  });
  afterAll(() => served?.cleanup());

  it("finds 0 broken links: every page, API document, download and asset linked from a page answers 200", () => {
    expect(broken).toEqual([]);
    if (pending.length === 0) expect(excused.size).toBe(0);
    for (const [path, type] of pages) expect(type, path).toMatch(/^text\/html/);
    const pageFiles = [...files].filter((f) => f.endsWith("index.html"));
    expect(pages.size, "every page is reachable from /").toBe(pageFiles.length);
    expect([...others].filter((p) => p.startsWith("/downloads/")).length).toBeGreaterThanOrEqual(6);
    expect([...others].some((p) => p.startsWith("/assets/"))).toBe(true);
  });

  it("every url in every API document is one of those 200 HTML pages (or a file of the folder)", async () => {
    const urls = [...(await documentUrls(join(served.out, "api/v1")))].filter((u) => !u.includes("{"));
    const pageUrls = urls.filter((u) => u.endsWith("/"));
    expect(pageUrls.length).toBeGreaterThan(8600);
    expect(pageUrls.filter((u) => !pages.has(u))).toEqual([]);
    expect(urls.filter((u) => !u.endsWith("/") && !files.has(u.slice(1)))).toEqual([]);
  });
});
