// Static checks of the sample site as built once for the suite: every page there, valid, light, inert.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { HtmlValidate } from "html-validate";
import { beforeAll, describe, expect, it } from "vitest";
import type { CitiesList, ClinicsByCity, NetworksList, StatesList } from "../../src/schema/documents.js";
import { expectEqual } from "../helpers/equal.js";
import { sampleSite } from "../helpers/sample-build.js";
import { SITE_URL } from "../helpers/sample-site.js";
import { readJson } from "../helpers/tree.js";
import { kindOf, type Listed, pageWeight, representativePages, urlOf } from "./helpers/pages.js";

interface ClinicLd {
  "@context": string;
  "@type": string;
  name: string;
  url: string;
  address: Record<string, string>;
  telephone?: string;
  geo?: unknown;
  openingHoursSpecification?: { dayOfWeek: string | string[]; opens: string }[];
  parentOrganization?: unknown;
}

const root = sampleSite();
let all: Listed[];
let sizes: Map<string, number>;
let pageFiles: string[];
let files: Awaited<ReturnType<typeof representativePages>>["files"];
let spanish: Awaited<ReturnType<typeof representativePages>>["spanish"];
/** Every page's text, read once. */
const bodies = new Map<string, string>();

beforeAll(async () => {
  const rep = await representativePages(root);
  all = rep.all;
  sizes = rep.sizes;
  files = rep.files;
  spanish = rep.spanish;
  pageFiles = all.map((f) => f.path).filter((p) => p.endsWith(".html"));
  // Read synchronously: ~9,000 small files, several times faster than through the thread pool.
  for (const f of pageFiles) bodies.set(f, readFileSync(join(root, f), "utf8"));
});

const read = async (file: string) => bodies.get(file) ?? readFile(join(root, file), "utf8");
/** The file of a page: a folder's `index.html`, or a clinic's page file itself. */
const pageOf = (url: string) => {
  const path = url.slice(SITE_URL.length + 1);
  return path.endsWith(".html") ? path : `${path}index.html`;
};
const have = (file: string) => sizes.has(file);

