import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatWeekly } from "../../src/dataset/hours-text.js";
import { normaliseHours } from "../../src/ingest/normalise/hours.js";
import { parseOsmHours } from "../../src/ingest/normalise/osm-hours.js";

/**
 * The expected week in a short form: each argument a day's hours and how many days in a row have them
 * (`08:00-20:00*5`), `?` not known, `x` closed, periods joined by commas; seven days in all, Monday first.
 */
function week(...runs: string[]): string {
  const days: string[] = [];
  for (const run of runs) {
    const [value, times] = run.split("*") as [string, string | undefined];
    for (let i = 0; i < Number(times ?? 1); i++)
      days.push(value === "?" ? "unknown" : value === "x" ? "closed" : value);
  }
  if (days.length !== 7) throw new Error(`${runs.join(" ")} gives ${days.length} days`);
  return ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d, i) => `${d} ${days[i]}`).join("; ");
}

// Shapes of `opening_hours` as All The Places' spiders write them: its OpeningHours class (days grouped when their
// hours are equal, `closed` for days set closed, periods past midnight split at midnight, 23:59 for midnight)
// and strings some spiders pass on from the locator as they are (`24/7`, `PH off`, comments, lower case, English).
const READ: [string, string][] = [
  // Every day the same.
  ["Mo-Su 08:00-20:00", week("08:00-20:00*7")],
  ["Mo-Su 08:00-22:00", week("08:00-22:00*7")],
  ["Mo-Su 07:00-19:00", week("07:00-19:00*7")],
  ["Mo-Su 09:00-21:00", week("09:00-21:00*7")],
  ["Mo-Su 08:00-17:00", week("08:00-17:00*7")],
  ["Mo-Su 07:30-19:30", week("07:30-19:30*7")],
  ["Mo-Su 10:00-22:00", week("10:00-22:00*7")],
  ["Mo-Su 08:30-20:30", week("08:30-20:30*7")],
  // Weekdays and weekends.
  ["Mo-Fr 08:00-20:00; Sa-Su 09:00-17:00", week("08:00-20:00*5", "09:00-17:00*2")],
  ["Mo-Fr 08:00-20:00; Sa-Su 08:00-16:00", week("08:00-20:00*5", "08:00-16:00*2")],
  ["Mo-Fr 08:00-19:00; Sa-Su 09:00-15:00", week("08:00-19:00*5", "09:00-15:00*2")],
  ["Mo-Fr 07:00-19:00; Sa 08:00-16:00; Su 09:00-15:00", week("07:00-19:00*5", "08:00-16:00", "09:00-15:00")],
  ["Mo-Fr 08:00-20:00; Sa 08:00-17:00; Su 10:00-17:00", week("08:00-20:00*5", "08:00-17:00", "10:00-17:00")],
  ["Mo-Fr 09:00-21:00; Sa-Su 09:00-18:00", week("09:00-21:00*5", "09:00-18:00*2")],
  ["Mo-Fr 08:00-18:00; Sa 09:00-13:00", week("08:00-18:00*5", "09:00-13:00", "?")],
  ["Mo-Fr 08:00-17:00", week("08:00-17:00*5", "?*2")],
  ["Mo-Fr 09:00-17:00", week("09:00-17:00*5", "?*2")],
  ["Mo-Fr 07:30-16:30", week("07:30-16:30*5", "?*2")],
  ["Mo-Fr 08:00-20:00; Sa-Su 08:00-20:00", week("08:00-20:00*7")],
  ["Mo-Sa 08:00-20:00; Su 09:00-17:00", week("08:00-20:00*6", "09:00-17:00")],
  ["Mo-Sa 09:00-19:00", week("09:00-19:00*6", "?")],
  [
    "Mo-Th 08:00-20:00; Fr 08:00-18:00; Sa-Su 09:00-16:00",
    week("08:00-20:00*4", "08:00-18:00", "09:00-16:00*2"),
  ],
  ["Mo-Th 08:00-20:00; Fr-Su 08:00-18:00", week("08:00-20:00*4", "08:00-18:00*3")],
  [
    "Mo 08:00-20:00; Tu-Th 08:00-18:00; Fr 08:00-17:00",
    week("08:00-20:00", "08:00-18:00*3", "08:00-17:00", "?*2"),
  ],
  [
    "Mo 08:00-19:00; Tu 08:00-19:00; We 08:00-19:00; Th 08:00-19:00; Fr 08:00-19:00; Sa 09:00-14:00; Su 09:00-14:00",
    week("08:00-19:00*5", "09:00-14:00*2"),
  ],
  [
    "Mo 07:00-19:00; Tu 07:00-19:00; We 07:00-19:00; Th 07:00-19:00; Fr 07:00-19:00",
    week("07:00-19:00*5", "?*2"),
  ],
  [
    "Mo-We 08:00-20:00; Th 10:00-20:00; Fr-Su 08:00-20:00",
    week("08:00-20:00*3", "10:00-20:00", "08:00-20:00*3"),
  ],
  ["Tu-Sa 09:00-17:00", week("?", "09:00-17:00*5", "?")],
  ["We-Su 10:00-18:00", week("?*2", "10:00-18:00*5")],
  ["Sa-Su 09:00-15:00", week("?*5", "09:00-15:00*2")],
  ["Su 10:00-16:00", week("?*6", "10:00-16:00")],
  ["Mo 08:00-12:00", week("08:00-12:00", "?*6")],
  // Days set closed (All The Places' `set_closed`, and `off`).
  ["Mo-Fr 08:00-20:00; Sa-Su closed", week("08:00-20:00*5", "x*2")],
  ["Mo-Fr 08:00-20:00; Sa 09:00-13:00; Su closed", week("08:00-20:00*5", "09:00-13:00", "x")],
  ["Mo-Fr 07:30-19:30; Sa closed; Su 09:00-15:00", week("07:30-19:30*5", "x", "09:00-15:00")],
  ["Mo closed; Tu-Su 09:00-17:00", week("x", "09:00-17:00*6")],
  ["Mo-Fr 08:00-17:00; Sa-Su off", week("08:00-17:00*5", "x*2")],
  ["Mo-Fr 08:00-17:00; Sa,Su off", week("08:00-17:00*5", "x*2")],
  ["Mo-Fr 08:00-18:00; Sa 08:00-12:00; Su off", week("08:00-18:00*5", "08:00-12:00", "x")],
  [
    "Mo-Th 08:00-20:00; Fr 08:00-18:00; Sa 09:00-14:00; Su off",
    week("08:00-20:00*4", "08:00-18:00", "09:00-14:00", "x"),
  ],
  ["We closed; Mo-Tu 08:00-20:00; Th-Su 08:00-20:00", week("08:00-20:00*2", "x", "08:00-20:00*4")],
  // Temporarily closed: All The Places writes every day closed.
  ["Mo-Su closed", week("x*7")],
  ["Mo-Su off", week("x*7")],
  ["closed", week("x*7")],
  ["off", week("x*7")],
  // Open around the clock.
  ["24/7", week("00:00-24:00*7")],
  ["Mo-Su 00:00-24:00", week("00:00-24:00*7")],
  ["Mo-Su 00:00-23:59", week("00:00-24:00*7")],
  ["Mo-Fr 00:00-24:00; Sa-Su 08:00-20:00", week("00:00-24:00*5", "08:00-20:00*2")],
  ["Mo-Fr 00:00-24:00", week("00:00-24:00*5", "?*2")],
  ["Mo-Su 00:00-24:00; PH off", week("00:00-24:00*7")],
  // Closing at midnight.
  ["Mo-Su 08:00-24:00", week("08:00-24:00*7")],
  ["Mo-Su 08:00-23:59", week("08:00-24:00*7")],
  ["Mo-Fr 08:00-00:00", week("08:00-24:00*5", "?*2")],
  ["Mo-Fr 08:00-24:00; Sa-Su 10:00-22:00", week("08:00-24:00*5", "10:00-22:00*2")],
  // Past midnight, the OpenStreetMap way.
  ["Mo-Su 08:00-02:00", week("08:00-02:00*7")],
  ["Fr 20:00-02:00", week("?*4", "20:00-02:00", "?*2")],
  // A later rule for the next day cuts the night at midnight (the syntax's rule; All The Places' writer names the
  // next day's early hours when it means them).
  ["Mo-Fr 08:00-20:00; Sa 08:00-02:00; Su 10:00-20:00", week("08:00-20:00*5", "08:00-24:00", "10:00-20:00")],
  ["Su 20:00-04:00", week("?*6", "20:00-04:00")],
  ["Mo-Th 17:00-01:00; Fr-Sa 17:00-03:00", week("17:00-01:00*3", "17:00-24:00", "17:00-03:00*2", "?")],
  ["Mo-Fr 20:00-08:00", week("20:00-08:00*5", "?*2")],
  // Past midnight, split at midnight the All The Places way.
  ["Mo-Su 00:00-02:00,08:00-24:00", week("08:00-02:00*7")],
  [
    "Mo-Fr 08:00-20:00; Sa 08:00-24:00; Su 00:00-02:00,08:00-20:00",
    week("08:00-20:00*5", "08:00-02:00", "08:00-20:00"),
  ],
  ["Mo 00:00-04:00,08:00-20:00; Su 20:00-24:00", week("08:00-20:00", "?*5", "20:00-04:00")],
  ["Fr 20:00-24:00; Sa 00:00-02:00", week("?*4", "20:00-02:00", "?*2")],
  ["Fr 20:00-23:59; Sa 00:00-02:00", week("?*4", "20:00-02:00", "?*2")],
  ["Mo 08:00-24:00; Tu-Fr 00:00-01:00,08:00-24:00; Sa 00:00-01:00", week("08:00-01:00*5", "?*2")],
  ["Fr 17:00-24:00; Sa 00:00-03:00,17:00-24:00; Su 00:00-03:00", week("?*4", "17:00-03:00*2", "?")],
  // Several periods a day.
  ["Mo-Fr 08:00-12:00,13:00-17:00", week("08:00-12:00,13:00-17:00*5", "?*2")],
  ["Mo-Fr 08:00-12:00,13:00-17:00; Sa 09:00-12:00", week("08:00-12:00,13:00-17:00*5", "09:00-12:00", "?")],
  ["Mo-Fr 07:00-11:30,12:30-19:00; Sa-Su 09:00-15:00", week("07:00-11:30,12:30-19:00*5", "09:00-15:00*2")],
  [
    "Mo,We,Fr 08:00-12:00,14:00-18:00; Tu,Th 08:00-12:00",
    week(
      "08:00-12:00,14:00-18:00",
      "08:00-12:00",
      "08:00-12:00,14:00-18:00",
      "08:00-12:00",
      "08:00-12:00,14:00-18:00",
      "?*2",
    ),
  ],
  ["Mo-Su 06:00-10:00,16:00-22:00", week("06:00-10:00,16:00-22:00*7")],
  ["Sa 08:00-10:00,11:00-13:00,14:00-16:00", week("?*5", "08:00-10:00,11:00-13:00,14:00-16:00", "?")],
  // Day lists and ranges that wrap.
  [
    "Mo,We,Fr 08:00-17:00; Tu,Th 10:00-19:00",
    week("08:00-17:00", "10:00-19:00", "08:00-17:00", "10:00-19:00", "08:00-17:00", "?*2"),
  ],
  ["Sa-Mo 09:00-17:00", week("09:00-17:00", "?*4", "09:00-17:00*2")],
  ["Fr-Mo 10:00-18:00", week("10:00-18:00", "?*3", "10:00-18:00*3")],
  ["Su-Sa 08:00-20:00", week("08:00-20:00*7")],
  ["Mo-Tu,Th-Fr 08:00-17:00; We 08:00-12:00", week("08:00-17:00*2", "08:00-12:00", "08:00-17:00*2", "?*2")],
  // Holidays and dated exceptions: the regular week without them.
  ["Mo-Fr 08:00-17:00; PH off", week("08:00-17:00*5", "?*2")],
  ["Mo-Su 08:00-20:00; PH off", week("08:00-20:00*7")],
  ["Mo-Su 09:00-21:00; PH 10:00-16:00", week("09:00-21:00*7")],
  ["Mo-Fr 09:00-21:00; Sa,Su,PH 09:00-17:00", week("09:00-21:00*5", "09:00-17:00*2")],
  ["Mo-Fr 08:00-20:00; Sa-Su 09:00-17:00; PH closed", week("08:00-20:00*5", "09:00-17:00*2")],
  ["Mo-Su 08:00-20:00; Dec 25 off", week("08:00-20:00*7")],
  ["Mo-Su 08:00-20:00; Dec 25 off; Jan 01 off", week("08:00-20:00*7")],
  ["Mo-Su 08:00-20:00; Dec 24 08:00-14:00; Dec 31 08:00-16:00", week("08:00-20:00*7")],
  [
    "Mo-Fr 08:00-20:00; Sa 09:00-17:00; Su 10:00-16:00; PH off; Dec 24 08:00-12:00",
    week("08:00-20:00*5", "09:00-17:00", "10:00-16:00"),
  ],
  ["Mo-Fr 08:00-20:00; SH off", week("08:00-20:00*5", "?*2")],
  ["Mo-Fr 08:00-20:00; SH 09:00-12:00; Sa 10:00-14:00", week("08:00-20:00*5", "10:00-14:00", "?")],
  // Later rules override earlier ones for the days they name (OpenStreetMap's rule).
  ["Mo-Fr 08:00-20:00; We 08:00-12:00", week("08:00-20:00*2", "08:00-12:00", "08:00-20:00*2", "?*2")],
  ["Mo-Su 08:00-20:00; Su 10:00-16:00", week("08:00-20:00*6", "10:00-16:00")],
  ["Mo-Su 08:00-20:00; Su closed", week("08:00-20:00*6", "x")],
  ["Mo-Fr 08:00-12:00; Mo-Fr 13:00-17:00", week("13:00-17:00*5", "?*2")],
  // Additional rules (`,` between rules) add to the days before.
  ["Mo-Fr 08:00-17:00, Sa 09:00-12:00", week("08:00-17:00*5", "?*2")],
  ["Mo-Fr 08:00-12:00, Mo-Fr 13:00-17:00", week("08:00-12:00,13:00-17:00*5", "?*2")],
  // Written loosely: lower case, spaces, no leading zero, a colon after the days, a trailing separator, English.
  ["mo-fr 08:00-20:00", week("08:00-20:00*5", "?*2")],
  ["Mo-Fr 08:00 - 20:00", week("08:00-20:00*5", "?*2")],
  ["Mo-Fr 8:00-17:00", week("08:00-17:00*5", "?*2")],
  ["Mo-Fr 8:00-17:00; Sa 9:00-13:00", week("08:00-17:00*5", "09:00-13:00", "?")],
  ["Mo-Fr: 08:00-20:00", week("08:00-20:00*5", "?*2")],
  ["Mo-Fr 08:00-20:00;", week("08:00-20:00*5", "?*2")],
  ["Mo-Fr 07:30-19:30;Sa-Su 08:00-16:00", week("07:30-19:30*5", "08:00-16:00*2")],
  ["Monday-Friday 8am-8pm", week("08:00-20:00*5", "?*2")],
  ["Mo-Fr 8am-5pm", week("08:00-17:00*5", "?*2")],
  ["Mo-Sa 08:00-20:00 open", week("08:00-20:00*6", "?")],
  // Times not on the hour.
  ["Mo-Fr 08:15-19:45; Sa 08:45-16:15", week("08:15-19:45*5", "08:45-16:15", "?")],
  ["Mo-Su 06:45-23:15", week("06:45-23:15*7")],
  // Parts not known, as the syntax says them.
  ["Mo-Fr 08:00-20:00; Sa-Su unknown", week("08:00-20:00*5", "?*2")],
  ["Mo-Fr 08:00-20:00; Sa 08:00-12:00 unknown", week("08:00-20:00*5", "?*2")],
];

