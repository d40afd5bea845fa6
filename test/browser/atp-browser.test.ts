/// <reference lib="dom" />
// Open now on real-data-shaped data, in real Chromium (Debian's, via playwright-core): a build of a generated NPPES
// bundle and an All The Places run of its chains (the registry's clinics at their ZIP codes' centres, the chains'
// sites with their own points and hours, some days not known), near me with "Open now only", and clinic pages at
// fixed clocks in several time zones.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type CitiesList,
  type Clinic,
  type ClinicsByCity,
  type DirectorySource,
  nearest,
  nextChange,
} from "@urgent-care-directory/sdk";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectClinics } from "../../src/dataset/store.js";
import type { ClinicRecord } from "../../src/dataset/types.js";
import { en, statusText } from "../../src/i18n/words.js";
import { importFiles } from "../../src/ingest/import.js";
import { renderSite } from "../../src/render/build.js";
import { atpRuns } from "../helpers/alltheplaces.js";
import { SAMPLE_BUILD, tempDir } from "../helpers/sample-site.js";
import { launchChromium, RUN_BROWSER_TESTS } from "../site/helpers/browser.js";
import { type StaticSite, serveStatic } from "../site/helpers/static-server.js";

/** " (MST)" when a clinic's clock differs from the reader's at `at`, as the page says it (`src/browser/statuses.ts`). */
function zoneSuffix(reader: string, zone: string, at: Date): string {
  const clock = (z: string) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: z,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(at);
  if (clock(reader) === clock(zone)) return "";
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  return name ? en.status.zone(name) : "";
}

