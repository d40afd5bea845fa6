import OpeningHours from "opening_hours";
import { type OpeningPeriod, WEEKDAYS, type WeeklyHours } from "../../schema/hours.js";

/**
 * What a day left out of an `opening_hours` string means: `unknown` (All The Places: a day a spider could not read
 * is left out like a closed one, so nothing tells the two apart) or `closed` (OpenStreetMap's own rule, and a
 * spider whose locator lists every day it opens).
 */
export type OmittedDays = "unknown" | "closed";

/**
 * Weekly hours from OpenStreetMap's `opening_hours` syntax (All The Places writes a simplified variant of it),
 * read by the `opening_hours` package (opening_hours.js, the reference implementation of the syntax; LGPL-3.0, run
 * from `node_modules` by the importer only, never bundled into the site or the SDK). The string is evaluated over
 * four ordinary weeks of a year (no public holiday, no clock change):
 * - a day the string leaves out is `null` (not known) — the string is read as `Mo-Su unknown; <string>`, so that
 *   OpenStreetMap's rule that a later rule overrides an earlier one for the days it names leaves only those days
 *   unknown — or closed when `omitted` says so; `closed`, `off` and `Mo-Su closed` close days;
 * - `24/7`, `Mo-Su 00:00-24:00` (and `23:59`, which All The Places writes for midnight) are open all day;
 * - a period past midnight, written the OpenStreetMap way (`Fr 20:00-02:00`) or split at midnight the All The
 *   Places way (`Fr 20:00-24:00; Sa 00:00-02:00`), becomes one period of the day it starts; a day whose only hours
 *   are that night's is not known (All The Places' writer puts them under a day it did not read as well as under a
 *   closed one); a later rule for the next day cuts the night at midnight, as the syntax says (`Sa 08:00-02:00;
 *   Su 10:00-20:00` closes at midnight on Saturday; the writer says `Su 00:00-02:00,10:00-20:00` when it means 2 am);
 * - several periods a day are kept in order; comments are ignored;
 * - holiday rules (`PH off`, `PH 10:00-14:00`, `SH off`) and dated exceptions (`Dec 25 off`) are exceptions the
 *   hours schema does not represent: the regular week is read without them (rules of school holidays are left out
 *   before reading: the package has no US school calendar);
 * - a comment makes its rule's times not known, as the syntax says.
 * Hours that differ between those weeks (months, week numbers, `Mo[1]`), hours that give no day (`sunrise-sunset`,
 * `Mo-Fr 08:00+`) and text that is not the syntax give an error, never a guess.
 * @example parseOsmHours("Mo-Fr 08:00-20:00; Sa 09:00-14:00") // { weekly: { mon: [{open:"08:00",close:"20:00"}], …, sat: [{open:"09:00",close:"14:00"}], sun: null } }
 */
export function parseOsmHours(
  text: string,
  omitted: OmittedDays = "unknown",
): { weekly: WeeklyHours } | { error: string } {
  const key = `${omitted}\u0000${text}`;
  const known = cache.get(key);
  if (known) return known;
  const result = read(text.trim(), omitted);
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(key, result);
  return result;
}

// A chain's locations share a few strings: each is read once (bounded: cleared when full).
const cache = new Map<string, { weekly: WeeklyHours } | { error: string }>();
const CACHE_SIZE = 10_000;

const DAY_MS = 86_400_000;
const MIDNIGHT = 24 * 60;

function read(text: string, omitted: OmittedDays): { weekly: WeeklyHours } | { error: string } {
  if (text === "") return { error: "empty opening_hours" };
  const prefix = omitted === "unknown" ? "Mo-Su unknown; " : "Mo-Su off; ";
  // School holidays are exceptions like public ones, and the package knows no US school calendar (it throws).
  const rules = text
    .split(";")
    .filter((rule) => !/^\s*SH\b/.test(rule))
    .join(";");
  let oh: OpeningHours;
  try {
    oh = new OpeningHours(`${prefix}${rules}`, null, 0);
  } catch (e) {
    const why = String(e).split("\n")[0]?.replace(prefix, "").replace(/\s+/g, " ").trim().slice(0, 200);
    return { error: `"${text}" is not opening_hours syntax this importer reads (${why})` };
  }
  let first: string | null = null;
  let weekly: WeeklyHours | null = null;
  for (const monday of referenceWeeks()) {
    let week: WeeklyHours;
    try {
      week = weekOf(oh, monday);
    } catch (e) {
      return { error: `"${text}" cannot be evaluated (${String(e).split("\n")[0]?.slice(0, 200)})` };
    }
    const json = JSON.stringify(week);
    if (first === null) {
      first = json;
      weekly = week;
    } else if (json !== first)
      return {
        error: `"${text}" gives hours that change from week to week (months, dates, week numbers or sunrise): only regular weekly hours are read`,
      };
  }
  if (WEEKDAYS.every((d) => weekly?.[d] === null))
    return { error: `"${text}" gives no day's hours (open-ended or variable times only)` };
  return { weekly: weekly as WeeklyHours };
}