describe("pages of the sample site", () => {
  it("has a page for every state, city, clinic and network of the documents, and the site's other pages", async () => {
    const states = await readJson<StatesList>(root, "api/v1/states.json");
    const cities = await readJson<CitiesList>(root, "api/v1/cities.json");
    const networks = await readJson<NetworksList>(root, "api/v1/networks.json");
    const have = new Set(pageFiles);
    const urls = [...states.states.map((s) => s.url), ...networks.networks.map((n) => n.url)];
    let clinics = 0;
    for (const c of cities.cities) {
      urls.push(c.url);
      const doc = await readJson<ClinicsByCity>(root, `api/v1${c.path}`);
      for (const clinic of doc.clinics) urls.push(clinic.url);
      clinics += doc.count;
    }
    expect(
      urls.filter((url) => !have.has(pageOf(url))),
      "entries without a page",
    ).toEqual([]);
    const count = (kind: string) => pageFiles.filter((p) => kindOf(p) === kind).length;
    expect(count("state")).toBe(51);
    expect(count("city")).toBe(cities.count);
    expect(count("clinic")).toBe(clinics);
    expect(count("network")).toBe(networks.count);
    for (const f of [
      "index.html",
      "404.html",
      "about/index.html",
      "docs/index.html",
      "networks/index.html",
      "near-me/index.html",
      "offline.html",
    ])
      expect(have.has(f), f).toBe(true);
    // Every page in Spanish too, at the same path under /es/.
    const english = pageFiles.filter(
      (p) => !p.startsWith("es/") && (p.endsWith("index.html") || kindOf(p) === "clinic"),
    );
    expect(english.filter((p) => !have.has(`es/${p}`))).toEqual([]);
    expect(pageFiles.filter((p) => p.startsWith("es/")).length).toBe(english.length);
    for (const f of [
      "robots.txt",
      "llms.txt",
      "sitemap.xml",
      "favicon.svg",
      "favicon.ico",
      "sw.js",
      "manifest.webmanifest",
      "es/manifest.webmanifest",
      "icons/icon-192.png",
      "icons/icon-512.png",
      "icons/icon-maskable-512.png",
      "icons/apple-touch-icon.png",
    ])
      expect(sizes.has(f), f).toBe(true);
  });

  it("are valid HTML (html-validate, recommended rules): every kind of page, and a spread of clinic pages", async () => {
    const validator = new HtmlValidate({ extends: ["html-validate:recommended"] });
    const clinicPages = pageFiles.filter((p) => kindOf(p) === "clinic");
    const chosen = [
      ...Object.values(files),
      ...Object.values(spanish),
      "404.html",
      "offline.html",
      "clinics/wyoming/index.html",
      ...clinicPages.filter((_, i) => i % 500 === 0),
    ];
    const problems: string[] = [];
    for (const file of chosen) {
      const report = await validator.validateString(await read(file), file);
      for (const r of report.results)
        for (const m of r.messages) problems.push(`${file}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
    }
    expect(problems).toEqual([]);
  });

  it("have no inline script, inline style, style attribute or event handler (the CSP forbids them)", async () => {
    const bad: string[] = [];
    for (const file of pageFiles) {
      const body = await read(file);
      for (const m of body.matchAll(/<script\b([^>]*)>/g)) {
        const attrs = m[1] as string;
        if (!/\ssrc="[^"]+"/.test(attrs) && !/type="application\/ld\+json"/.test(attrs))
          bad.push(`${file}: ${m[0]}`);
      }
      if (/<style\b|\sstyle="|\son[a-z]+="|javascript:/i.test(body))
        bad.push(`${file}: inline style/handler`);
      if (/(?:src|href)="(?:https?:)?\/\/[^"]*"[^>]*rel="stylesheet"|<script[^>]+src="https?:/i.test(body))
        bad.push(`${file}: asset from another origin`);
    }
    expect(bad).toEqual([]);
  });

  it("are light: a city page ≤ 30 KB and a clinic page ≤ 15 KB brotli, with their CSS and script, in each language", async () => {
    for (const set of [files, spanish]) {
      expect(await pageWeight(root, sizes, set.city), set.city).toBeLessThanOrEqual(30 * 1024);
      expect(await pageWeight(root, sizes, set.clinic), set.clinic).toBeLessThanOrEqual(15 * 1024);
    }
  });

  it("carry long lists in pages: no list page outweighs the heaviest city page by more than a quarter", async () => {
    const listPage = (p: string) =>
      kindOf(p) === "city" || kindOf(p) === "network" || kindOf(p) === "list-page";
    const heaviest = (pred: (p: string) => boolean) =>
      Math.max(...pageFiles.filter(pred).map((p) => sizes.get(p) ?? 0));
    const city = heaviest((p) => kindOf(p) === "city");
    const lists = heaviest(listPage);
    expect(lists).toBeLessThanOrEqual(city * 1.25);
    // The largest network is in pages, each with links to the others, and a list of where each state starts.
    const networks = await readJson<NetworksList>(root, "api/v1/networks.json");
    const largest = networks.networks.reduce((a, b) => (b.clinic_count > a.clinic_count ? b : a));
    const first = await read(pageOf(largest.url));
    const pageCount = Math.ceil(largest.clinic_count / 100);
    expect(pageCount).toBeGreaterThan(1);
    for (let n = 2; n <= pageCount; n++) {
      expect(first, `link to page ${n}`).toContain(`href="${urlOf(pageOf(largest.url))}page-${n}/"`);
      expect(have(`${pageOf(largest.url).replace(/index\.html$/, "")}page-${n}/index.html`)).toBe(true);
    }
    // Every clinic of the network is on exactly one of its pages.
    let listed = 0;
    for (let n = 1; n <= pageCount; n++) {
      const body = await read(
        `${pageOf(largest.url).replace(/index\.html$/, "")}${n === 1 ? "" : `page-${n}/`}index.html`,
      );
      listed += (body.match(/<li class="clinic">/g) ?? []).length;
    }
    expect(listed).toBe(largest.clinic_count);
  });

  it("carry schema.org MedicalClinic JSON-LD on every clinic page, matching the clinic's document", async () => {
    const cities = await readJson<CitiesList>(root, "api/v1/cities.json");
    let checked = 0;
    for (const c of cities.cities) {
      const doc = await readJson<ClinicsByCity>(root, `api/v1${c.path}`);
      for (const clinic of doc.clinics) {
        const body = await read(pageOf(clinic.url));
        const blocks = [...body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
        expect(blocks, clinic.url).toHaveLength(1);
        const ld = JSON.parse(blocks[0]?.[1] as string) as ClinicLd;
        const [lat, lng] = clinic.coordinates?.split(",").map(Number) ?? [];
        const days = (specs: NonNullable<ClinicLd["openingHoursSpecification"]>) =>
          specs.flatMap((s) => (Array.isArray(s.dayOfWeek) ? s.dayOfWeek : [s.dayOfWeek])).length;
        const parent = ld.parentOrganization as { "@type"?: string; name?: string } | undefined;
        // What the page says, next to what the clinic's document says: one comparison per clinic.
        expectEqual(
          {
            context: ld["@context"],
            type: ld["@type"],
            name: ld.name,
            url: ld.url,
            address: [ld.address["@type"], ld.address.addressLocality, ld.address.addressRegion],
            country: ld.address.addressCountry,
            telephone: ld.telephone,
            geo: ld.geo,
            openingDays: clinic.hours
              ? days(ld.openingHoursSpecification ?? [])
              : ld.openingHoursSpecification,
            parent: parent && { type: parent["@type"], name: parent.name },
            canonical: body.includes(`<link rel="canonical" href="${clinic.url}">`),
          },
          {
            context: "https://schema.org",
            type: "MedicalClinic",
            name: clinic.name,
            url: clinic.url,
            address: ["PostalAddress", doc.city.name, doc.city.state.code],
            country: "US",
            telephone: clinic.phone ?? undefined,
            geo: clinic.coordinates
              ? { "@type": "GeoCoordinates", latitude: lat, longitude: lng }
              : undefined,
            openingDays: clinic.hours ? Object.values(clinic.hours.weekly).flat().length : undefined,
            parent: clinic.network ? { type: "Organization", name: clinic.network } : undefined,
            canonical: true,
          },
          clinic.url,
        );
        checked++;
      }
    }
    expect(checked).toBe(8600);
  });

  it("name their assets after their content and load only those", async () => {
    const assets = all.map((f) => f.path).filter((p) => /^assets\/[^/]+$/.test(p) && !/\.(br|gz)$/.test(p));
    expect(assets.length).toBe(4); // the stylesheet, the no-JavaScript stylesheet, the site script, near me's script
    for (const a of assets) {
      const hash = createHash("sha256")
        .update(await readFile(join(root, a)))
        .digest("hex")
        .slice(0, 10);
      expect(a).toMatch(new RegExp(`-${hash}\\.(css|js)$`));
    }
    const home = await read("index.html");
    for (const m of home.matchAll(/(?:href|src)="\/(assets\/[^"]+)"/g)) expect(assets).toContain(m[1]);
  });

  it("list every page in the sitemap (an index of files of at most 50,000 URLs); robots.txt names it", async () => {
    const index = await read("sitemap.xml");
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      (m[1] as string).slice(SITE_URL.length + 1),
    );
    expect(parts.length).toBeGreaterThan(0);
    const urls = new Set<string>();
    for (const part of parts) {
      const body = await read(part);
      expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
      const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
      expect(locs.length).toBeLessThanOrEqual(50_000);
      for (const l of locs) urls.add(l);
    }
    const expected = pageFiles
      .filter((p) => p.endsWith("index.html") || kindOf(p.replace(/^es\//, "")) === "clinic")
      .map((p) => `${SITE_URL}${urlOf(p)}`);
    expect([...urls].sort()).toEqual(expected.sort());
    expect(await read("robots.txt")).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  it("describe the API for language models in llms.txt: endpoints, licence, credit line", async () => {
    const text = await read("llms.txt");
    const index = await readJson<{ endpoints: { url: string }[]; license: { attribution: string } }>(
      root,
      "api/v1/index.json",
    );
    for (const e of index.endpoints) expect(text).toContain(e.url);
    expect(text).toContain("CC-BY-4.0");
    expect(text).toContain(index.license.attribution);
    expect(text).toContain("SYNTHETIC");
  });

  it("document the API at /docs/: every endpoint with a live example, every schema, errors, caching, CORS, the SDK", async () => {
    const docs = await read("docs/index.html");
    const openapi = await readJson<{
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    }>(root, "api/openapi.json");
    for (const path of Object.keys(openapi.paths)) expect(docs).toContain(`<code>GET ${path}</code>`);
    for (const name of Object.keys(openapi.components.schemas)) expect(docs).toContain(`id="schema-${name}"`);
    for (const word of [
      "ETag",
      "Access-Control-Allow-Origin",
      "npm install @urgent-care-directory/sdk",
      '"not_found"',
    ])
      expect(docs).toContain(word.replace(/"/g, "&quot;"));
    const live = [...docs.matchAll(/Try it: <a href="([^"]+)"/g)].map((m) => m[1] as string);
    // Every endpoint has a live example but those with no document in this build: the changes document (a
    // first release has none) and a network's second page (no sample network has over 1,000 clinics).
    expect(docs.match(/Try it: no such document in this release yet\./g)).toHaveLength(2);
    expect(live).toHaveLength(Object.keys(openapi.paths).length - 2);
    for (const href of live) expect(sizes.has(href.slice(1)), href).toBe(true);
  });

  it("ship browser scripts bundled from the current sources (scripts/bundle-browser.mjs --check)", () => {
    const run = spawnSync(process.execPath, ["scripts/bundle-browser.mjs", "--check"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
