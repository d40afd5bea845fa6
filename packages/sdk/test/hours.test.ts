import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { localMinuteOfWeek, WEEKDAYS } from "../src/hours.js";
import { isOpen, nextChange, type OpenStatus, openStatus } from "../src/index.js";
import type { Hours, OpeningPeriod, WeeklyHours } from "../src/types.js";

const p = (open: string, close: string): OpeningPeriod[] => [{ open, close }];
const week = (days: Partial<WeeklyHours>, fill: OpeningPeriod[] = []): WeeklyHours => ({
  mon: fill,
  tue: fill,
  wed: fill,
  thu: fill,
  fri: fill,
  sat: fill,
  sun: fill,
  ...days,
});
const clinic = (timezone: string, weekly: WeeklyHours, open_24_hours = false): { hours: Hours } => ({
  hours: { timezone, open_24_hours, weekly },
});

// Saturday 20:00–02:00 (overnight into Sunday), Sunday 08:00–20:00, weekdays 08:00–20:00.
const OVERNIGHT_SAT = week({ sat: p("20:00", "02:00"), sun: p("08:00", "20:00") }, p("08:00", "20:00"));

// 2026: US clocks spring forward on Sunday 8 March (02:00 → 03:00) and fall back on Sunday 1 November (02:00 → 01:00).
const table: Array<[name: string, { hours: Hours | null }, at: string, want: OpenStatus]> = [
  // Spring forward, New York (EST = UTC−5 before, EDT = UTC−4 after 07:00Z).
  [
    "NY spring: Sat overnight still open at 01:30 EST",
    clinic("America/New_York", OVERNIGHT_SAT),
    "2026-03-08T06:30:00Z",
    "open",
  ],
  ["NY spring: 01:59 EST is open", clinic("America/New_York", OVERNIGHT_SAT), "2026-03-08T06:59:00Z", "open"],
  [
    "NY spring: the next instant is 03:00 EDT, closed",
    clinic("America/New_York", OVERNIGHT_SAT),
    "2026-03-08T07:00:00Z",
    "closed",
  ],
  [
    "NY spring: 07:30 EDT, not yet open",
    clinic("America/New_York", OVERNIGHT_SAT),
    "2026-03-08T11:30:00Z",
    "closed",
  ],
  [
    "NY spring: 08:00 EDT opens (a fixed EST offset would say 07:00)",
    clinic("America/New_York", OVERNIGHT_SAT),
    "2026-03-08T12:00:00Z",
    "open",
  ],
  ["NY spring: 19:59 EDT open", clinic("America/New_York", OVERNIGHT_SAT), "2026-03-08T23:59:00Z", "open"],
  [
    "NY spring: 20:00 EDT closed",
    clinic("America/New_York", OVERNIGHT_SAT),
    "2026-03-09T00:00:00Z",
    "closed",
  ],
  // Fall back, New York (EDT before 06:00Z, EST after).
  [
    "NY fall: 01:30 EDT, Sat overnight open",
    clinic("America/New_York", OVERNIGHT_SAT),
    "2026-11-01T05:30:00Z",
    "open",
  ],
  [
    "NY fall: 01:30 EST (the hour again), still before 02:00, open",
    clinic("America/New_York", OVERNIGHT_SAT),
    "2026-11-01T06:30:00Z",
    "open",
  ],
  ["NY fall: 02:00 EST closed", clinic("America/New_York", OVERNIGHT_SAT), "2026-11-01T07:00:00Z", "closed"],
  [
    "NY fall: 07:30 EST closed (a fixed EDT offset would say 08:30)",
    clinic("America/New_York", OVERNIGHT_SAT),
    "2026-11-01T12:30:00Z",
    "closed",
  ],
  ["NY fall: 08:00 EST open", clinic("America/New_York", OVERNIGHT_SAT), "2026-11-01T13:00:00Z", "open"],
  // Los Angeles spring forward (PST = UTC−8; 02:00 PST = 10:00Z becomes 03:00 PDT).
  ["LA spring: 01:45 PST open", clinic("America/Los_Angeles", OVERNIGHT_SAT), "2026-03-08T09:45:00Z", "open"],
  [
    "LA spring: 03:00 PDT closed",
    clinic("America/Los_Angeles", OVERNIGHT_SAT),
    "2026-03-08T10:00:00Z",
    "closed",
  ],
  ["LA spring: 08:00 PDT open", clinic("America/Los_Angeles", OVERNIGHT_SAT), "2026-03-08T15:00:00Z", "open"],
  // Phoenix keeps MST (UTC−7) all year.
  [
    "Phoenix: 07:59 MST on spring-forward day closed",
    clinic("America/Phoenix", OVERNIGHT_SAT),
    "2026-03-08T14:59:00Z",
    "closed",
  ],
  ["Phoenix: 08:00 MST open", clinic("America/Phoenix", OVERNIGHT_SAT), "2026-03-08T15:00:00Z", "open"],
  [
    "Phoenix: fall-back day 08:00 MST open",
    clinic("America/Phoenix", OVERNIGHT_SAT),
    "2026-11-01T15:00:00Z",
    "open",
  ],
  // Chicago fall back: 01:30 CDT and 01:30 CST.
  ["Chicago fall: 01:30 CDT open", clinic("America/Chicago", OVERNIGHT_SAT), "2026-11-01T06:30:00Z", "open"],
  ["Chicago fall: 01:30 CST open", clinic("America/Chicago", OVERNIGHT_SAT), "2026-11-01T07:30:00Z", "open"],
  [
    "Chicago fall: 02:00 CST closed",
    clinic("America/Chicago", OVERNIGHT_SAT),
    "2026-11-01T08:00:00Z",
    "closed",
  ],
  // Honolulu (UTC−10, no DST) and Anchorage (AKDT = UTC−8 in July).
  [
    "Honolulu: Wed 07:59 HST closed",
    clinic("Pacific/Honolulu", OVERNIGHT_SAT),
    "2026-07-15T17:59:00Z",
    "closed",
  ],
  ["Honolulu: Wed 08:00 HST open", clinic("Pacific/Honolulu", OVERNIGHT_SAT), "2026-07-15T18:00:00Z", "open"],
  [
    "Anchorage: Wed 20:00 AKDT closed",
    clinic("America/Anchorage", OVERNIGHT_SAT),
    "2026-07-16T04:00:00Z",
    "closed",
  ],
  // Overnight from Sunday into Monday (wraps the week).
  [
    "Sun 22:00–06:00: Mon 05:59 open",
    clinic("UTC", week({ sun: p("22:00", "06:00") })),
    "2026-07-13T05:59:00Z",
    "open",
  ],
  [
    "Sun 22:00–06:00: Mon 06:00 closed",
    clinic("UTC", week({ sun: p("22:00", "06:00") })),
    "2026-07-13T06:00:00Z",
    "closed",
  ],
  [
    "Sun 22:00–06:00: Sun 21:59 closed",
    clinic("UTC", week({ sun: p("22:00", "06:00") })),
    "2026-07-12T21:59:00Z",
    "closed",
  ],
  [
    "Sun 22:00–06:00: Sun 23:00 open",
    clinic("UTC", week({ sun: p("22:00", "06:00") })),
    "2026-07-12T23:00:00Z",
    "open",
  ],
  // 24:00 closes at the end of the day; 00:00–24:00 is the whole day; open == close is 24 h from open.
  [
    "Mon 20:00–24:00: 23:59 open",
    clinic("UTC", week({ mon: p("20:00", "24:00") })),
    "2026-07-13T23:59:00Z",
    "open",
  ],
  [
    "Mon 20:00–24:00: Tue 00:00 closed",
    clinic("UTC", week({ mon: p("20:00", "24:00") })),
    "2026-07-14T00:00:00Z",
    "closed",
  ],
  [
    "Tue 00:00–24:00: 00:00 open",
    clinic("UTC", week({ tue: p("00:00", "24:00") })),
    "2026-07-14T00:00:00Z",
    "open",
  ],
  [
    "Tue 00:00–24:00: 23:59 open",
    clinic("UTC", week({ tue: p("00:00", "24:00") })),
    "2026-07-14T23:59:00Z",
    "open",
  ],
  [
    "Tue 00:00–24:00: Wed 00:00 closed",
    clinic("UTC", week({ tue: p("00:00", "24:00") })),
    "2026-07-15T00:00:00Z",
    "closed",
  ],
  [
    "Mon 08:00–08:00: Tue 07:59 open",
    clinic("UTC", week({ mon: p("08:00", "08:00") })),
    "2026-07-14T07:59:00Z",
    "open",
  ],
  [
    "Mon 08:00–08:00: Tue 08:00 closed",
    clinic("UTC", week({ mon: p("08:00", "08:00") })),
    "2026-07-14T08:00:00Z",
    "closed",
  ],
  // Split day.
  [
    "lunch break closed",
    clinic(
      "UTC",
      week({
        wed: [
          { open: "08:00", close: "12:30" },
          { open: "13:30", close: "19:00" },
        ],
      }),
    ),
    "2026-07-15T13:00:00Z",
    "closed",
  ],
  [
    "afternoon session open",
    clinic(
      "UTC",
      week({
        wed: [
          { open: "08:00", close: "12:30" },
          { open: "13:30", close: "19:00" },
        ],
      }),
    ),
    "2026-07-15T13:30:00Z",
    "open",
  ],
  // 24 hours and unknowns.
  [
    "open_24_hours",
    clinic("America/New_York", week({}, p("00:00", "24:00")), true),
    "2026-03-08T07:00:00Z",
    "open",
  ],
  [
    "open_24_hours even with an unknown zone",
    clinic("Mars/Olympus_Mons", week({}), true),
    "2026-03-08T07:00:00Z",
    "open",
  ],
  ["closed all week", clinic("America/Denver", week({})), "2026-07-15T18:00:00Z", "closed"],
  ["hours unknown", { hours: null }, "2026-07-15T18:00:00Z", "unknown"],
  [
    "time zone unknown to the runtime",
    clinic("Mars/Olympus_Mons", OVERNIGHT_SAT),
    "2026-07-15T18:00:00Z",
    "unknown",
  ],
];

