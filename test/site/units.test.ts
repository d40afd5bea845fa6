import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { decodeHours, encodeHours, type HoursData } from "../../src/browser/hours-data.js";
import { directionsHref, telHref } from "../../src/browser/links.js";
import { fromRecords } from "../../src/dataset/store.js";
import { pages as enPages } from "../../src/i18n/en.js";
import { pages as esPages } from "../../src/i18n/es.js";
import { en, es, statusText } from "../../src/i18n/words.js";
import { createContext } from "../../src/render/context.js";
import { faviconIco } from "../../src/render/site/favicon.js";
import { bytes } from "../../src/render/site/format.js";
import { hoursSummary } from "../../src/render/site/hours.js";
import { ICONS, iconPng } from "../../src/render/site/icons.js";
import { openingHoursSpecification } from "../../src/render/site/jsonld.js";
import { manifestFile } from "../../src/render/site/manifest.js";
import { pagedPath, splitPages } from "../../src/render/site/paged.js";
import { markdown } from "../../src/render/site/pages/api-reference.js";
import { type SiteContext, siteContexts } from "../../src/render/site/site.js";
import { SITEMAP_MAX_URLS, sitemapIndexes, urlset, xmlText } from "../../src/render/site/sitemap.js";
import { escapeHtml, html, jsonForScript, raw, safeHttpUrl } from "../../src/util/html.js";
import { foldPlace, placeShard } from "../../src/util/place-names.js";
import { smallRecords } from "../helpers/sample-site.js";

const WEEK: HoursData = {
  timezone: "America/Chicago",
  open_24_hours: false,
  weekly: {
    mon: [{ open: "07:00", close: "19:00" }],
    tue: [{ open: "07:00", close: "19:00" }],
    wed: [
      { open: "07:00", close: "12:30" },
      { open: "13:30", close: "19:00" },
    ],
    thu: [{ open: "07:00", close: "19:00" }],
    fri: [{ open: "20:00", close: "02:00" }],
    sat: [{ open: "00:00", close: "24:00" }],
    sun: [],
  },
};

describe("html helper", () => {
  it.each([
    ["text", html`<p>${"<b>&'\""}</p>`.value, "<p>&lt;b&gt;&amp;&#39;&quot;</p>"],
    ["attribute", html`<a title="${'" onclick="x'}">`.value, '<a title="&quot; onclick=&quot;x">'],
    [
      "nested Html kept",
      html`<ul>${[html`<li>${"a<"}</li>`, html`<li>b</li>`]}</ul>`.value,
      "<ul><li>a&lt;</li><li>b</li></ul>",
    ],
    ["null, false, undefined vanish", html`${null}${false}${undefined}${0}`.value, "0"],
    ["raw trusted markup", html`${raw("<path/>")}`.value, "<path/>"],
  ])("%s", (_, got, want) => expect(got).toBe(want));

  it("escapes the five characters", () => expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;"));

  it.each([
    ["https://a.example/x?y=1", "https://a.example/x?y=1"],
    ["http://a.example", "http://a.example/"],
    ["javascript:alert(1)", null],
    ["JAVASCRIPT:alert(1)", null],
    ["data:text/html,<script>", null],
    ["//evil.example", null],
    ["/relative", null],
    ["", null],
    [null, null],
  ])("safeHttpUrl(%j) is %j", (url, want) => expect(safeHttpUrl(url)).toBe(want));

  it("writes JSON for a script element that cannot close it", () => {
    const text = jsonForScript({ a: "</script><!--", b: "\u2028&" }).value;
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ a: "</script><!--", b: "\u2028&" });
  });
});

