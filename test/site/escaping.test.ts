/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// A build from data with hostile names and web sites renders them as inert text; a site under a path prefix
// links within the prefix.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromRecords } from "../../src/dataset/store.js";
import type { FlatDataset } from "../../src/dataset/types.js";
import { renderSite } from "../../src/render/build.js";
import { SAMPLE_BUILD, smallRecords, tempDir } from "../helpers/sample-site.js";
import { launchChromium, RUN_BROWSER_TESTS } from "./helpers/browser.js";
import { serveStatic } from "./helpers/static-server.js";

const NAME = "</script><script>alert(1)</script>";
const ATTR = '"><img src=x onerror=alert(2)>';
const NETWORK = "<b onmouseover=alert(3)>Evil & Co</b>";
const WEBSITE = 'https://evil.example/"><script>alert(4)</script>';
const CITY = "Town <script>alert(5)</script>";
/** A name of 200 characters without a space (issue 36): it must wrap on a phone, not widen the page. */
const LONG = `Urgentcare${"Xylophonicmedicalcentre".repeat(9)}`.slice(0, 200);

function hostile(): FlatDataset {
  const base = smallRecords();
  const first = base.clinics[0];
  if (!first) throw new Error("no clinic");
  const cityOf = (c: { state: string; city_slug: string }) =>
    c.state === first.state && c.city_slug === first.city_slug;
  const clinics = base.clinics.map((c, i) =>
    i === 0
      ? {
          ...c,
          name: NAME,
          network: NETWORK,
          website: WEBSITE,
          neighborhood: ATTR,
          services: [ATTR],
          insurance: [NAME],
        }
      : i === 1
        ? { ...c, name: ATTR, network: NETWORK, address: NAME, phone: "javascript:alert(6)" }
        : i === 2
          ? {
              ...c,
              name: LONG,
              website: `https://example.com/${"a".repeat(180)}`,
              address: `${LONG}, ${c.address}`,
            }
          : c,
  );
  return {
    ...base,
    clinics: clinics.map((c) => (cityOf(c) ? { ...c, city: CITY } : c)),
    cities: base.cities.map((c) =>
      cityOf({ state: c.state, city_slug: c.slug }) ? { ...c, name: CITY } : c,
    ),
    networks: [...base.networks, { name: NETWORK, wikidata: null }],
    source: {
      ...base.source,
      upstream: [{ name: ATTR, publisher: NAME, url: "javascript:alert(7)", license: NAME, date: null }],
    },
  };
}

async function pagesOf(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.name.endsWith(".html")) out.set(relative(dir, full), await readFile(full, "utf8"));
    }
  };
  await walk(dir);
  return out;
}

