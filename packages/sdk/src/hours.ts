import type { Clinic, Hours, Weekday } from "./types.js";

/**
 * Whether a clinic is open at an instant; `unknown` when its hours (or their time zone) are not known, or when no
 * period covers the instant and its weekday's hours are not known (a null day: not the same as closed).
 */
export type OpenStatus = "open" | "closed" | "unknown";

/** Monday first, as in {@link WeeklyHours}. */
export const WEEKDAYS: readonly Weekday[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

const DAY = 24 * 60;
const WEEK = 7 * DAY;
const SHORT_DAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

const formatters = new Map<string, Intl.DateTimeFormat | null>();

// One formatter per zone: creating an Intl.DateTimeFormat costs far more than using one.
function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        weekday: "short",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      });
    } catch {
      f = null; // RangeError: not an IANA zone this runtime knows
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Minutes since Monday 00:00 of the wall-clock time in `timeZone` at `at` (0 … 10079), or null for an unknown zone.
 * Intl applies the zone's rules for that very instant, so daylight-saving changes need no special case.
 * @example localMinuteOfWeek(new Date("2026-03-09T12:00:00Z"), "America/New_York"); // Monday 08:00 → 480
 */
export function localMinuteOfWeek(at: Date, timeZone: string): number | null {
  const f = formatterFor(timeZone);
  if (!f) return null;
  let day = -1;
  let hour = 0;
  let minute = 0;
  for (const part of f.formatToParts(at)) {
    if (part.type === "weekday") day = SHORT_DAYS[part.value] ?? -1;
    else if (part.type === "hour")
      hour = Number(part.value) % 24; // some engines still print 24 for midnight
    else if (part.type === "minute") minute = Number(part.value);
  }
  return day < 0 ? null : day * DAY + hour * 60 + minute;
}

function minutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/**
 * The week's periods as [start, end) minutes from Monday 00:00. A period listed under a day starts that day; when
 * its close is at or before its open it ends on the next day (Sunday's overnight period ends on Monday, past the
 * week's end).
 */
function spans(hours: Hours): [number, number][] {
  const out: [number, number][] = [];
  for (let d = 0; d < 7; d++) {
    // A day not known (null) has no period known to start on it.
    for (const p of hours.weekly[WEEKDAYS[d] as Weekday] ?? []) {
      const open = minutes(p.open);
      const close = minutes(p.close);
      out.push([d * DAY + open, d * DAY + close + (close <= open ? DAY : 0)]);
    }
  }
  return out;
}

/** Whether `hours` are open at local minute-of-week `m`. */
function openAtMinute(hours: Hours, m: number): boolean {
  return spans(hours).some(
    ([start, end]) => (m >= start && m < end) || (m + WEEK >= start && m + WEEK < end),
  );
}

/** Whether the hours of the weekday holding minute `m` (any minute, wrapped to the week) are known. */
function dayKnown(hours: Hours, m: number): boolean {
  const d = ((Math.floor(m / DAY) % 7) + 7) % 7;
  return hours.weekly[WEEKDAYS[d] as Weekday] !== null;
}

/**
 * Whether the clinic is open at `at` (default: now), in three words: `"open"`, `"closed"`, or `"unknown"` when
 * `hours` is null, its time zone is unknown to the runtime, or no period covers `at` and the hours of that weekday
 * are not known (null: a source that gives no hours for a day does not say it is closed). A day that is known is
 * known for all its 24 hours: a period of the day before that runs past midnight is listed under that day. Uses the clinic's IANA time zone via
 * `Intl.DateTimeFormat`, so it is right wherever the caller is, across overnight periods and daylight-saving
 * changes (periods are wall-clock times: on a spring-forward night the skipped hour never happens; on a fall-back
 * night the repeated hour is open or closed both times). Holiday exceptions are not in the data.
 * @example
 * openStatus(clinic); // "open" | "closed" | "unknown"
 * openStatus(clinic, new Date("2026-11-01T06:30:00Z")); // 01:30 EST or EDT — same answer either way
 */
export function openStatus(clinic: Pick<Clinic, "hours">, at: Date = new Date()): OpenStatus {
  const hours = clinic.hours;
  if (Number.isNaN(at.getTime())) throw new RangeError("openStatus: invalid date");
  if (!hours) return "unknown";
  if (hours.open_24_hours) return "open"; // open whatever the zone
  const m = localMinuteOfWeek(at, hours.timezone);
  if (m === null) return "unknown";
  if (openAtMinute(hours, m)) return "open";
  return dayKnown(hours, m) ? "closed" : "unknown";
}

/**
 * Is the clinic open at `at` (default: now)? `true` or `false`, or `null` when its hours are unknown — so that
 * `if (isOpen(c))` means "known to be open". The same rules as {@link openStatus}.
 * @example
 * if (isOpen(clinic)) console.log("open now");
 * isOpen({ hours: null }); // null
 */
export function isOpen(clinic: Pick<Clinic, "hours">, at: Date = new Date()): boolean | null {
  const status = openStatus(clinic, at);
  return status === "unknown" ? null : status === "open";
}

/** When a clinic's status next changes: a wall-clock time in the clinic's own time zone. */
export interface StatusChange {
  /** The clinic's weekday of the change. */
  day: Weekday;
  /** `HH:MM` on that day; a close at the end of a day is `24:00`. */
  time: string;
  /** 0 when the change is later today (the clinic's today), 1 tomorrow, up to 7 (the same weekday next week). */
  inDays: number;
  /**
   * Minutes from the instant asked about to the change, by the clinic's wall clock (1 … 10080): what "closes in 25
   * min" says. On a daylight-saving night it is off by the hour skipped or repeated, like the clock on the door.
   */
  inMinutes: number;
}

/** {@link openStatus} with when it next changes: the closing time when open, the opening time when closed. */
export interface OpenStatusDetail {
  status: OpenStatus;
  /**
   * Null when the status never changes (open around the clock, never open), the hours are unknown, or the change
   * is not known (a day whose hours are not known comes first).
   */
  next: StatusChange | null;
}

/** The week's periods (`spans`), each also a week earlier and later (the wrap-around), by start. */
function intervals(hours: Hours): [number, number][] {
  return spans(hours)
    .flatMap(([start, end]) =>
      [-WEEK, 0, WEEK].map((shift): [number, number] => [start + shift, end + shift]),
    )
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function changeAt(m: number, at: number, closing: boolean): StatusChange {
  let day = Math.floor(at / DAY);
  let minute = at - day * DAY;
  // A close at the very end of a day reads "midnight" that day, not "00:00" the next.
  if (closing && minute === 0) {
    day -= 1;
    minute = DAY;
  }
  const hh = String(Math.floor(minute / 60)).padStart(2, "0");
  const mm = String(minute % 60).padStart(2, "0");
  return {
    day: WEEKDAYS[(((day % 7) + 7) % 7) as number] as Weekday,
    time: `${hh}:${mm}`,
    inDays: day - Math.floor(m / DAY),
    inMinutes: at - m,
  };
}

/**
 * Whether the clinic is open at `at` (as {@link openStatus}) and when that next changes, in the clinic's own
 * wall-clock time: the time it closes when open (following periods that run into each other, such as 20:00–24:00
 * then 00:00–08:00), the time it opens when closed. What a patient reads as "closes 8 pm" or "opens 8 am
 * tomorrow".
 * @example
 * nextChange(clinic, new Date("2026-05-06T15:30:00Z"));
 * // { status: "open", next: { day: "wed", time: "20:00", inDays: 0 } }
 */
export function nextChange(clinic: Pick<Clinic, "hours">, at: Date = new Date()): OpenStatusDetail {
  const status = openStatus(clinic, at);
  const hours = clinic.hours;
  if (status === "unknown" || !hours || hours.open_24_hours) return { status, next: null };
  const m = localMinuteOfWeek(at, hours.timezone) as number;
  const list = intervals(hours);
  if (status === "closed") {
    const start = list.find(([s]) => s > m)?.[0];
    // The opening is known only when every day before it is: a day not known may open earlier.
    if (start === undefined) return { status, next: null };
    for (let d = Math.floor(m / DAY) + 1; d < Math.floor(start / DAY); d++)
      if (!dayKnown(hours, d * DAY)) return { status, next: null };
    return { status, next: changeAt(m, start, false) };
  }
  // Sorted by start: extend the end through every period that starts before it (periods that touch or overlap).
  let end = m;
  for (const [s, e] of list) {
    if (s > end) break;
    if (e > end) end = e;
  }
  // It closes then only when that day is known; else what follows is not known.
  if (end - m >= WEEK || !dayKnown(hours, end)) return { status, next: null };
  return { status, next: changeAt(m, end, true) };
}
