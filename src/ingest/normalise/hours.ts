import { parseWeekly } from "../../dataset/hours-text.js";
import { WEEKDAYS, WeeklyHours } from "../../schema/hours.js";
import { parseOsmHours } from "./osm-hours.js";
import type { Normalised } from "./phone.js";

export interface HoursValue {
  weekly: WeeklyHours;
  /** Time zone given with the hours (an Hours object), if any. */
  timezone: string | null;
}

const ALL_DAY = { open: "00:00", close: "24:00" };

/**
 * How a profile's hours text is written: `text`, the text form of our exports (`mon 08:00-20:00; …`); `osm`,
 * OpenStreetMap's `opening_hours` syntax (All The Places), a day it leaves out not known.
 */
export type HoursSyntax = "text" | "osm";

/**
 * Weekly hours from the text form of our exports (`mon 08:00-20:00; …`) — or from OpenStreetMap's
 * `opening_hours` syntax when the profile says so (`parseOsmHours`) —, from "24/7" / "open 24 hours",
 * or from an object (an Hours object with `weekly`, or the weekly object itself). Unreadable hours are
 * dropped and reported — never guessed.
 * @example normaliseHours("24/7") // { value: { weekly: { mon: [{ open: "00:00", close: "24:00" }], … }, timezone: null } }
 */
export function normaliseHours(value: unknown, syntax: HoursSyntax = "text"): Normalised<HoursValue | null> {
  const invalid = (why: string) => ({
    value: null,
    problem: { code: "invalid_hours", message: `${why}; hours dropped` },
  });
  if (typeof value === "string") {
    if (/^(?:24\/7|open 24 hours|24 hours|24 hrs)$/i.test(value.trim())) {
      return {
        value: {
          weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [ALL_DAY]])) as WeeklyHours,
          timezone: null,
        },
      };
    }
    const parsed = syntax === "osm" ? parseOsmHours(value) : parseWeekly(value);
    return "error" in parsed ? invalid(parsed.error) : { value: { weekly: parsed.weekly, timezone: null } };
  }
  if (value !== null && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const weekly = WeeklyHours.safeParse("weekly" in obj ? obj.weekly : obj);
    if (!weekly.success)
      return invalid(`hours object is not valid: ${weekly.error.issues[0]?.message ?? "unknown shape"}`);
    const tz = typeof obj.timezone === "string" && obj.timezone.trim() ? obj.timezone.trim() : null;
    return { value: { weekly: weekly.data, timezone: tz } };
  }
  return invalid("hours must be text or an object");
}