describe("escaping: a build from hostile data", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let pages: Map<string, string>;
  beforeAll(async () => {
    tmp = await tempDir();
    out = join(tmp.dir, "out");
    await renderSite(fromRecords(hostile()), out, SAMPLE_BUILD);
    pages = await pagesOf(out);
  });
  afterAll(() => tmp?.cleanup());

  it("shows every value as text: no element, attribute, handler or javascript: link comes from the data", () => {
    const clinicPage = [...pages].find(([, body]) => body.includes("&lt;/script&gt;&lt;script&gt;alert(1)"));
    expect(clinicPage, "the hostile name is shown, escaped").toBeDefined();
    for (const [file, body] of pages) {
      for (const m of body.matchAll(/<script\b[^>]*>/g))
        expect(m[0], file).toMatch(
          /^<script (?:type="module" src="\/assets\/[a-z-]+-[0-9a-f]{10}\.js"|type="application\/ld\+json")>$/,
        );
      // No hostile value appears as written: each is escaped wherever it lands (text, attribute, JSON-LD).
      for (const raw of [NAME, ATTR, NETWORK, CITY, "<script>alert", "<img", 'href="javascript:'])
        expect(body.includes(raw), `${file} holds ${raw}`).toBe(false);
    }
  });

  it("writes JSON-LD that parses back to the exact values and cannot close its element", () => {
    const [, body] = [...pages].find(([, b]) => b.includes("<h1>&lt;/script&gt;")) ?? [];
    expect(body).toBeDefined();
    const blocks = [...(body as string).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
    expect(blocks).toHaveLength(1);
    const text = blocks[0]?.[1] as string;
    expect(text).not.toMatch(/<|>/);
    const ld = JSON.parse(text) as { name: string; parentOrganization: { name: string }; sameAs?: string };
    expect(ld.name).toBe(NAME);
    expect(ld.parentOrganization.name).toBe(NETWORK);
  });

  it("links only http(s) addresses: the hostile web site is a percent-encoded https link, the javascript: source is text", () => {
    const all = [...pages.values()].join("\n");
    expect(all).toContain('href="https://evil.example/%22%3E%3Cscript%3Ealert(4)%3C/script%3E"');
    const about = pages.get("about/index.html") as string;
    expect(about).toContain("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;");
    expect(about).not.toContain("javascript:");
  });

  it.runIf(RUN_BROWSER_TESTS)(
    "runs nothing in Chromium: no dialog, no error; the names read as written",
    async () => {
      const browser = await launchChromium();
      const site = await serveStatic(out);
      try {
        const page = await browser.newPage();
        const problems: string[] = [];
        page.on("dialog", (d) => {
          problems.push(`dialog ${d.message()}`);
          void d.dismiss();
        });
        page.on("pageerror", (e) => problems.push(e.message));
        const clinic = [...pages.keys()].find((f) => pages.get(f)?.includes("<h1>&lt;/script&gt;")) as string;
        const city = clinic.replace(/[^/]+\.html$/, "index.html");
        const network = [...pages.keys()].find(
          (f) => /^networks\/[^/]+\/index\.html$/.test(f) && pages.get(f)?.includes("<h1>&lt;b "),
        ) as string;
        expect(network, "the hostile network has a page").toBeDefined();
        expect(pages.get(city)).toContain("<h1>Urgent care clinics in Town &lt;script&gt;alert(5)");
        for (const f of ["about/index.html", "404.html", network, city, clinic]) {
          await page.goto(`${site.origin}/${f.replace(/index\.html$/, "")}`);
          // What the browser built: no handler attribute, no image, no javascript: link, only the site's scripts.
          const dom = await page.evaluate(() => ({
            handlers: [...document.querySelectorAll("*")].flatMap((el) =>
              [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => `${el.tagName} ${a.name}`),
            ),
            images: document.querySelectorAll("img").length,
            jsLinks: document.querySelectorAll('[href^="javascript:" i]').length,
            scripts: [...document.scripts]
              .map((s) => s.getAttribute("src") ?? s.type)
              .filter((s) => !/^\/assets\/[a-z-]+-[0-9a-f]{10}\.js$/.test(s) && s !== "application/ld+json"),
          }));
          expect(dom, f).toEqual({ handlers: [], images: 0, jsLinks: 0, scripts: [] });
        }
        expect(await page.locator("h1").textContent()).toBe(NAME);
        // A 200-character name without a space, and a long web address, wrap on a 320 px phone: no page scrolls
        // sideways (its clinic page, its city, the network pages, in both languages).
        const phone = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true });
        const narrow = await phone.newPage();
        const long = [...pages.keys()].find((f) => pages.get(f)?.includes(`<h1>${LONG}</h1>`)) as string;
        expect(long, "the long name has a page").toBeDefined();
        const wide: string[] = [];
        for (const f of [long, long.replace(/[^/]+\.html$/, "index.html"), network, "networks/index.html"])
          for (const prefix of ["", "es/"]) {
            await narrow.goto(`${site.origin}/${prefix}${f.replace(/index\.html$/, "")}`);
            const width = await narrow.evaluate(() => document.documentElement.scrollWidth);
            if (width > 320) wide.push(`${prefix}${f}: ${width}`);
          }
        expect(wide).toEqual([]);
        await phone.close();
        expect(problems).toEqual([]);
      } finally {
        await browser.close();
        await site.close();
      }
    },
  );
});