// Strings that cannot be read as regular weekly hours: errors, never a guess.
const REFUSED: [string, RegExp][] = [
  ["", /empty/],
  ["garbage", /not opening_hours syntax/],
  ["By appointment only", /not opening_hours syntax/],
  ["Call for hours", /not opening_hours syntax/],
  ["Mo-Fr 0800-2000", /not opening_hours syntax/],
  ["Mo-Fr 08:00-20:00; Sa 08:00-", /not opening_hours syntax/],
  ["Mo-Fr 25:00-26:00", /not opening_hours syntax/],
  ["Jun-Aug Mo-Fr 08:00-20:00; Sep-May Mo-Fr 08:00-18:00", /change from week to week/],
  ["Mo[1] 08:00-12:00", /change from week to week/],
  ["week 1-53/2 Mo 08:00-12:00", /change from week to week/],
  ["sunrise-sunset", /no day's hours/],
  ["Mo-Fr 08:00+", /no day's hours/],
  ['Mo-Fr 08:00-20:00 "walk-ins welcome"', /no day's hours/],
  ["SH off", /no day's hours/],
];

describe("opening_hours as All The Places writes it", () => {
  it(`has a table of at least 100 real-shaped strings (${READ.length + REFUSED.length})`, () => {
    expect(READ.length + REFUSED.length).toBeGreaterThanOrEqual(100);
  });

  it.each(READ)("reads %j", (text, want) => {
    const got = parseOsmHours(text);
    expect("weekly" in got ? formatWeekly(got.weekly) : got.error).toBe(want);
  });

  it.each(REFUSED)("refuses %j", (text, why) => {
    const got = parseOsmHours(text);
    expect("error" in got ? got.error : formatWeekly(got.weekly)).toMatch(why);
  });

  it("closes the days left out when the spider's locator lists every day it opens", () => {
    const got = parseOsmHours("Mo-Fr 08:00-20:00; Sa 09:00-13:00", "closed");
    expect("weekly" in got && formatWeekly(got.weekly)).toBe(week("08:00-20:00*5", "09:00-13:00", "x"));
  });

  it("is what a profile of OpenStreetMap syntax reads, an unreadable string dropped and reported", () => {
    expect(normaliseHours("Mo-Fr 08:00-20:00", "osm").value?.weekly.sat).toBeNull();
    const bad = normaliseHours("Call for hours", "osm");
    expect(bad.value).toBeNull();
    expect(bad.problem?.code).toBe("invalid_hours");
    expect(bad.problem?.message).toMatch(/Call for hours/);
  });

  it("is the importer's alone: neither the site's scripts nor the SDK bring opening_hours.js (LGPL) or its dependencies", async () => {
    const root = join(import.meta.dirname, "../..");
    const bundles = await readFile(join(root, "src/render/site/browser-bundles.generated.ts"), "utf8");
    const sdk = join(root, "packages/sdk/src");
    const sources = await Promise.all((await readdir(sdk)).map((f) => readFile(join(sdk, f), "utf8")));
    for (const text of [bundles, ...sources, await readFile(join(root, "packages/sdk/package.json"), "utf8")])
      expect(text).not.toMatch(/opening_hours|i18next|suncalc/);
    expect(bundles.length).toBeGreaterThan(10_000);
  });
});
