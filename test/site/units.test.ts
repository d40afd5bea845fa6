import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeHours, encodeHours, type HoursData } from "../../src/browser/hours-data.js";
import { OutputWriter } from "../../src/render/output/writer.js";
import { faviconIco } from "../../src/render/site/favicon.js";
import { bytes, clock, count, percent, plural, telHref, zoneName } from "../../src/render/site/format.js";
import { hoursSummary } from "../../src/render/site/hours.js";
import { escapeHtml, html, jsonForScript, raw, safeHttpUrl } from "../../src/render/site/html.js";
import { openingHoursSpecification } from "../../src/render/site/jsonld.js";
import { markdown } from "../../src/render/site/pages/api-reference.js";
import { SitemapWriter, xmlText } from "../../src/render/site/sitemap.js";
import { tempDir } from "../helpers/sample-site.js";

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
  });
  it.each(["", "x", "America/Chicago|0|7-19||||||", "America/Chicago|0||||||"])("refuse %j", (text) =>
    expect(decodeHours(text)).toBeNull(),
  );
  it("read in one line, runs of days joined", () => {
    expect(hoursSummary(WEEK)).toBe(
      "Mon to Tue: 7am to 7pm; Wed: 7am to 12:30pm, 1:30pm to 7pm; Thu: 7am to 7pm; Fri: 8pm to 2am; Sat: Open 24 hours; Sun: Closed",
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
    [clock("07:00"), "7am"],
    [clock("12:00"), "midday"],
    [clock("00:00"), "midnight"],
    [clock("24:00"), "midnight"],
    [clock("19:30"), "7:30pm"],
    [clock("12:15"), "12:15pm"],
    [count(1234567), "1,234,567"],
    [plural(1, "city", "cities"), "1 city"],
    [plural(2, "city", "cities"), "2 cities"],
    [percent(0.9731), "97.3%"],
    [bytes(512), "512 bytes"],
    [bytes(4_512_003), "4.3 MB"],
    [zoneName("America/Chicago"), "Central Time (America/Chicago)"],
    [zoneName("Europe/Paris"), "Europe/Paris"],
    [telHref("(512) 555-0134"), "tel:+15125550134"],
    [telHref("+1 512 555 0134"), "tel:+15125550134"],
    [telHref("javascript:alert(1)"), null],
  ])("%j → %j", (got, want) => expect(got).toBe(want));

  it("renders the little Markdown of the OpenAPI descriptions, escaped first", () => {
    expect(markdown("**A.** `<b>`\n\nB").value).toBe(
      "<p><strong>A.</strong> <code>&lt;b&gt;</code></p>\n<p>B</p>",
    );
  });
});

describe("sitemap", () => {
  it("splits at the limit and lists the files in the index", async () => {
    const tmp = await tempDir();
    try {
      const out = new OutputWriter(join(tmp.dir, "o"), { compression: "fast" });
      const map = new SitemapWriter(out, (p) => `https://x.example${p}`, 3);
      for (const p of ["/a/", "/b/", "/c/", "/d/?x&y", "/e/"]) await map.add(p);
      expect(await map.finish()).toEqual(["sitemaps/sitemap-1.xml", "sitemaps/sitemap-2.xml"]);
      await out.finish();
      const read = (f: string) => readFile(join(tmp.dir, "o", f), "utf8");
      expect((await read("sitemaps/sitemap-1.xml")).match(/<loc>/g)).toHaveLength(3);
      const second = await read("sitemaps/sitemap-2.xml");
      expect(second).toContain("<loc>https://x.example/d/?x&amp;y</loc>");
      expect(second.endsWith("</urlset>\n")).toBe(true);
      expect(
        brotliDecompressSync(await readFile(join(tmp.dir, "o", "sitemaps/sitemap-2.xml.br"))).toString(),
      ).toBe(second);
      expect(await read("sitemap.xml")).toContain("<loc>https://x.example/sitemaps/sitemap-2.xml</loc>");
      expect(xmlText("<'\">")).toBe("&lt;&apos;&quot;&gt;");
    } finally {
      await tmp.cleanup();
    }
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
