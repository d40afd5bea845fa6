/// <reference lib="dom" />
// Real Chromium (Debian's, driven by playwright-core) on the sample site served with the server's CSP.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { nextChange } from "@urgent-care-directory/sdk";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en, statusText } from "../../src/i18n/words.js";
import type { ClinicsByCity } from "../../src/schema/documents.js";
import { sampleSite } from "../helpers/sample-build.js";
import { launchChromium, RUN_BROWSER_TESTS } from "../site/helpers/browser.js";
import { representativePages, urlOf } from "../site/helpers/pages.js";
import { type StaticSite, serveStatic } from "../site/helpers/static-server.js";

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface Watched {
  page: Page;
  problems: string[];
}

describe.runIf(RUN_BROWSER_TESTS)("the site in Chromium", () => {
  let browser: Browser;
  let site: StaticSite;
  let pages: Awaited<ReturnType<typeof representativePages>>;
  const root = sampleSite();

  beforeAll(async () => {
    [browser, site, pages] = await Promise.all([
      launchChromium(),
      serveStatic(root),
      representativePages(root),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /** A new page that records console errors, failed requests, CSP reports and every request to another origin. */
  async function watched(): Promise<Watched> {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      // The 404 page's own status is reported on the console: that one is expected.
      if (m.location().url.endsWith("/no-such-page/")) return;
      if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("request", (r) => {
      if (new URL(r.url()).origin !== site.origin) problems.push(`request to another origin: ${r.url()}`);
    });
    page.on("requestfailed", (r) => {
      const error = r.failure()?.errorText;
      // Chromium asks for the icon on its own, after the page's load event: the test's next navigation may cancel
      // it (seen on a busy machine). A cancelled icon is not the site's failure; any other failure of it is.
      if (r.url().endsWith("/favicon.svg") && error === "net::ERR_ABORTED") return;
      problems.push(`request failed: ${r.url()} (${error})`);
    });
    page.on("response", (r) => {
      if (r.status() >= 400 && !r.url().endsWith("/no-such-page/"))
        problems.push(`${r.status()}: ${r.url()}`);
    });
    page.on("dialog", (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    return { page, problems };
  }

  it("each kind of page loads with no console error, no failed request and nothing from another origin; axe finds no violation (none serious or critical, none at all)", async () => {
    const report: Record<string, string[]> = {};
    const { spanish } = pages;
    const paths = [
      ...Object.values(pages.files).map(urlOf),
      ...[spanish.home, spanish.city, spanish.clinic, spanish.near, spanish.network].map(urlOf),
      "/no-such-page/",
    ];
    // Two tabs take turns through the pages: Chromium runs each tab's page and axe in its own renderer.
    const tabs = 2;
    const problems = await Promise.all(
      Array.from({ length: tabs }, async (_, tab) => {
        const { page, problems } = await watched();
        for (let i = tab; i < paths.length; i += tabs) {
          const path = paths[i] as string;
          const res = await page.goto(site.origin + path, { waitUntil: "load" });
          expect(res?.status(), path).toBe(path === "/no-such-page/" ? 404 : 200);
          await page.evaluate(AXE);
          const violations = await page.evaluate(async () => {
            const axe = (
              globalThis as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<AxeResults> } }
            ).axe;
            const results = await axe.run(document, { resultTypes: ["violations"] });
            return results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
          });
          // The bar is 0 serious or critical; the pages meet 0 of any impact, and keep to it.
          report[path] = violations.map((v) => `${v.id} (${v.impact}, ${v.nodes} nodes)`);
        }
        await page.close();
        return problems;
      }),
    );
    expect(problems.flat()).toEqual([]);
    expect(report).toEqual(Object.fromEntries(paths.map((p) => [p, []])));
  });

  it("status lines agree with the SDK's nextChange at fixed clocks, in the clinic's time zone; unknown hours are never \"closed\"", async () => {
    const cityFile = pages.files.city;
    const doc = JSON.parse(
      await readFile(join(root, "api/v1", `${urlOf(cityFile).replace(/\/$/, "")}.json`), "utf8"),
    ) as ClinicsByCity;
    // A reader in the city's own time zone: times with no zone named.
    const context = await browser.newContext({ timezoneId: doc.city.timezone ?? "UTC" });
    for (const instant of ["2026-05-06T15:30:00Z", "2026-05-10T06:10:00Z"]) {
      const page = await context.newPage();
      const at = new Date(instant);
      await page.clock.setFixedTime(at);
      await page.goto(site.origin + urlOf(cityFile));
      const shown = await page.$$eval("li.clinic", (items) =>
        items.map((li) => {
          const badge = li.querySelector<HTMLElement>(".status");
          return {
            href: li.querySelector("h3 a")?.getAttribute("href") ?? "",
            badge: badge ? (badge.hidden ? "hidden" : (badge.textContent ?? "")) : "none",
          };
        }),
      );
      const want = doc.clinics.map((c) => ({
        href: new URL(c.url).pathname,
        badge: statusText(en, nextChange(c, at)),
      }));
      expect(shown).toEqual(want);
      expect(
        new Set(shown.map((s) => s.badge.split(" · ")[0])).size,
        "open and closed both appear",
      ).toBeGreaterThan(1);
      for (const s of shown) if (s.badge === en.status.unknown) expect(s.badge).not.toMatch(/closed/i);
      await page.close();
    }
    await context.close();
    // A reader elsewhere (another time zone): the clinic's zone is named after its times; the clinic page too.
    const away = await browser.newContext({ timezoneId: "Pacific/Honolulu" });
    const page = await away.newPage();
    await page.clock.setFixedTime(new Date("2026-05-06T15:30:00Z"));
    await page.goto(site.origin + urlOf(pages.files.clinic));
    const badge = await page.$eval("main .status", (el) => (el as HTMLElement).textContent ?? "");
    expect(badge).toMatch(
      /^(Open now · closes|Closed now · opens) .+ \((E|C|M|P|AK|H)[SD]T\)$|^Open 24 hours$|^Hours not known$/,
    );
    await away.close();
  });

  it("without JavaScript every page is complete but for near me and open-now; the 911 notice is there", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/`);
    expect(await page.isVisible("[data-near-me]")).toBe(false);
    expect(await page.isVisible('aside.emergency a[href="tel:911"]')).toBe(true);
    expect(await page.locator("main ul.columns a").count()).toBe(51);
    await page.goto(site.origin + urlOf(pages.files.city));
    expect(await page.locator("[data-hours]:visible").count()).toBe(0);
    expect(await page.locator("li.clinic").count()).toBeGreaterThan(0);
    // The near-me page leads to the states instead.
    await page.goto(`${site.origin}/near-me/`);
    expect(await page.locator("[data-no-js] a").count()).toBe(51);
    await context.close();
  });

  it("no page scrolls sideways on a phone, 320 and 390 px wide, in English and Spanish (long API addresses wrap)", async () => {
    const paths = [
      ...Object.values(pages.files).map(urlOf),
      ...Object.values(pages.spanish).map(urlOf),
      `/near-me/#zip=78701`,
      `/es/near-me/#zip=78701`,
    ];
    const wide: string[] = [];
    for (const width of [320, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        isMobile: true,
        serviceWorkers: "block",
      });
      const page = await context.newPage();
      for (const path of paths) {
        await page.goto(site.origin + path);
        if (path.includes("#zip=")) await page.waitForSelector("[data-near-results] li.clinic");
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scroll > width) wide.push(`${path} at ${width}: ${scroll}`);
      }
      await context.close();
    }
    expect(wide).toEqual([]);
  });

  it("typing a clinic's name in the home page's one box reaches its page (the SDK's search), with its status now", async () => {
    const doc = JSON.parse(
      await readFile(join(root, "api/v1", `${urlOf(pages.files.city).replace(/\/$/, "")}.json`), "utf8"),
    ) as ClinicsByCity;
    const target = doc.clinics[0];
    if (!target) throw new Error("empty city");
    const { page, problems } = await watched();
    await page.goto(`${site.origin}/`);
    // The sample reuses names across cities (as chains do): a visitor adds the city, as anyone would.
    await page
      .getByLabel(/town, address, ZIP code or clinic/)
      .pressSequentially(`${target.name} ${doc.city.name}`);
    await page.locator(`[data-suggest] a[href="${new URL(target.url).pathname}"]`).click();
    await page.waitForURL(`**${new URL(target.url).pathname}`);
    expect(await page.locator("h1").textContent()).toBe(target.name);
    expect(problems).toEqual([]);
    await page.close();
  });
});

interface AxeResults {
  violations: { id: string; impact: string | null; nodes: unknown[] }[];
}