describe("openStatus and isOpen", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it.each(table)("%s", (_name, c, at, want) => {
    expect(openStatus(c, new Date(at))).toBe(want);
    expect(isOpen(c, new Date(at))).toBe(want === "unknown" ? null : want === "open");
  });

  it("gives the same answers whatever the caller's own time zone is", () => {
    for (const tz of ["Asia/Tokyo", "Pacific/Kiritimati", "America/Adak"]) {
      process.env.TZ = tz;
      for (const [, c, at, want] of table) expect(openStatus(c, new Date(at))).toBe(want);
    }
  });

  it("defaults to now", () => {
    expect(openStatus(clinic("UTC", week({}, p("00:00", "24:00"))))).toBe("open");
    expect(isOpen(clinic("UTC", week({}, p("00:00", "24:00"))))).toBe(true);
  });

  it("rejects an invalid date", () => {
    expect(() => isOpen(clinic("UTC", week({})), new Date("nope"))).toThrow(RangeError);
  });

  it("reads the wall clock of the zone", () => {
    expect(localMinuteOfWeek(new Date("2026-03-09T12:00:00Z"), "America/New_York")).toBe(8 * 60); // Mon 08:00 EDT
    expect(localMinuteOfWeek(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toBe(6 * 1440 + 3 * 60); // Sun 03:00
    expect(localMinuteOfWeek(new Date("2026-07-13T00:00:00Z"), "UTC")).toBe(0); // midnight is 0, never 24:00
    expect(localMinuteOfWeek(new Date(), "Not/AZone")).toBeNull();
  });

  // Fixed-offset zones have no DST, so local time is plain arithmetic: an independent oracle for the
  // period logic (overnight, 24:00, week wrap) over random schedules and instants.
  it("agrees with an arithmetic oracle on random schedules in fixed-offset zones", () => {
    const time = fc
      .integer({ min: 0, max: 24 * 4 - 1 })
      .map((q) => `${String(Math.floor(q / 4)).padStart(2, "0")}:${String((q % 4) * 15).padStart(2, "0")}`);
    const close = fc.oneof(time, fc.constant("24:00"));
    const day = fc.array(fc.record({ open: time, close }), { maxLength: 2 });
    const weekly = fc.record({ mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day });
    const offsetHours = fc.integer({ min: -12, max: 12 });
    const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) });
    fc.assert(
      fc.property(weekly, offsetHours, instant, (w, offset, ms) => {
        // Etc/GMT+5 is UTC−5 (POSIX sign).
        const zone = offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
        const local = new Date(ms + offset * 3_600_000);
        const m = ((local.getUTCDay() + 6) % 7) * 1440 + local.getUTCHours() * 60 + local.getUTCMinutes();
        const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
        let want = false;
        WEEKDAYS.forEach((d, i) => {
          for (const period of w[d]) {
            const o = toMin(period.open);
            const c = toMin(period.close);
            const start = i * 1440 + o;
            const end = i * 1440 + c + (c <= o ? 1440 : 0);
            for (const shifted of [m, m + 7 * 1440]) if (shifted >= start && shifted < end) want = true;
          }
        });
        expect(isOpen(clinic(zone, w), new Date(ms))).toBe(want);
      }),
      { numRuns: 2000, seed: 20260501 },
    );
  });
});