describe("hours", () => {
  it("encode and decode without loss", () => {
    expect(decodeHours(encodeHours(WEEK))).toEqual(WEEK);
    const all = { ...WEEK, open_24_hours: true };
    expect(decodeHours(encodeHours(all))).toEqual(all);
    const notKnown = { ...WEEK, weekly: { ...WEEK.weekly, sat: null } };
    expect(encodeHours(notKnown)).toMatch(/\|\?\|\|?$/);
    expect(decodeHours(encodeHours(notKnown))).toEqual(notKnown);
  });
  it("say a day not known in words, not closed, and leave it out of schema.org's days", () => {
    const notKnown = { ...WEEK, weekly: { ...WEEK.weekly, sat: null } };
    expect(hoursSummary({ t: enPages, w: en }, notKnown)).toMatch(/Sat: Not known; Sun: Closed$/);
    expect(hoursSummary({ t: esPages, w: es }, notKnown)).toMatch(/sáb: No se conoce; dom: Cerrado$/);
    expect(JSON.stringify(openingHoursSpecification(notKnown))).not.toContain("Saturday");
  });
  it.each(["", "x", "America/Chicago|0|7-19||||||", "America/Chicago|0||||||"])("refuse %j", (text) =>
    expect(decodeHours(text)).toBeNull(),
  );
  it("read in one line, runs of days joined, in each language", () => {
    expect(hoursSummary({ t: enPages, w: en }, WEEK)).toBe(
      "Mon to Tue: 7\u00a0am to 7\u00a0pm; Wed: 7\u00a0am to 12:30\u00a0pm, 1:30\u00a0pm to 7\u00a0pm; Thu: 7\u00a0am to 7\u00a0pm; Fri: 8\u00a0pm to 2\u00a0am; Sat: Open 24 hours; Sun: Closed",
    );
    expect(hoursSummary({ t: esPages, w: es }, WEEK)).toBe(
      "lun a mar: de 7\u00a0a.\u00a0m. a 7\u00a0p.\u00a0m.; mié: de 7\u00a0a.\u00a0m. a 12:30\u00a0p.\u00a0m., de 1:30\u00a0p.\u00a0m. a 7\u00a0p.\u00a0m.; jue: de 7\u00a0a.\u00a0m. a 7\u00a0p.\u00a0m.; vie: de 8\u00a0p.\u00a0m. a 2\u00a0a.\u00a0m.; sáb: Abierto las 24 horas; dom: Cerrado",
    );
  });
  it("become schema.org specifications, 24:00 written 23:59, each period once per day", () => {
    const specs = openingHoursSpecification(WEEK);
    expect(specs).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["https://schema.org/Monday", "https://schema.org/Tuesday", "https://schema.org/Thursday"],
      opens: "07:00",
      closes: "19:00",
    });
    expect(specs).toContainEqual(
      expect.objectContaining({ dayOfWeek: "https://schema.org/Saturday", closes: "23:59" }),
    );
  });
});

