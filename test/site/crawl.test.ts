// A crawl from `/` through the project's own server, following every internal link, with every API document
// validated against the published OpenAPI document: scripts/site-check.mjs over a whole build of the small
// fixture (every kind of page and document, ~60 clinics). CI runs the same crawl over the whole sample against
// `ucd start`, nginx, Caddy and Varnish (scripts/crawl.mjs in .ci/run), ~20 s each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSite, problemsOf, type SiteReport } from "../../scripts/site-check.mjs";
import { fromRecords } from "../../src/dataset/store.js";
import { serveBuild, smallRecords } from "../helpers/sample-site.js";
import { listed } from "./helpers/pages.js";

describe("crawl from / through the server", () => {
  let served: Awaited<ReturnType<typeof serveBuild>>;
  const clinics = smallRecords().clinics.length;
  let report: SiteReport;
  let files: Set<string>;

  beforeAll(async () => {
    served = await serveBuild(fromRecords(smallRecords()));
    files = new Set((await listed(served.out)).map((f) => f.path));
    report = await checkSite(served.server.url, { dir: served.out });
  });
  afterAll(() => served?.cleanup());

  it("finds 0 broken links: every page, API document, download and asset linked from a page answers 200", () => {
    expect(report.broken).toEqual([]);
    if (report.pending.length === 0) expect(report.excused.size).toBe(0);
    for (const [path, type] of report.pages) expect(type, path).toMatch(/^text\/html/);
    const pageFiles = [...files].filter((f) => f.endsWith("index.html"));
    expect(report.pages.size, "every page is reachable from /").toBe(pageFiles.length);
    expect(report.unreachable).toEqual([]);
    expect([...report.others].filter((p) => p.startsWith("/downloads/")).length).toBeGreaterThanOrEqual(6);
    expect([...report.others].some((p) => p.startsWith("/assets/"))).toBe(true);
  });

  it("every url in every API document is one of those 200 HTML pages (or a file of the folder)", () => {
    const urls = [...report.urls].filter((u) => !u.includes("{"));
    expect(urls.filter((u) => u.endsWith("/")).length).toBeGreaterThan(clinics);
    expect(report.urlsNotPages).toEqual([]);
    expect(report.urlsNotFiles).toEqual([]);
  });

  it("every API document of the folder is served and valid against api/openapi.json", () => {
    const documents = [...files].filter((f) => f.startsWith("api/v1/") && f.endsWith(".json"));
    expect(report.documents).toBe(documents.length);
    expect(report.invalid).toEqual([]);
    expect(report.undescribed).toEqual([]);
    expect(problemsOf(report)).toEqual([]);
  });
});