describe("nextChange: when the status changes, in the clinic's wall-clock time", () => {
  /** Random times on the half hour, and random instants of 2026 on the minute, for the property tests below. */
  const time = fc
    .integer({ min: 0, max: 24 * 2 - 1 })
    .map((q) => `${String(Math.floor(q / 2)).padStart(2, "0")}:${q % 2 ? "30" : "00"}`);
  const instant = fc
    .integer({ min: Date.UTC(2026, 0, 5), max: Date.UTC(2026, 11, 1) })
    .map((ms) => ms - (ms % 60_000));

  const NY = "America/New_York";
  it("says when an open clinic closes and a closed one opens: today, tomorrow, later in the week", () => {
    const weekdays = week({ sat: [], sun: [] }, p("08:00", "20:00"));
    // Wednesday 6 May 2026, 11:30 EDT: open, closes 20:00 today.
    expect(nextChange(clinic(NY, weekdays), new Date("2026-05-06T15:30:00Z"))).toEqual({
      status: "open",
      next: { day: "wed", time: "20:00", inDays: 0, inMinutes: 510 },
    });
    // Wednesday 21:00 EDT: closed, opens 08:00 tomorrow.
    expect(nextChange(clinic(NY, weekdays), new Date("2026-05-07T01:00:00Z"))).toEqual({
      status: "closed",
      next: { day: "thu", time: "08:00", inDays: 1, inMinutes: 660 },
    });
    // Saturday noon: closed, opens Monday 08:00.
    expect(nextChange(clinic(NY, weekdays), new Date("2026-05-09T16:00:00Z"))).toEqual({
      status: "closed",
      next: { day: "mon", time: "08:00", inDays: 2, inMinutes: 2640 },
    });
    // Wednesday 07:00: opens later today.
    expect(nextChange(clinic(NY, weekdays), new Date("2026-05-06T11:00:00Z")).next).toEqual({
      day: "wed",
      time: "08:00",
      inDays: 0,
      inMinutes: 60,
    });
  });

  it("follows periods that run into each other, across midnight and the week's end; a close at 24:00 is midnight that day", () => {
    const lateFri = week({ fri: [{ open: "08:00", close: "24:00" }], sat: p("00:00", "02:00") });
    // Friday 22:00: open until Saturday 02:00.
    expect(nextChange(clinic(NY, lateFri), new Date("2026-05-09T02:00:00Z")).next).toEqual({
      day: "sat",
      time: "02:00",
      inDays: 1,
      inMinutes: 240,
    });
    const midnight = week({}, [{ open: "08:00", close: "24:00" }]);
    expect(nextChange(clinic(NY, midnight), new Date("2026-05-06T15:30:00Z")).next).toEqual({
      day: "wed",
      time: "24:00",
      inDays: 0,
      inMinutes: 750,
    });
    // Sunday 20:00 to Monday 08:00 (listed under Sunday): at Monday 01:00 it closes 08:00 today.
    const sundayNight = week({ sun: p("20:00", "08:00") });
    expect(nextChange(clinic(NY, sundayNight), new Date("2026-05-11T05:00:00Z"))).toEqual({
      status: "open",
      next: { day: "mon", time: "08:00", inDays: 0, inMinutes: 420 },
    });
    // Monday 09:00: closed until Sunday 20:00.
    expect(nextChange(clinic(NY, sundayNight), new Date("2026-05-11T13:00:00Z")).next).toEqual({
      day: "sun",
      time: "20:00",
      inDays: 6,
      inMinutes: 9300,
    });
  });

  it("has no next change around the clock, when never open, or when the hours are unknown", () => {
    expect(nextChange(clinic(NY, week({}), true))).toEqual({ status: "open", next: null });
    expect(nextChange(clinic(NY, week({}, [{ open: "00:00", close: "24:00" }])))).toEqual({
      status: "open",
      next: null,
    });
    expect(nextChange(clinic(NY, week({})))).toEqual({ status: "closed", next: null });
    expect(nextChange({ hours: null })).toEqual({ status: "unknown", next: null });
  });

  it("says not known, never closed, on a day whose hours are not known, and no next change across such a day", () => {
    // Weekdays 08:00–20:00, Saturday closed, Sunday not known (the source gave no hours for it).
    const noSunday = week({ sat: [], sun: null }, p("08:00", "20:00"));
    // Sunday 10 May 2026, noon EDT.
    expect(nextChange(clinic(NY, noSunday), new Date("2026-05-10T16:00:00Z"))).toEqual({
      status: "unknown",
      next: null,
    });
    expect(isOpen(clinic(NY, noSunday), new Date("2026-05-10T16:00:00Z"))).toBeNull();
    // Saturday noon: closed (known), and the opening is not known: Sunday may open first.
    expect(nextChange(clinic(NY, noSunday), new Date("2026-05-09T16:00:00Z"))).toEqual({
      status: "closed",
      next: null,
    });
    // Monday 07:00: closed, opens 08:00 (Monday is known for its 24 hours).
    expect(nextChange(clinic(NY, noSunday), new Date("2026-05-11T11:00:00Z"))).toEqual({
      status: "closed",
      next: { day: "mon", time: "08:00", inDays: 0, inMinutes: 60 },
    });
    // Friday 23:00–24:00 with Saturday not known: open, and what follows midnight is not known.
    const lateFri = week({ fri: p("20:00", "24:00"), sat: null });
    expect(nextChange(clinic(NY, lateFri), new Date("2026-05-09T03:30:00Z"))).toEqual({
      status: "open",
      next: null,
    });
    // Saturday 01:00 is not known; a period of Friday running past midnight still says open.
    expect(openStatus(clinic(NY, lateFri), new Date("2026-05-09T05:00:00Z"))).toBe("unknown");
    const overnightFri = week({ fri: p("20:00", "02:00"), sat: null });
    expect(openStatus(clinic(NY, overnightFri), new Date("2026-05-09T05:00:00Z"))).toBe("open");
    expect(openStatus(clinic(NY, overnightFri), new Date("2026-05-09T07:00:00Z"))).toBe("unknown");
  });

  it("with days not known, a next change it gives is the one a minute-by-minute scan finds", () => {
    const day = fc.option(fc.array(fc.record({ open: time, close: time }), { maxLength: 2 }), {
      freq: 3,
    });
    const weekly = fc.record({ mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day });
    fc.assert(
      fc.property(weekly, instant, (w, ms) => {
        const c = clinic("Etc/GMT+5", w);
        const got = nextChange(c, new Date(ms));
        const first = openStatus(c, new Date(ms));
        expect(got.status).toBe(first);
        if (got.next === null) return;
        let minutes = 1;
        while (minutes <= 7 * 1440 && openStatus(c, new Date(ms + minutes * 60_000)) === first) minutes++;
        const local = new Date(ms + minutes * 60_000 - 5 * 3_600_000);
        const hhmm = `${String(local.getUTCHours()).padStart(2, "0")}:${String(local.getUTCMinutes()).padStart(2, "0")}`;
        expect(got.next.time === "24:00" ? hhmm === "00:00" : got.next.time === hhmm).toBe(true);
      }),
      { numRuns: 150, seed: 20261128 },
    );
  });

  // The oracle: step minute by minute from `at` until openStatus changes, in a fixed-offset zone.
  it("agrees with a minute-by-minute scan of openStatus on random schedules", () => {
    const close = fc.oneof(time, fc.constant("24:00"));
    const day = fc.array(fc.record({ open: time, close }), { maxLength: 2 });
    const weekly = fc.record({ mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day });
    fc.assert(
      fc.property(weekly, instant, (w, ms) => {
        const c = clinic("Etc/GMT+5", w);
        const got = nextChange(c, new Date(ms));
        const first = openStatus(c, new Date(ms));
        let minutes = 1;
        while (minutes <= 7 * 1440 && openStatus(c, new Date(ms + minutes * 60_000)) === first) minutes++;
        expect(got.status).toBe(first);
        if (minutes > 7 * 1440) return expect(got.next).toBeNull();
        const local = new Date(ms + minutes * 60_000 - 5 * 3_600_000);
        const hhmm = `${String(local.getUTCHours()).padStart(2, "0")}:${String(local.getUTCMinutes()).padStart(2, "0")}`;
        const next = got.next;
        expect(next).not.toBeNull();
        if (!next) return;
        // 24:00 names the same instant as 00:00 of the next day.
        const want = next.time === "24:00" ? hhmm === "00:00" : next.time === hhmm;
        expect(want, `${next.time} vs ${hhmm}`).toBe(true);
        const startDay = Math.floor((ms - 5 * 3_600_000) / 86_400_000);
        const endDay = Math.floor(
          (ms + minutes * 60_000 - 5 * 3_600_000 - (next.time === "24:00" ? 1 : 0)) / 86_400_000,
        );
        expect(next.inDays).toBe(endDay - startDay);
        expect(next.inMinutes).toBe(minutes);
        expect(next.day).toBe(WEEKDAYS[(local.getUTCDay() + 6 - (next.time === "24:00" ? 1 : 0) + 7) % 7]);
      }),
      { numRuns: 150, seed: 20260506 },
    );
  });
});