describe("formatting", () => {
  it.each([
    [en.clock("07:00"), "7\u00a0am"],
    [en.clock("12:00"), "noon"],
    [en.clock("00:00"), "midnight"],
    [en.clock("24:00"), "midnight"],
    [en.clock("19:30"), "7:30\u00a0pm"],
    [en.clock("12:15"), "12:15\u00a0pm"],
    [es.clock("07:00"), "7\u00a0a.\u00a0m."],
    [es.clock("13:05"), "1:05\u00a0p.\u00a0m."],
    [es.clock("24:00"), "medianoche"],
    [enPages.count(1234567), "1,234,567"],
    [enPages.cities(1), "1 city"],
    [enPages.cities(2), "2 cities"],
    [esPages.cities(2), "2 ciudades"],
    [enPages.percent(0.9731), "97.3%"],
    [enPages.date("2026-05-01"), "May 1, 2026"],
    [esPages.date("2026-05-01"), "1 de mayo de 2026"],
    [bytes(512, enPages.units), "512 bytes"],
    [bytes(4_512_003, enPages.units), "4.3 MB"],
    [enPages.zone("America/Chicago"), "Central Time (America/Chicago)"],
    [esPages.zone("America/Chicago"), "hora del Centro (America/Chicago)"],
    [enPages.zone("Europe/Paris"), "Europe/Paris"],
    [telHref("(512) 555-0134"), "tel:+15125550134"],
    [telHref("+1 512 555 0134"), "tel:+15125550134"],
    [telHref("javascript:alert(1)"), null],
    [
      directionsHref("1 Main St, Austin, TX", null),
      "https://www.google.com/maps/dir/?api=1&destination=1%20Main%20St%2C%20Austin%2C%20TX",
    ],
    [
      directionsHref(null, { lat: 30.1, lng: -97.2 }),
      "https://www.google.com/maps/dir/?api=1&destination=30.1%2C-97.2",
    ],
    [directionsHref(null, null), null],
    [en.distance(0.04, false), "0.1 mi"],
    [en.distance(3.14, false), "3.1 mi"],
    [en.distance(12.6, false), "13 mi"],
    [en.distance(2.6, true), "about 3 mi"],
    [en.distance(0.2, true), "about 1 mi"],
    [es.distance(2.6, true), "unas 3 mi"],
  ])("%j → %j", (got, want) => expect(got).toBe(want));

  it.each([
    [en, { status: "open", next: { day: "wed", time: "20:00", inDays: 0 } }, "Open now · closes 8\u00a0pm"],
    [
      en,
      { status: "open", next: { day: "thu", time: "02:00", inDays: 1 } },
      "Open now · closes 2\u00a0am tomorrow",
    ],
    [
      en,
      { status: "closed", next: { day: "thu", time: "08:00", inDays: 1 } },
      "Closed now · opens 8\u00a0am tomorrow",
    ],
    [
      en,
      { status: "closed", next: { day: "mon", time: "08:30", inDays: 3 } },
      "Closed now · opens 8:30\u00a0am Monday",
    ],
    [en, { status: "open", next: null }, "Open 24 hours"],
    [en, { status: "closed", next: null }, "Closed now"],
    [en, { status: "unknown", next: null }, "Hours not known"],
    [
      es,
      { status: "open", next: { day: "wed", time: "20:00", inDays: 0 } },
      "Abierto ahora · cierra a las 8\u00a0p.\u00a0m.",
    ],
    [
      es,
      { status: "closed", next: { day: "thu", time: "13:00", inDays: 1 } },
      "Cerrado ahora · abre mañana a la 1\u00a0p.\u00a0m.",
    ],
    [
      es,
      { status: "closed", next: { day: "mon", time: "08:00", inDays: 4 } },
      "Cerrado ahora · abre el lunes a las 8\u00a0a.\u00a0m.",
    ],
    [es, { status: "unknown", next: null }, "Horario no conocido"],
    // Within the hour: how long is left, not the clock time.
    [
      en,
      { status: "open", next: { day: "wed", time: "21:00", inDays: 0, inMinutes: 25 } },
      "Open now · closes in 25\u00a0min",
    ],
    [
      en,
      { status: "open", next: { day: "wed", time: "21:00", inDays: 0, inMinutes: 60 } },
      "Open now · closes 9\u00a0pm",
    ],
    [
      es,
      { status: "open", next: { day: "wed", time: "21:00", inDays: 0, inMinutes: 5 } },
      "Abierto ahora · cierra en 5\u00a0min",
    ],
    [
      en,
      { status: "closed", next: { day: "thu", time: "08:00", inDays: 1, inMinutes: 20 } },
      "Closed now · opens 8\u00a0am tomorrow",
    ],
  ] as const)("status line %#: %j", (words, detail, want) => expect(statusText(words, detail)).toBe(want));

  it("never says closed when the hours are unknown, in any language", () => {
    for (const w of [en, es]) expect(statusText(w, { status: "unknown", next: null })).toBe(w.status.unknown);
    expect(en.status.unknown).not.toMatch(/closed/i);
    expect(es.status.unknown).not.toMatch(/cerrad/i);
  });

  it("folds place names as the near-me box compares them, and files them by their first three characters", () => {
    expect(foldPlace("St. Louis")).toBe("st louis");
    expect(foldPlace("Saint-Louis")).toBe("st louis");
    expect(foldPlace("  Cañon City ")).toBe("canon city");
    expect(foldPlace("Fort Worth, TX")).toBe("ft worth tx");
    expect(placeShard("pflugerville")).toBe("pfl");
    expect(placeShard("st louis")).toBe("st_");
    expect(placeShard("pt")).toBe("pt");
    expect(placeShard("y")).toBeNull();
  });

  it("renders the little Markdown of the OpenAPI descriptions, escaped first", () => {
    expect(markdown("**A.** `<b>`\n\nB").value).toBe(
      "<p><strong>A.</strong> <code>&lt;b&gt;</code></p>\n<p>B</p>",
    );
  });
});

