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
import { lookupFile } from "../../src/browser/lookup-files.js";
import { en, es, statusText } from "../../src/i18n/words.js";
import type { NetworksList } from "../../src/schema/documents.js";
import { sampleSite } from "../helpers/sample-build.js";
import { tempDir } from "../helpers/sample-site.js";
import { launchChromium, launchChromiumProfile, RUN_BROWSER_TESTS } from "../site/helpers/browser.js";
import { type StaticSite, serveStatic } from "../site/helpers/static-server.js";

/** Where the browser tests leave what people look at (git-ignored). */
export const SCREENSHOTS = join(import.meta.dirname, "../../test-output/screenshots");

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
/** Downtown Austin, and its ZIP code. */
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const ZIP = "78701";
/** A Wednesday, 10:30 in Austin: some clinics open, some not. */
const WEDNESDAY = new Date("2026-05-06T15:30:00Z");
/** The same Wednesday at 20:40 in Austin: most clinics closed, some closing within the hour. */
const NIGHT = new Date("2026-05-07T01:40:00Z");

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
        href: li.querySelector(":is(h2, h3, h4) a")?.getAttribute("href") ?? "",
        status: li.querySelector(".status")?.textContent ?? "",
        distance: li.querySelector(".distance strong")?.textContent ?? "",
        call: li.querySelector('a[href^="tel:"]')?.getAttribute("href") ?? null,
        directions: li.querySelector('a[href^="https://www.google.com/maps/"]')?.getAttribute("href") ?? null,
        evidence: li.querySelector(".hint.evidence")?.textContent ?? null,
      })),
    );

  /** A value of one of the site's lookup tables (`assets/zips/`, `assets/places/`), as the page finds it. */
  const fromTable = async <T>(dir: string, key: string): Promise<T | undefined> => {
    const index = JSON.parse(await readFile(join(root, dir, "index.json"), "utf8")) as string[];
    const file = lookupFile(index, key);
    if (file === null) return undefined;
    return (JSON.parse(await readFile(join(root, dir, `${file}.json`), "utf8")) as Record<string, T>)[key];
  };

  /** The results' group headings, in order, and how many clinics each holds. */
  const groupsOf = (page: Page) =>
    page.$$eval("[data-near-results] .group", (hs) =>
      hs.map((h) => `${h.textContent} (${h.nextElementSibling?.querySelectorAll("li.clinic").length})`),
    );

  /** The caption the results should have: where, and how many are open, of unknown hours, closed. */
  const caption = (results: NearestResult[], where: string, words = en) => {
    const n = (s: string) => results.filter((r) => r.status === s).length;
    return words.near.results(where, n("open"), n("unknown"), n("closed"));
  };

  const expected = (results: NearestResult[], words = en, prefix = "", at = WEDNESDAY) =>
    results.map((r) => ({
      href: `${prefix}${new URL(r.clinic.url).pathname}`,
      status: statusText(words, nextChange(r.clinic, at)),
      distance: words.distance(r.distanceKm / 1.609344, r.clinic.coordinates_source === "zip_centroid"),
      call: r.clinic.phone ? `tel:+1${r.clinic.phone.replace(/\D/g, "").slice(-10)}` : null,
      directions: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(r.clinic.address ?? r.clinic.coordinates ?? "")}`,
      // A clinic one source lists is marked so, as in lists; a confirmed one is not.
      evidence: r.clinic.evidence_level === "confirmed" ? null : words.level[r.clinic.evidence_level],
    }));

  it("near me, position granted: the nearest open clinics first, then the others, as the SDK's nearest (openFirst) finds them, with status, distance, Call and Directions, from as few documents", async () => {
    const { context, problems, api } = await phone({ geolocation: AUSTIN, permissions: ["geolocation"] });
    const page = await context.newPage();
    await page.clock.setFixedTime(WEDNESDAY);
    await page.goto(`${site.origin}/`);
    api.length = 0;
    await page.getByRole("button", { name: "Use my location" }).click();
    await page.waitForSelector("[data-near-results] li.clinic");
    const read: string[] = [];
    const want = await nearest(counting(read), AUSTIN.latitude, AUSTIN.longitude, {
      limit: 10,
      openFirst: WEDNESDAY,
    });
    expect(await resultsOf(page)).toEqual(expected(want));
    expect(await page.textContent("[data-near-status]")).toBe(caption(want, "you"));
    expect(want.filter((r) => r.status === "open")).toHaveLength(10);
    // The same documents as nearest itself reads, each once: cities.json, then the fewest city documents.
    expect(api).toEqual(read);
    await page.locator("[data-near-status]").evaluate((el) => el.scrollIntoView());
    await page.screenshot({ path: join(SCREENSHOTS, "near-me-results-en.png") });
    // Near me has no "open now only" box: open clinics come first anyway, and the closed ones say when they open.
    expect(await page.locator("[data-near-me] input[type=checkbox]").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("at 20:40 in Austin: the open clinics first, one closing soon, the closed ones under their own heading with when they open; the 911 notice above, in both languages; the list starts on the first screen; the map; screenshots", async () => {
    const { context, problems } = await phone({ geolocation: AUSTIN, permissions: ["geolocation"] });
    const page = await context.newPage();
    await page.clock.setFixedTime(NIGHT);
    const want = await nearest(counting([]), AUSTIN.latitude, AUSTIN.longitude, {
      limit: 10,
      openFirst: NIGHT,
    });
    const count = (s: string) => want.filter((r) => r.status === s).length;
    for (const [words, prefix, lang] of [
      [en, "", "en"],
      [es, "/es", "es"],
    ] as const) {
      await page.goto(`${site.origin}${prefix}/near-me/`);
      // The emergency notice: when to call 911 instead, with a link that dials it, above the near-me block.
      const notice = page.locator("aside.emergency");
      expect(await notice.textContent()).toMatch(
        lang === "en" ? /^Emergency\? Call 911/ : /^¿Emergencia\? Llame al 911/,
      );
      expect(await notice.locator('a[href="tel:911"]').count()).toBe(1);
      expect(await notice.isVisible()).toBe(true);
      await page
        .getByRole("button", { name: lang === "en" ? "Use my location" : "Usar mi ubicación" })
        .click();
      await page.waitForSelector("[data-near-results] li.clinic");
      const shown = await resultsOf(page);
      expect(shown).toEqual(expected(want, words, prefix, NIGHT));
      expect(await groupsOf(page)).toEqual(
        (["open", "unknown", "closed"] as const)
          .filter((g) => count(g) > 0)
          .map((g) => `${words.near.groups[g]} (${count(g)})`),
      );
      // Open first, and at 20:40 one of them closes within the hour and says so; the closed ones say when they open.
      expect(count("open")).toBe(10);
      expect(count("closed")).toBeGreaterThan(0);
      const closing = shown.filter((r) =>
        new RegExp(`^${words.status.open} · ${words.status.closesIn(0).replace("0", "\\d+")}$`).test(
          r.status,
        ),
      );
      expect(closing.length, shown.map((r) => r.status).join("\n")).toBeGreaterThan(0);
      for (const r of shown.slice(10))
        expect(r.status).toMatch(new RegExp(`^(${words.status.closed} · |${words.status.unknown})`));
      // The notice does not push the list off the first screen: the first clinic and its status are on it.
      const fold = await page.evaluate(() => {
        const first = document
          .querySelector("[data-near-results] li.clinic .status")
          ?.getBoundingClientRect();
        const notice = document.querySelector("aside.emergency")?.getBoundingClientRect();
        return { first: first?.bottom ?? Number.POSITIVE_INFINITY, notice: notice?.bottom ?? 0 };
      });
      expect(fold.notice).toBeLessThan(fold.first);
      expect(fold.first).toBeLessThanOrEqual(844);
      await page.screenshot({ path: join(SCREENSHOTS, `near-me-night-${lang}.png`) });
      // The map, after the list: a numbered pin per clinic, coloured by status, with a text alternative.
      const map = await page.$eval("[data-near-map]", (fig) => ({
        pins: [...fig.querySelectorAll("g.pin")].map((g) => `${g.textContent} ${g.getAttribute("class")}`),
        label: fig.querySelector("svg")?.getAttribute("aria-labelledby") ?? "",
        title: fig.querySelector("svg title")?.textContent ?? "",
        desc: fig.querySelector("svg desc")?.textContent ?? "",
        afterList: Boolean(
          ((document.querySelector("[data-near-results]")?.compareDocumentPosition(fig) ?? 0) &
            Node.DOCUMENT_POSITION_FOLLOWING) !==
            0,
        ),
      }));
      expect(map.pins.sort()).toEqual(want.map((r, i) => `${i + 1} pin pin-${r.status}`).sort());
      expect(map.title).toBe(words.map.title(words.near.here));
      expect(map.label.split(" ")).toHaveLength(2);
      for (let i = 1; i <= want.length; i++) expect(map.desc).toContain(`${i}: `);
      expect(map.afterList).toBe(true);
      await page.locator("[data-near-map]").scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, `near-me-map-${lang}.png`) });
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("any US town or address finds the nearest clinics: Pflugerville, Hutto and Terlingua (no clinic of their own), a street of Austin; suggestions as one types; an unknown place offers the ZIP code; a clinic's name leads to it", async () => {
    const { context, problems } = await phone();
    const page = await context.newPage();
    await page.clock.setFixedTime(WEDNESDAY);
    const cities = JSON.parse(await readFile(join(root, "api/v1/cities.json"), "utf8")) as CitiesList;
    /** The gazetteer's point of a town, as the site's files hold it. */
    const town = async (name: string, state: string) => {
      const rows = await fromTable<[string, string, number, number][]>(
        "assets/places",
        name.toLowerCase().slice(0, 3),
      );
      const row = rows?.find((r) => r[0] === name && r[1] === state);
      if (!row) throw new Error(`${name}, ${state} is not in the gazetteer`);
      return { lat: row[2], lng: row[3] };
    };
    await page.goto(`${site.origin}/near-me/`);
    for (const [typed, name, state, label] of [
      ["Pflugerville, TX", "Pflugerville", "TX", "Pflugerville, TX"],
      ["hutto texas", "Hutto", "TX", "Hutto, TX"],
      ["Terlingua TX", "Terlingua", "TX", "Terlingua, TX"],
    ] as const) {
      expect(
        cities.cities.some((c) => c.name === name && c.state.code === state),
        `${name} has clinics`,
      ).toBe(false);
      const at = await town(name, state);
      await page.fill("#near-place", typed);
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.textContent("[data-near-status]"))
        .toMatch(new RegExp(`^Nearest to ${label}:`));
      const want = await nearest(counting([]), at.lat, at.lng, { limit: 10, openFirst: WEDNESDAY });
      expect(await resultsOf(page)).toEqual(expected(want));
      expect(await page.textContent("[data-near-status]")).toBe(caption(want, label));
      expect(new URL(page.url()).hash).toBe(`#q=${encodeURIComponent(typed)}`);
    }
    // An address: its town's centre, and the page says streets are not looked up.
    await page.fill("#near-place", "6th street austin");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.textContent("[data-near-status]")).toMatch(/^Nearest to Austin, TX:/);
    expect(await page.textContent("[data-near-results] .hint")).toBe(en.near.partial("Austin, TX"));
    // Suggestions as one types: the town, then a tap gives its list.
    await page.fill("#near-place", "");
    await page.locator("#near-place").pressSequentially("Pflugerv");
    const suggestion = page.getByRole("button", { name: en.near.suggestPlace("Pflugerville, TX") });
    await suggestion.click();
    await expect.poll(() => page.textContent("[data-near-status]")).toMatch(/^Nearest to Pflugerville, TX:/);
    // A place that does not exist: the box says so and asks for the ZIP code; a ZIP code that does not exist too.
    await page.fill("#near-place", "Qqzzyx Town");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.textContent("[data-near-status]")).toBe(en.near.notFound("Qqzzyx Town"));
    expect(await page.locator("[data-near-results] li").count()).toBe(0);
    await page.fill("#near-place", "00000");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.textContent("[data-near-status]")).toBe(en.near.unknownZip("00000"));
    // A clinic's name in the same box: a link to its page, saying whether it is open now.
    const doc = await austin();
    const target = doc.clinics.find((c) => c.hours !== null) as ClinicsByCity["clinics"][number];
    await page.fill("#near-place", `${target.name} ${doc.city.name}`);
    await page.keyboard.press("Enter");
    const link = page.locator(`[data-near-results] a[href="${new URL(target.url).pathname}"]`);
    await link.waitFor();
    await expect
      .poll(() => link.locator("xpath=..").locator(".status").textContent())
      .toBe(statusText(en, nextChange(target, WEDNESDAY)));
    await link.click();
    await page.waitForURL(`**${new URL(target.url).pathname}`);
    expect(await page.locator("h1").textContent()).toBe(target.name);
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
      .toContain("Enter your town, address or ZIP code instead");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("near-place");
    await page.keyboard.type(ZIP);
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-near-results] li.clinic");
    const [lat, lng] = (await fromTable<[number, number]>("assets/zips", ZIP)) as [number, number];
    const fromZip = await nearest(counting([]), lat, lng, { limit: 10, openFirst: WEDNESDAY });
    expect(await resultsOf(page)).toEqual(expected(fromZip));
    expect(await page.textContent("[data-near-status]")).toBe(caption(fromZip, `ZIP code ${ZIP}`));
    // The place is kept in the address's fragment (never sent), so the list comes back on reload.
    expect(new URL(page.url()).hash).toBe(`#q=${ZIP}`);
    // A city by name.
    await page.fill("#near-place", "austin, tx");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.textContent("[data-near-status]")).toMatch(/^Nearest to Austin, TX: /);
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
    const want = await nearest(counting([]), AUSTIN.latitude, AUSTIN.longitude, {
      limit: 10,
      openFirst: WEDNESDAY,
    });
    expect(await resultsOf(page)).toEqual(expected(want, es, "/es"));
    expect(await page.textContent("[data-near-status]")).toBe(caption(want, "usted", es));
    // One wording for the Call button, on the cards as on the clinic's page: "Llamar al (NXX) …".
    const calls = await page.$$eval('[data-near-results] a[href^="tel:"]', (as) =>
      as.map((a) => a.textContent),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) expect(c).toMatch(/^Llamar\sal\s\(\d{3}\)/);
    await page.locator("[data-near-status]").evaluate((el) => el.scrollIntoView());
    await page.screenshot({ path: join(SCREENSHOTS, "near-me-results-es.png") });
    expect(problems).toEqual([]);
    await context.close();
  });
});