describe.runIf(RUN_BROWSER_TESTS)("open now on a build of NPPES and All The Places (Chromium)", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let root: string;
  let browser: Browser;
  let site: StaticSite;
  let records: ClinicRecord[];

  beforeAll(async () => {
    const atp = await atpRuns();
    tmp = await tempDir();
    root = join(tmp.dir, "public");
    const r = await importFiles({
      inputs: [atp.nppesMain, atp.runs[0]?.zip ?? ""],
      atpList: atp.list,
      tmpDir: tmp.dir,
    });
    if (!r.dataset) throw new Error(JSON.stringify(r.log.problems.filter((p) => p.kind === "fatal")));
    records = await collectClinics(r.dataset.clinics);
    try {
      await renderSite(r.dataset, root, SAMPLE_BUILD);
    } finally {
      await r.dataset.clinics.dispose();
    }
    [browser, site] = await Promise.all([launchChromium(), serveStatic(root)]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await tmp?.cleanup();
  });

  const doc = async <T>(path: string) => JSON.parse(await readFile(join(root, "api/v1", path), "utf8")) as T;
  const source: DirectorySource = {
    cities: () => doc<CitiesList>("cities.json"),
    clinics: (state, city) => doc<ClinicsByCity>(`clinics/${state}/${city}.json`),
  };
  /** A published clinic of the locator, with hours, in a time zone. */
  const chainClinic = (zone: string, pick: (c: ClinicRecord) => boolean = () => true) =>
    records.find(
      (c) =>
        c.hours?.timezone === zone &&
        c.coordinates_source === "source" &&
        c.sources.some((s) => s.name === "All The Places" && s.fields.includes("hours")) &&
        pick(c),
    );

  const statusOf = (page: Page) => page.$eval("main .status", (el) => (el as HTMLElement).textContent ?? "");

  it("/about/ credits All The Places (CC0) with the run's date", async () => {
    const about = await readFile(join(root, "about/index.html"), "utf8");
    expect(about).toMatch(/All The Places<\/a>[^<]*2026-11-02[^<]*CC0-1\.0/);
  });

  it("near me at a chain's clinic: the nearest open clinics first, with their status, as the SDK finds them", async () => {
    const here = records.find(
      (c) =>
        c.hours?.open_24_hours === false &&
        c.sources.length === 2 &&
        c.coordinates_source === "source" &&
        c.hours.weekly.wed?.length,
    );
    if (!here || here.latitude === null || here.longitude === null) throw new Error("no merged chain clinic");
    const at = new Date("2026-11-04T17:30:00Z"); // a Wednesday: midday across the country
    const context = await browser.newContext({
      geolocation: { latitude: here.latitude, longitude: here.longitude },
      permissions: ["geolocation"],
      timezoneId: here.hours?.timezone ?? "UTC",
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    await page.clock.setFixedTime(at);
    await page.goto(`${site.origin}/near-me/`);
    await page.getByRole("button", { name: "Use my location" }).click();
    await page.waitForSelector("[data-near-results] li.clinic");
    const shown = () =>
      page.$$eval("[data-near-results] li.clinic", (items) =>
        items.map((li) => ({
          href: li.querySelector(":is(h2, h3) a")?.getAttribute("href") ?? "",
          status: li.querySelector(".status")?.textContent ?? "",
        })),
      );
    const reader = here.hours?.timezone ?? "UTC";
    const want = (list: Awaited<ReturnType<typeof nearest>>) =>
      list.map((r) => {
        const detail = nextChange(r.clinic, at);
        const hours = r.clinic.hours;
        const zone = hours && detail.status !== "unknown" ? zoneSuffix(reader, hours.timezone, at) : "";
        return { href: new URL(r.clinic.url).pathname, status: statusText(en, detail, zone) };
      });
    // Open first, as the SDK's openFirst orders them: the nearest open clinics, then hours not known, then closed.
    const ranked = await nearest(source, here.latitude, here.longitude, { limit: 10, openFirst: at });
    const onPage = await shown();
    expect(onPage).toEqual(want(ranked));
    const open = ranked.filter((r) => r.status === "open");
    expect(open.length).toBeGreaterThan(2);
    expect(
      onPage
        .slice(0, open.length)
        .every((s) => s.status.startsWith("Open now") || s.status === "Open 24 hours"),
    ).toBe(true);
    // The chain's clinic, open at midday by its locator's hours, is the nearest open one.
    expect(open[0]?.clinic.id).toBe(here.id);
    await context.close();
  });

  it("a clinic's page says open or closed at fixed clocks in four time zones, and not known on a day the locator does not give", async () => {
    const zones = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"];
    const picked = zones.map((z) => chainClinic(z)).filter((c): c is ClinicRecord => c !== undefined);
    expect(picked.length).toBeGreaterThanOrEqual(3);
    // A chain whose locator gives no Sunday hours: its Sunday is not known, never closed.
    const noSunday = chainClinic(
      records.find((c) => c.hours?.weekly.sun === null && c.hours.weekly.mon?.length)?.hours?.timezone ?? "",
      (c) => c.hours?.weekly.sun === null && Boolean(c.hours?.weekly.mon?.length),
    );
    if (!noSunday) throw new Error("no clinic with a day not known");
    const instants = [
      "2026-11-04T14:30:00Z", // Wednesday morning in the East, early in the West
      "2026-11-05T03:30:00Z", // Wednesday night
      "2026-11-08T18:00:00Z", // Sunday midday
      "2026-11-09T12:45:00Z", // Monday early
    ];
    const seen = new Set<string>();
    for (const c of [...picked, noSunday]) {
      const api = (await doc<{ clinic: Clinic }>(`clinic/${c.id}.json`)).clinic;
      const context = await browser.newContext({
        timezoneId: c.hours?.timezone ?? "UTC",
        serviceWorkers: "block",
      });
      for (const instant of instants) {
        const at = new Date(instant);
        const page = await context.newPage();
        await page.clock.setFixedTime(at);
        await page.goto(site.origin + new URL(api.url).pathname);
        const want = statusText(en, nextChange(api, at));
        await expect
          .poll(() => statusOf(page), { message: `${c.id} ${c.hours?.timezone} ${instant}` })
          .toBe(want);
        seen.add(want.split(" · ")[0] as string);
        if (c === noSunday && instant.startsWith("2026-11-08")) {
          expect(want).toBe(en.status.unknown);
          const sunday = await page.$eval("table.hours tbody tr:last-child td", (td) => td.textContent ?? "");
          expect(sunday).toBe("Not known");
        }
        await page.close();
      }
      await context.close();
    }
    expect(seen.has("Open now")).toBe(true);
    expect([...seen].some((s) => s.startsWith("Closed now"))).toBe(true);
    expect(seen.has(en.status.unknown)).toBe(true);
  });
});