/** One day's pieces of the evaluated week: open minutes [from, to) of that day, and whether any part is unknown. */
interface DayPieces {
  open: [number, number][];
  unknown: boolean;
  /** Its only hours were the night before's, now that night's: All The Places writes them under a day it did not read as under a closed one. */
  carriedOnly?: boolean;
}

/** The weekly hours a week starting on `monday` (local midnight) shows. */
function weekOf(oh: OpeningHours, monday: Date): WeeklyHours {
  // Eight days: a Sunday period past midnight ends on the next Monday.
  const days: DayPieces[] = Array.from({ length: 8 }, () => ({ open: [], unknown: false }));
  const end = new Date(monday.getTime() + 8 * DAY_MS);
  for (const [from, to, unknown] of oh.getOpenIntervals(monday, end)) {
    for (const [d, a, b] of split(monday, from, to)) {
      const day = days[d] as DayPieces;
      if (unknown) day.unknown = true;
      else day.open.push([a, b]);
    }
  }
  for (const day of days) day.open.sort((x, y) => x[0] - y[0]);
  // A period past midnight, whichever way it was written, becomes one period of the day it starts.
  for (let d = 0; d < 7; d++) {
    const today = days[d] as DayPieces;
    const next = days[d + 1] as DayPieces;
    const last = today.open.at(-1);
    const carry = next.open[0];
    if (today.unknown || !last || !carry || last[1] !== MIDNIGHT || last[0] === 0 || carry[0] !== 0) continue;
    if (carry[1] >= MIDNIGHT || carry[1] > last[0]) continue; // a day and more: left as the days say
    last[1] = MIDNIGHT + carry[1];
    next.open.shift();
    if (next.open.length === 0) next.carriedOnly = true;
    // The week repeats: Monday's first hours are Sunday's night.
    const monday = days[0] as DayPieces;
    if (d === 6 && monday.open[0]?.[0] === 0 && monday.open[0][1] === carry[1]) {
      monday.open.shift();
      if (monday.open.length === 0) monday.carriedOnly = true;
    }
  }
  const weekly = {} as WeeklyHours;
  WEEKDAYS.forEach((name, d) => {
    const day = days[d] as DayPieces;
    weekly[name] = day.unknown || day.carriedOnly ? null : day.open.map(period);
  });
  return weekly;
}

/** An interval cut at local midnights into [day index from `monday`, from minute, to minute] pieces. */
function split(monday: Date, from: Date, to: Date): [number, number, number][] {
  const out: [number, number, number][] = [];
  let start = from;
  while (start < to) {
    const d = Math.round((dayStart(start).getTime() - monday.getTime()) / DAY_MS);
    const nextMidnight = new Date(dayStart(start).getTime() + DAY_MS);
    const stop = to < nextMidnight ? to : nextMidnight;
    const a = minuteOf(start);
    // 23:59 is how All The Places (and many a locator) writes midnight.
    let b = stop.getTime() === nextMidnight.getTime() ? MIDNIGHT : minuteOf(stop);
    if (b === MIDNIGHT - 1) b = MIDNIGHT;
    if (d >= 0 && d < 8 && b > a) out.push([d, a, b]);
    start = stop;
  }
  return out;
}

function period([a, b]: [number, number]): OpeningPeriod {
  return { open: hhmm(a), close: b === MIDNIGHT ? "24:00" : hhmm(b % MIDNIGHT) };
}

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const minuteOf = (d: Date) => d.getHours() * 60 + d.getMinutes();
const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

let weeks: Date[] | null = null;

/**
 * Four Mondays of 2001 whose weeks hold no public holiday of the package's default calendar and no clock change in
 * this process's time zone (the package evaluates in local time): early March, June, August and October, on
 * different weeks of their months and both parities of week numbers, so that hours that depend on dates or weeks
 * show as different.
 */
function referenceWeeks(): Date[] {
  if (weeks) return weeks;
  const holidays = new OpeningHours("PH", null, 0);
  weeks = [
    [2, 5],
    [5, 18],
    [7, 6],
    [9, 15],
  ].map(([month, day]) => {
    let monday = new Date(2001, month as number, day as number);
    for (let tries = 0; tries < 8 && !ordinary(monday, holidays); tries++)
      monday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 7);
    return monday;
  });
  return weeks;
}

/** A week with the same UTC offset from the day before to the day after it, and no public holiday. */
function ordinary(monday: Date, holidays: OpeningHours): boolean {
  for (let d = -2; d <= 8; d++) {
    const day = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + d);
    if (day.getTimezoneOffset() !== monday.getTimezoneOffset()) return false;
    if (day.getHours() !== 0) return false;
    const noon = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 12);
    if (holidays.getState(noon)) return false;
  }
  return true;
}