describe("sitemap", () => {
  it("escapes addresses, and cuts an index past the protocol's 50,000 files into numbered ones", () => {
    const one = urlset(["https://x.example/a/", "https://x.example/d/?x&y"]);
    expect(one.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(one).toContain("<loc>https://x.example/d/?x&amp;y</loc>");
    expect(one.endsWith("</urlset>\n")).toBe(true);
    expect(xmlText("<'\">")).toBe("&lt;&apos;&quot;&gt;");
    const files = Array.from({ length: SITEMAP_MAX_URLS + 2 }, (_, i) => `sitemaps/s/${i}.xml`);
    const indexes = sitemapIndexes(files, (p) => `https://x.example${p}`);
    expect(indexes.map((i) => i.file)).toEqual(["sitemap.xml", "sitemap-2.xml"]);
    expect(indexes[1]?.body.match(/<sitemap>/g)).toHaveLength(2);
    expect(indexes[1]?.body).toContain(`<loc>https://x.example/sitemaps/s/${SITEMAP_MAX_URLS + 1}.xml</loc>`);
    expect(() => urlset(files)).toThrow(/at most 50,000/);
  });
});

describe("favicon.ico", () => {
  it("is one 32×32 32-bit image", () => {
    const ico = faviconIco();
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([ico[6], ico[7], ico.readUInt16LE(12)]).toEqual([32, 32, 32]);
    expect(ico.readUInt32LE(14) + 22).toBe(ico.length);
  });
});

describe("links in each language", () => {
  it("prefix page paths (ending in /, before any #) with the language, never files; under the site's own path", () => {
    const ctx = createContext(fromRecords(smallRecords()), { siteUrl: "https://x.example/ucd" });
    const [en, es] = siteContexts(ctx) as [SiteContext, SiteContext];
    expect([
      es.href("/clinics/texas/"),
      es.href("/about/#downloads"),
      es.href("/"),
      es.href("/favicon.svg"),
    ]).toEqual(["/ucd/es/clinics/texas/", "/ucd/es/about/#downloads", "/ucd/es/", "/ucd/favicon.svg"]);
    expect([en.href("/clinics/texas/"), en.hrefIn("es", "/near-me/"), es.hrefIn("en", "/near-me/")]).toEqual([
      "/ucd/clinics/texas/",
      "/ucd/es/near-me/",
      "/ucd/near-me/",
    ]);
    expect([es.canonical("/about/"), es.canonicalIn("en", "/about/"), es.pagePath("/about/")]).toEqual([
      "https://x.example/ucd/es/about/",
      "https://x.example/ucd/about/",
      "/es/about/",
    ]);
    expect(es.apiHref("/states.json")).toBe("/ucd/api/v1/states.json");
    expect(es.local("https://x.example/ucd/clinics/texas/")).toBe("/ucd/es/clinics/texas/");
  });
});

describe("long lists", () => {
  it("split into pages of nearly equal length, none over the limit, the first at the list's own address", () => {
    const sizes = (n: number) => splitPages(Array.from({ length: n }, (_, i) => i)).map((p) => p.length);
    expect(sizes(0)).toEqual([0]);
    expect(sizes(100)).toEqual([100]);
    expect(sizes(101)).toEqual([51, 50]);
    expect(sizes(615)).toEqual([88, 88, 88, 88, 88, 88, 87]);
    expect(splitPages([1, 2, 3, 4, 5], 2).flat()).toEqual([1, 2, 3, 4, 5]);
    expect(pagedPath("/networks/x/", 1)).toBe("/networks/x/");
    expect(pagedPath("/networks/x/", 3)).toBe("/networks/x/page-3/");
  });
});

describe("app icons and manifests", () => {
  it("are PNG images of their size; the maskable one fills its square, the others have transparent corners", () => {
    for (const icon of ICONS) {
      const png = iconPng(icon);
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([icon.size, icon.size]);
      const { data, width } = PNG.sync.read(png);
      const alpha = (x: number, y: number) => data[(y * width + x) * 4 + 3];
      expect(alpha(0, 0), icon.file).toBe(icon.maskable ? 255 : 0);
      // The centre is the white cross.
      const c = ((width >> 1) * width + (width >> 1)) * 4;
      expect([data[c], data[c + 1], data[c + 2], data[c + 3]]).toEqual([255, 255, 255, 255]);
    }
    expect(manifestFile("en")).toBe("manifest.webmanifest");
    expect(manifestFile("es")).toBe("es/manifest.webmanifest");
  });
});

describe("DC is not a state", () => {
  it.each([
    [3, 2, true, "3 clinics in 2 states and DC.", "3 clínicas en 2 estados y Washington D. C."],
    [5, 3, false, "5 clinics in 3 states.", "5 clínicas en 3 estados"],
    [2, 0, true, "2 clinics in DC.", "2 clínicas en Washington D. C."],
  ])("a network of %i clinics in %i states (DC: %s)", (clinics, states, dc, english, spanish) => {
    expect(enPages.network.lead(clinics, states, dc)).toBe(english);
    expect(esPages.network.lead(clinics, states, dc)).toBe(`${spanish}.`);
  });
});
