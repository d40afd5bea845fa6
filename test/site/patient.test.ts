/// <reference lib="dom" />
// The site as a patient on a phone uses it, in real Chromium (Debian's, via playwright-core) at 390×844: near me
// with the position granted and refused, the open-now filter at a fixed clock (one page, and a list in pages),
// offline once seen, a new release picked up, the Spanish pages; screenshots for people to look at.
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type CitiesList,
  type ClinicsByCity,
  type DirectorySource,
  isOpen,
  type NearestResult,
  nearest,
  nextChange,
} from "@urgent-care-directory/sdk";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en, es, statusText } from "../../src/i18n/words.js";
import type { NetworksList } from "../../src/schema/documents.js";
import { sampleSite } from "../helpers/sample-build.js";
import { tempDir } from "../helpers/sample-site.js";
import { launchChromium, launchChromiumProfile, RUN_BROWSER_TESTS } from "./helpers/browser.js";
import { type StaticSite, serveStatic } from "./helpers/static-server.js";

/** Where the browser tests leave what people look at (git-ignored). */
export const SCREENSHOTS = join(import.meta.dirname, "../../test-output/screenshots");

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
/** Downtown Austin, and its ZIP code. */
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const ZIP = "78701";
/** A Wednesday, 10:30 in Austin: some clinics open, some not. */
const WEDNESDAY = new Date("2026-05-06T15:30:00Z");