describe("a site under a path prefix (--site-url https://example.org/ucd)", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  beforeAll(async () => {
    tmp = await tempDir();
    out = join(tmp.dir, "out");
    await renderSite(fromRecords(smallRecords()), out, {
      ...SAMPLE_BUILD,
      siteUrl: "https://example.org/ucd",
    });
  });
  afterAll(() => tmp?.cleanup());

  it("links every page, asset, API document and download within the prefix, to files that exist", async () => {
    const pages = await pagesOf(out);
    const bad: string[] = [];
    for (const [file, body] of pages) {
      for (const m of body.matchAll(/\s(?:href|src)="(\/[^"]*)"/g)) {
        const link = (m[1] as string).replace(/#.*$/, "");
        if (!link.startsWith("/ucd/")) bad.push(`${file}: ${link}`);
        else if (!link.startsWith("/ucd/api/v1/clinic/") && !link.startsWith("/ucd/api/v1/networks/")) {
          const target = join(out, link.slice(5), link.endsWith("/") ? "index.html" : "");
          if (!(await readFile(target).catch(() => null))) bad.push(`${file}: ${link} (missing)`);
        }
      }
    }
    expect(bad).toEqual([]);
    const home = pages.get("index.html") as string;
    expect(home).toContain('data-api="/ucd/api/v1"');
    expect(home).toContain('<link rel="canonical" href="https://example.org/ucd/">');
  });
});

describe("notices", () => {
  it("real data has no synthetic banner, and old data says so on every page; a clinic placed at its ZIP code's centre says so on its page", async () => {
    const tmp = await tempDir();
    try {
      const base = smallRecords();
      const placed = base.clinics[0];
      if (!placed) throw new Error("no clinic");
      const old: FlatDataset = {
        ...base,
        clinics: base.clinics.map((c, i) =>
          i === 0 ? { ...c, coordinates_source: "zip_centroid" as const } : c,
        ),
        source: { ...base.source, name: "Test import", synthetic: false },
        recordDates: { oldest: "2008-03-01", newest: "2009-01-20" },
      };
      const out = join(tmp.dir, "out");
      await renderSite(fromRecords(old), out, SAMPLE_BUILD);
      const pages = await pagesOf(out);
      for (const [file, body] of pages) {
        expect(body, file).not.toContain("Synthetic sample data");
        expect(body, file).not.toContain("Datos de muestra sintéticos");
        // The 404 and offline pages speak both languages; the others their own.
        // A record's date is when its source last updated it: never called a confirmation.
        if (!file.startsWith("es/"))
          expect(body, file).toContain("This data is old: its newest record is dated 2009-01-20");
        else
          expect(body, file).toContain(
            "Estos datos son antiguos: su registro más reciente tiene fecha del 20 de enero de 2009",
          );
        expect(body, file).not.toMatch(/last confirmed|was confirmed|were confirmed|se confirm|confirmaron/i);
      }
      const own = [...pages].filter(([f]) => f.endsWith(`/${placed.id}.html`));
      expect(own, "its page in English and in Spanish").toHaveLength(2);
      for (const [file, body] of own)
        expect(body, file).toContain(
          file.startsWith("es/")
            ? "Su posición en el mapa es aproximada (el centro del área de su código postal)"
            : "Its position on the map is approximate (the centre of its ZIP code area)",
        );
      const others = [...pages].filter(
        ([f]) => /\/[a-z0-9]{12}\/index\.html$/.test(f) && !f.includes(placed.id),
      );
      for (const [file, body] of others) expect(body, file).not.toContain("approximate (the centre");
    } finally {
      await tmp.cleanup();
    }
  });
});
