// The SDK's first-day answers that need no server: status words, units, 404 hints from a body, the README.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCli, statusText, unitFor } from "../src/cli.js";
import { type FetchLike, NotFoundError, UrgentCareClient } from "../src/index.js";
import type { Hours } from "../src/types.js";

const week = (open: string, close: string): Hours["weekly"] => {
  const day = [{ open, close }];
  return { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] };
};
const hours = (weekly: Hours["weekly"], open_24_hours = false): { hours: Hours } => ({
  hours: { timezone: "America/Chicago", open_24_hours, weekly },
});

describe("the CLI's status words, in the clinic's own time", () => {
  // Wednesday 2026-05-06; Chicago is UTC-5 (CDT).
  const at = (local: string) => new Date(`2026-05-06T${local}:00-05:00`);
  it.each([
    ["open, closing tonight", hours(week("08:00", "21:00")), at("15:30"), "open until 9 pm"],
    ["open, closing at half past", hours(week("08:00", "20:30")), at("15:30"), "open until 8:30 pm"],
    ["open, closing at midnight", hours(week("08:00", "24:00")), at("15:30"), "open until midnight"],
    ["open overnight", hours(week("20:00", "02:00")), at("23:00"), "open until 2 am tomorrow"],
    [
      "closed, opening in the morning",
      hours(week("08:00", "21:00")),
      at("22:00"),
      "closed, opens 8 am tomorrow",
    ],
    ["closed, opening later today", hours(week("12:00", "21:00")), at("07:00"), "closed, opens noon"],
    ["open around the clock", hours(week("00:00", "24:00"), true), at("03:00"), "open 24 hours"],
    ["hours unknown", { hours: null }, at("10:00"), "hours unknown"],
  ] as const)("%s", (_, clinic, now, want) => {
    expect(statusText(clinic, now)).toBe(want);
  });
  it("names the weekday when the change is days away", () => {
    // Friday 22:00: closed all weekend, opens Monday.
    expect(statusText(hours(week("08:00", "21:00")), new Date("2026-05-08T22:00:00-05:00"))).toBe(
      "closed, opens 8 am Mon",
    );
  });
});

describe("the CLI's unit of distance", () => {
  const args = (...a: string[]) => parseCli(["nearest", "1", "2", ...a]);
  it.each([
    [{ LANG: "en_US.UTF-8" }, [], "mi"],
    [{ LANG: "en_GB.UTF-8" }, [], "mi"],
    [{ LANG: "fr_FR.UTF-8" }, [], "km"],
    [{ LANG: "en_CA.UTF-8" }, [], "km"],
    [{ LANG: "C.UTF-8" }, [], "km"],
    [{ LANG: "fr_FR.UTF-8", LC_MEASUREMENT: "en_US.UTF-8" }, [], "mi"],
    [{ LANG: "en_US.UTF-8", LC_ALL: "de_DE.UTF-8" }, [], "km"],
    [{ LANG: "de_DE.UTF-8" }, ["--max-miles", "5"], "mi"],
    [{ LANG: "en_US.UTF-8" }, ["--max-km", "5"], "km"],
    [{ LANG: "en_US.UTF-8" }, ["--max-miles", "5", "--units", "km"], "km"],
  ] as const)("%j %j → %s", (env, flags, want) => {
    expect(unitFor(args(...flags), env)).toBe(want);
  });
});

describe("a 404's hint from the server's body", () => {
  const answer =
    (body: unknown): FetchLike =>
    () =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status: 404, headers: { "content-type": "application/json" } }),
      );
  it("names the server's suggested path as a full address", async () => {
    const fetch = answer({
      status: 404,
      code: "not_found",
      message: "No document exists at this path.",
      suggestion: "/api/v1/clinics/texas/austin.json",
    });
    const client = new UrgentCareClient({ baseUrl: "https://ucd.test/api/v1", fetch, retry: false });
    const e = (await client.clinics("texas", "austn").catch((x: unknown) => x)) as NotFoundError;
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.hint).toBe("did you mean https://ucd.test/api/v1/clinics/texas/austin.json?");
    expect(e.message).toMatch(
      /\(did you mean https:\/\/ucd\.test\/api\/v1\/clinics\/texas\/austin\.json\?\)$/,
    );
  });
  it("keeps no hint for a body without a suggestion, or one pointing elsewhere", async () => {
    for (const suggestion of [undefined, "//evil.test/x", "https://evil.test/x", 42]) {
      const fetch = answer({
        status: 404,
        code: "not_found",
        message: "No document exists at this path.",
        suggestion,
      });
      const client = new UrgentCareClient({ baseUrl: "https://ucd.test/api/v1", fetch, retry: false });
      const e = (await client.clinics("texas", "austn").catch((x: unknown) => x)) as NotFoundError;
      expect(e.hint, String(suggestion)).toBeNull();
    }
  });
  it("a state given by its code is asked for by its slug, states.json read once: no request can 404 for it", async () => {
    const urls: string[] = [];
    const states = {
      count: 2,
      states: [
        { slug: "new-york", code: "NY", name: "New York" },
        { slug: "wyoming", code: "WY", name: "Wyoming" },
      ],
    };
    const fetch: FetchLike = (url) => {
      urls.push(url);
      return Promise.resolve(
        url.endsWith("/states.json") ? Response.json(states) : new Response("{}", { status: 500 }),
      );
    };
    const client = new UrgentCareClient({ baseUrl: "https://ucd.test/api/v1", fetch, retry: false });
    await client.clinics("NY", "New York").catch(() => {});
    await client.citiesOf("wy").catch(() => {});
    await client.citiesOf("New York").catch(() => {});
    expect(urls).toEqual([
      "https://ucd.test/api/v1/states.json",
      "https://ucd.test/api/v1/clinics/new-york/new-york.json",
      "https://ucd.test/api/v1/cities/wyoming.json",
      "https://ucd.test/api/v1/cities/new-york.json",
    ]);
  });
});

describe("the README", () => {
  const readme = readFileSync(join(import.meta.dirname, "../README.md"), "utf8");
  it("documents every method of the client and every export of the package", async () => {
    const methods = Object.getOwnPropertyNames(UrgentCareClient.prototype).filter((m) => m !== "constructor");
    expect(methods.length).toBeGreaterThan(15);
    for (const m of methods) expect(readme, m).toContain(`\`${m}(`);
    const sdk = await import("../src/index.js");
    for (const name of Object.keys(sdk)) expect(readme, name).toMatch(new RegExp(`\\b${name}\\b`));
  });
  it("documents every field of a nearest result and a search hit, and the 404's hint", () => {
    for (const field of ["distanceKm", "approximate", "clinic", "city"])
      expect(readme).toMatch(new RegExp(`\`${field}\``));
    for (const field of ["id", "name", "network", "city", "state", "zip", "url", "path", "match"])
      expect(readme).toMatch(new RegExp(`\\b${field}\\b`));
    expect(readme).toMatch(/`hint`/);
  });
  it("says how to install from a clone", () => {
    expect(readme).toMatch(/## Install from a clone/);
    expect(readme).toContain("npm pack -w packages/sdk");
  });
});