describe.runIf(RUN_BROWSER_TESTS)("the site on a phone (Chromium)", () => {
  const root = sampleSite();
  let browser: Browser;
  let site: StaticSite;
  /** Every document `nearest` read in Node, in order: what the page may read, and no more. */
  const counting = (log: string[]): DirectorySource => ({
    cities: async () => {
      log.push("/cities.json");
      return JSON.parse(await readFile(join(root, "api/v1/cities.json"), "utf8")) as CitiesList;
    },
    clinics: async (state, city) => {
      log.push(`/clinics/${state}/${city}.json`);
      return JSON.parse(
        await readFile(join(root, `api/v1/clinics/${state}/${city}.json`), "utf8"),
      ) as ClinicsByCity;
    },
  });

  /** Austin's clinics as the API publishes them. */
  const austin = async () =>
    JSON.parse(await readFile(join(root, "api/v1/clinics/texas/austin.json"), "utf8")) as ClinicsByCity;

  beforeAll(async () => {
    [browser, site] = await Promise.all([
      launchChromium(),
      serveStatic(root),
      mkdir(SCREENSHOTS, { recursive: true }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /**
   * A phone's browser context in Austin's time zone; `problems` collects errors and requests elsewhere. The service
   * worker is off but where a test is about it (`serviceWorkers: "allow"`): it would save every page as it goes.
   */
  async function phone(options: Parameters<Browser["newContext"]>[0] = {}, on: StaticSite = site) {
    const context = await browser.newContext({
      ...PHONE,
      timezoneId: "America/Chicago",
      serviceWorkers: "block",
      ...options,
    });
    const problems: string[] = [];
    const api: string[] = [];
    context.on("request", (r) => {
      const url = new URL(r.url());
      if (url.origin !== on.origin) problems.push(`request to another origin: ${r.url()}`);
      // The page's own requests (those the service worker makes for it would count them twice).
      if (url.pathname.startsWith("/api/v1/") && !r.serviceWorker())
        api.push(url.pathname.slice("/api/v1".length));
      // The position never leaves the device: no request carries it.
      if (r.url().includes("30.267") || r.url().includes("97.743"))
        problems.push(`position sent: ${r.url()}`);
    });
    context.on("page", (p) =>
      p.on("console", (m) => {
        if (m.type() === "error") problems.push(`console: ${m.text()}`);
      }),
    );
    return { context, problems, api };
  }

  const resultsOf = (page: Page) =>
    page.$$eval("[data-near-results] li.clinic", (items) =>
      items.map((li) => ({
        href: li.querySelector(":is(h2, h3) a")?.getAttribute("href") ?? "",
        status: li.querySelector(".status")?.textContent ?? "",
        distance: li.querySelector(".distance strong")?.textContent ?? "",
        call: li.querySelector('a[href^="tel:"]')?.getAttribute("href") ?? null,
        directions: li.querySelector("a.button-secondary")?.getAttribute("href") ?? null,
      })),
    );

  const expected = (results: NearestResult[], words = en, prefix = "") =>
    results.map((r) => ({
      href: `${prefix}${new URL(r.clinic.url).pathname}`,
      status: statusText(words, nextChange(r.clinic, WEDNESDAY)),
      distance: words.distance(r.distanceKm / 1.609344, r.clinic.coordinates_source === "zip_centroid"),
      call: r.clinic.phone ? `tel:+1${r.clinic.phone.replace(/\D/g, "").slice(-10)}` : null,
      directions: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(r.clinic.address ?? r.clinic.coordinates ?? "")}`,
    }));

  it("near me, position granted: the 10 nearest clinics as the SDK's nearest finds them, with status, distance, Call and Directions, from as few documents", async () => {
    const { context, problems, api } = await phone({ geolocation: AUSTIN, permissions: ["geolocation"] });
    const page = await context.newPage();
    await page.clock.setFixedTime(WEDNESDAY);
    await page.goto(`${site.origin}/`);
    api.length = 0;
    await page.getByRole("button", { name: "Use my location" }).click();
    await page.waitForSelector("[data-near-results] li.clinic");
    const read: string[] = [];
    const want = await nearest(counting(read), AUSTIN.latitude, AUSTIN.longitude, { limit: 10 });
    expect(await resultsOf(page)).toEqual(expected(want));
    expect(await page.textContent("[data-near-status]")).toBe("10 nearest clinics to you");
    // The same documents as nearest itself reads, each once: cities.json, then the fewest city documents.
    expect(api).toEqual(read);
    await page.locator("[data-near-status]").evaluate((el) => el.scrollIntoView());
    await page.screenshot({ path: join(SCREENSHOTS, "near-me-results-en.png") });

    // Open now only: the nearest clinics known to be open, none closed or of unknown hours.
    await page.getByRole("checkbox", { name: "Open now only" }).first().check();
    await page.waitForFunction(() =>
      document.querySelector("[data-near-status]")?.textContent?.includes("open"),
    );
    const open = await nearest(counting([]), AUSTIN.latitude, AUSTIN.longitude, {
      limit: 10,
      openAt: WEDNESDAY,
    });
    const shown = await resultsOf(page);
    expect(shown).toEqual(expected(open));
    expect(shown.every((s) => s.status.startsWith("Open now") || s.status === "Open 24 hours")).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("near me, position refused: says so, moves to the ZIP code box, and a ZIP code or a city gives the list", async () => {
    const { context, problems } = await phone(); // no permission: the browser refuses the position
    const page = await context.newPage();
    await page.clock.setFixedTime(WEDNESDAY);
    await page.goto(`${site.origin}/near-me/`);
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect
      .poll(() => page.textContent("[data-near-status]"))
      .toContain("Enter a ZIP code or city instead");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("near-place");
    await page.keyboard.type(ZIP);
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-near-results] li.clinic");
    const shard = JSON.parse(await readFile(join(root, "assets/zips/787.json"), "utf8")) as Record<
      string,
      [number, number]
    >;
    const [lat, lng] = shard[ZIP] as [number, number];
    expect(await resultsOf(page)).toEqual(expected(await nearest(counting([]), lat, lng, { limit: 10 })));
    expect(await page.textContent("[data-near-status]")).toBe(`10 nearest clinics to ZIP code ${ZIP}`);
    // The place is kept in the address's fragment (never sent), so the list comes back on reload.
    expect(new URL(page.url()).hash).toBe(`#q=${ZIP}`);
    // A city by name, and a place that matches nothing.
    await page.fill("#near-place", "austin, tx");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.textContent("[data-near-status]")).toBe("10 nearest clinics to Austin, TX");
    await page.fill("#near-place", "Nowhere Town");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.textContent("[data-near-status]"))
      .toContain("No ZIP code or city with clinics");
    expect(problems).toEqual([]);
    await context.close();
  });

  it('approximate positions say so: "about 3 mi" and a note, never a precise distance', async () => {
    // No service worker (`phone`'s default): the test's changed document must reach the page (a worker's fetches
    // bypass routes).
    const { context } = await phone({ geolocation: AUSTIN, permissions: ["geolocation"] });
    const page = await context.newPage();
    // The sample places every clinic precisely: this city's document, as the page reads it, marks one approximate.
    await page.route("**/api/v1/clinics/texas/austin.json", async (route) => {
      const doc = await austin();
      doc.clinics = doc.clinics.map((c) => ({ ...c, coordinates_source: "zip_centroid" as const }));
      await route.fulfill({ json: doc });
    });
    await page.goto(`${site.origin}/near-me/`);
    await page.getByRole("button", { name: "Use my location" }).click();
    await page.waitForSelector("[data-near-results] li.clinic");
    const items = await page.$$eval("[data-near-results] li.clinic", (lis) =>
      lis.map((li) => ({
        distance: li.querySelector(".distance strong")?.textContent ?? "",
        text: li.textContent ?? "",
      })),
    );
    const approximate = items.filter((i) => i.distance.startsWith("about "));
    expect(approximate.length).toBeGreaterThan(0);
    for (const i of approximate) {
      expect(i.distance).toMatch(/^about \d+ mi$/);
      expect(i.text).toContain("Location approximate");
    }
    await context.close();
  });

  it("the open-now filter at a fixed clock: a city's list, and a network's list across all its pages", async () => {
    const { context, problems, api } = await phone();
    const page = await context.newPage();
    await page.clock.setFixedTime(WEDNESDAY);
    const doc = await austin();
    await page.goto(`${site.origin}/clinics/texas/austin/`);
    // Every status reads as the SDK says, in the same words; unknown hours are "Hours not known", never closed.
    const statuses = await page.$$eval("ul[data-list] li.clinic .status", (els) =>
      els.map((e) => e.textContent),
    );
    expect(statuses).toEqual(doc.clinics.map((c) => statusText(en, nextChange(c, WEDNESDAY))));
    await page.getByRole("checkbox", { name: "Open now only" }).last().check();
    const visible = await page.$$eval("ul[data-list] li.clinic", (lis) =>
      lis
        .filter((li) => !(li as HTMLElement).hidden)
        .map((li) => li.querySelector("h3 a")?.getAttribute("href")),
    );
    const open = doc.clinics.filter((c) => isOpen(c, WEDNESDAY) === true);
    expect(visible).toEqual(open.map((c) => new URL(c.url).pathname));
    expect(open.length).toBeGreaterThan(0);
    expect(open.length).toBeLessThan(doc.clinics.length);
    expect(await page.textContent("[data-filter-status]")).toBe(
      `${open.length} of ${doc.count} clinics open now`,
    );

    // The largest network is in pages: the filter reads its documents and lists every open clinic of all pages.
    const networks = JSON.parse(await readFile(join(root, "api/v1/networks.json"), "utf8")) as NetworksList;
    const largest = networks.networks.reduce((a, b) => (b.clinic_count > a.clinic_count ? b : a));
    const members = JSON.parse(await readFile(join(root, `api/v1${largest.path}`), "utf8")) as ClinicsByCity;
    await page.goto(`${site.origin}${new URL(largest.url).pathname}page-2/`);
    api.length = 0;
    await page.getByRole("checkbox", { name: "Open now only" }).last().check();
    await page.waitForSelector("ul[data-list-all]");
    const across = await page.$$eval("ul[data-list-all] li.clinic h3 a", (as) =>
      as.map((a) => a.getAttribute("href")),
    );
    const openInNetwork = members.clinics.filter((c) => isOpen(c, WEDNESDAY) === true);
    expect(across).toEqual(openInNetwork.map((c) => new URL(c.url).pathname));
    expect(await page.isVisible(".pager")).toBe(false);
    expect(api).toEqual([largest.path]);
    await page.getByRole("checkbox", { name: "Open now only" }).last().uncheck();
    expect(await page.locator("ul[data-list-all]").count()).toBe(0);
    expect(await page.isVisible(".pager")).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("works offline once seen: the clinic page with its phone number, the near-me results; an unseen page says it is offline", async () => {
    // A server of its own, which this test stops: no connection at all, as on a phone without signal.
    const own = await serveStatic(root);
    const { context, problems } = await phone({ serviceWorkers: "allow" }, own);
    const site = own;
    const page = await context.newPage();
    await page.clock.setFixedTime(WEDNESDAY);
    const doc = await austin();
    const clinic = doc.clinics[0] as ClinicsByCity["clinics"][number];
    const clinicPath = new URL(clinic.url).pathname;
    await page.goto(`${site.origin}${clinicPath}`);
    // The service worker installs, takes the page and saves it.
    const saved = (path: string) =>
      page.evaluate(async (p) => {
        for (const key of await caches.keys()) if (await (await caches.open(key)).match(p)) return true;
        return false;
      }, path);
    await expect.poll(() => saved(clinicPath), { timeout: 15_000 }).toBe(true);
    await page.goto(`${site.origin}/near-me/#zip=${ZIP}`);
    await page.waitForSelector("[data-near-results] li.clinic");
    const online = await resultsOf(page);

    await own.close();
    await context.setOffline(true);
    await page.goto(`${site.origin}${clinicPath}`);
    expect(await page.textContent("h1")).toBe(clinic.name);
    expect(await page.getAttribute(".actions a.button", "href")).toMatch(/^tel:\+1\d{10}$/);
    await page.goto(`${site.origin}/near-me/#zip=${ZIP}`);
    await page.waitForSelector("[data-near-results] li.clinic");
    expect(await resultsOf(page)).toEqual(online);
    await page.goto(`${site.origin}/clinics/wyoming/`);
    expect(await page.textContent("h1")).toBe("You are offline");
    expect(
      problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to fetch/.test(p)),
    ).toEqual([]);
    await context.close();
  });

  it("is installable on a phone's home screen, in each language: Chromium finds no installability error", async () => {
    // A browser with a profile: Chromium never offers to install from an incognito-like context.
    const profile = await tempDir("ucd-profile-");
    const context = await launchChromiumProfile(profile.dir, PHONE);
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    for (const [prefix, start] of [
      ["", "/"],
      ["/es", "/es/"],
    ] as const) {
      await page.goto(`${site.origin}${prefix}/near-me/`);
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
      const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; data: string };
      expect(JSON.parse(manifest.data).start_url).toBe(start);
    }
    await context.close();
    await profile.cleanup();
  });

  it("picks up a new release: a changed sw.js replaces the release's cache, and the new pages are what opens offline", async () => {
    const own = await serveStatic(root);
    const site = own;
    const { context } = await phone({ serviceWorkers: "allow" }, own);
    const page = await context.newPage();
    const path = "/clinics/texas/austin/";
    await page.goto(`${site.origin}${path}`);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    const before = await page.evaluate(() => caches.keys());
    // The next release: its service worker names another version, and the city page has changed.
    const sw = await readFile(join(root, "sw.js"), "utf8");
    const html = await readFile(join(root, "clinics/texas/austin/index.html"), "utf8");
    site.overlay.set("/sw.js", sw.replace(/"version":"[0-9a-f]+"/, '"version":"0000000000000001"'));
    site.overlay.set(path, html.replace("<h1>", "<h1>Next release: "));
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      // The release's own cache replaced (what the reader opened is kept apart, in ucd-saved).
      const releases = (keys: string[]) => keys.filter((k) => k !== "ucd-saved");
      await expect
        .poll(async () => releases(await page.evaluate(() => caches.keys())), { timeout: 15_000 })
        .toEqual([expect.not.stringMatching(new RegExp(`^(${releases(before).join("|")})$`))]);
      await page.goto(`${site.origin}${path}`);
      expect(await page.textContent("h1")).toMatch(/^Next release: /);
      await own.close();
      await context.setOffline(true);
      await page.reload();
      expect(await page.textContent("h1")).toMatch(/^Next release: /);
    } finally {
      await context.close();
      await own.close();
    }
  });

  it("keeps an opened clinic page across a release, with the stylesheet it names, offline; refreshes it once online", async () => {
    const own = await serveStatic(root);
    const { context } = await phone({ serviceWorkers: "allow" }, own);
    const page = await context.newPage();
    const clinic = (await austin()).clinics[1] as ClinicsByCity["clinics"][number];
    const path = new URL(clinic.url).pathname;
    /** The saved copy of a path, from whichever cache holds it; null when none does. */
    const savedCopy = (p: string) =>
      page.evaluate(async (p) => {
        for (const key of await caches.keys()) {
          const hit = await (await caches.open(key)).match(p);
          if (hit) return hit.text();
        }
        return null;
      }, p);
    /** The page's heading, and how many rules of the site's stylesheet it got (0: not loaded). */
    const shown = () =>
      page.evaluate(() => ({
        h1: document.querySelector("h1")?.textContent,
        rules: [...document.styleSheets]
          .filter((sheet) => /\/assets\/site-[^/]+\.css$/.test(sheet.href ?? ""))
          .reduce((n, sheet) => {
            try {
              return n + sheet.cssRules.length;
            } catch {
              return n; // a stylesheet that did not load
            }
          }, 0),
      }));
    try {
      await page.goto(`${own.origin}${path}`);
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
      await expect.poll(() => savedCopy(path), { timeout: 15_000 }).toContain(clinic.name);
      // The reader moves on: the next release arrives while another page is open.
      await page.goto(`${own.origin}/`);
      const before = await page.evaluate(() => caches.keys());

      // The next release: another version, and its stylesheet under another name — the page read last week names
      // the old one, which the new release's worker does not save.
      const sw = await readFile(join(root, "sw.js"), "utf8");
      const css = /"(\/assets\/site-[0-9a-f]+\.css)"/.exec(sw)?.[1] as string;
      const nextCss = css.replace(/-[0-9a-f]+\.css$/, "-00000000aa.css");
      own.overlay.set(
        "/sw.js",
        sw.replace(/"version":"[0-9a-f]+"/, '"version":"0000000000000002"').replace(css, nextCss),
      );
      own.overlay.set(nextCss, await readFile(join(root, css), "utf8"));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await expect
        .poll(() => page.evaluate(() => caches.keys()), { timeout: 15_000 })
        .toContain("ucd-0000000000000002");
      await expect
        .poll(() => page.evaluate(() => caches.keys()), { timeout: 15_000 })
        .not.toContain(before.find((k) => k !== "ucd-saved"));
      // The release also changed the clinic's page.
      const html = await readFile(join(root, path.slice(1)), "utf8");
      own.overlay.set(path, html.replace("<h1>", "<h1>Next release: "));

      // Offline before the page was fetched again: last week's copy, styled by last week's stylesheet.
      await context.setOffline(true);
      await page.goto(`${own.origin}${path}`);
      expect(await shown()).toEqual({ h1: clinic.name, rules: expect.any(Number) });
      expect((await shown()).rules).toBeGreaterThan(10);
      expect(await page.getAttribute(".actions a.button", "href")).toMatch(/^tel:\+1\d{10}$/);

      // Online again, the first request fetches the saved pages again: they become the new release's.
      await context.setOffline(false);
      await page.goto(`${own.origin}/`);
      await expect.poll(() => savedCopy(path), { timeout: 15_000 }).toContain("<h1>Next release: ");
      await own.close();
      await context.setOffline(true);
      await page.goto(`${own.origin}${path}`);
      expect((await shown()).h1).toBe(`Next release: ${clinic.name}`);
      expect((await shown()).rules).toBeGreaterThan(10);
    } finally {
      await context.close();
      await own.close();
    }
  });

  it("in Spanish: every page at /es/, hreflang both ways, a language switch, Spanish statuses and near me; screenshots", async () => {
    const { context, problems } = await phone({ geolocation: AUSTIN, permissions: ["geolocation"] });
    const page = await context.newPage();
    await page.clock.setFixedTime(WEDNESDAY);
    const doc = await austin();
    const clinic = doc.clinics[0] as ClinicsByCity["clinics"][number];
    const path = new URL(clinic.url).pathname;
    for (const [lang, prefix] of [
      ["en", ""],
      ["es", "/es"],
    ] as const) {
      await page.goto(`${site.origin}${prefix}/`);
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      await page.screenshot({ path: join(SCREENSHOTS, `home-${lang}.png`) });
      await page.goto(`${site.origin}${prefix}${path}`);
      await page.screenshot({ path: join(SCREENSHOTS, `clinic-${lang}.png`) });
      const links = await page.$$eval('link[rel="alternate"][hreflang]', (ls) =>
        ls.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]),
      );
      expect(links).toEqual([
        ["en", clinic.url],
        ["es", clinic.url.replace(/^(https:\/\/[^/]+)/, "$1/es")],
        ["x-default", clinic.url],
      ]);
    }
    // The switch leads to the same page in the other language, and back.
    await page.getByRole("link", { name: "English" }).click();
    await page.waitForURL(`**${path}`);
    await page.getByRole("link", { name: "Español" }).click();
    await page.waitForURL(`**/es${path}`);
    expect(await page.textContent("h1")).toBe(clinic.name); // clinic data unchanged
    expect(await page.textContent("main .status")).toBe(statusText(es, nextChange(clinic, WEDNESDAY)));
    expect(await page.textContent("main")).toContain("Horario");
    // Near me in Spanish.
    await page.goto(`${site.origin}/es/near-me/`);
    await page.getByRole("button", { name: "Usar mi ubicación" }).click();
    await page.waitForSelector("[data-near-results] li.clinic");
    const want = await nearest(counting([]), AUSTIN.latitude, AUSTIN.longitude, { limit: 10 });
    expect(await resultsOf(page)).toEqual(expected(want, es, "/es"));
    expect(await page.textContent("[data-near-status]")).toBe("10 clínicas más cercanas a usted");
    await page.locator("[data-near-status]").evaluate((el) => el.scrollIntoView());
    await page.screenshot({ path: join(SCREENSHOTS, "near-me-results-es.png") });
    expect(problems).toEqual([]);
    await context.close();
  });
});
