import type { Hours, OpeningPeriod, WeeklyHours } from "../schema/hours.js";
import { WEEKDAYS } from "../schema/hours.js";

/**
 * The text form of weekly hours used in CSV exports and accepted by the importers:
 * `mon 08:00-20:00; tue 08:00-12:30,13:30-19:00; …; sat unknown; sun closed` — all seven days, in order, local time.
 * A period whose close is not after its open runs past midnight (`fri 20:00-02:00`); `00:00-24:00` is all day;
 * `unknown` is a day the source gives no hours for (not the same as `closed`).
 * @example formatWeekly(hours.weekly) // "mon 08:00-20:00; tue 08:00-20:00; …"
 */
export function formatWeekly(weekly: WeeklyHours): string {
  return WEEKDAYS.map((d) => {
    const periods = weekly[d];
    if (periods === null) return `${d} unknown`;
    return `${d} ${periods.length === 0 ? "closed" : periods.map((p) => `${p.open}-${p.close}`).join(",")}`;
  }).join("; ");
}

const TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Parses the text form; returns an error message instead of throwing. */
export function parseWeekly(text: string): { weekly: WeeklyHours } | { error: string } {
  const weekly = {} as Record<string, OpeningPeriod[] | null>;
  const parts = text
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean);
  for (const part of parts) {
    const m = /^([a-z]{3})\s+(.+)$/i.exec(part);
    if (!m)
      return {
        error: `cannot read "${part}": expected "<day> HH:MM-HH:MM", "<day> closed" or "<day> unknown"`,
      };
    const day = (m[1] as string).toLowerCase();
    if (!(WEEKDAYS as readonly string[]).includes(day)) return { error: `unknown day "${m[1]}"` };
    if (weekly[day] !== undefined) return { error: `day "${day}" given twice` };
    const spec = (m[2] as string).trim().toLowerCase();
    if (spec === "closed" || spec === "unknown") {
      weekly[day] = spec === "closed" ? [] : null;
      continue;
    }
    const periods: OpeningPeriod[] = [];
    for (const range of spec.split(",")) {
      const [open, close, extra] = range.trim().split("-");
      if (
        extra !== undefined ||
        !open ||
        !close ||
        !TIME.test(open) ||
        !TIME.test(close) ||
        open === "24:00"
      ) {
        return { error: `bad period "${range.trim()}" on ${day}: expected HH:MM-HH:MM` };
      }
      periods.push({ open, close });
    }
    weekly[day] = periods;
  }
  const missing = WEEKDAYS.filter((d) => weekly[d] === undefined);
  if (missing.length) return { error: `missing day(s): ${missing.join(", ")}` };
  return { weekly: weekly as WeeklyHours };
}

/** True when every day is one 00:00–24:00 period (never when a day is not known). */
export function isOpen24Hours(weekly: WeeklyHours): boolean {
  return WEEKDAYS.every((d) => {
    const day = weekly[d];
    return day?.length === 1 && day[0]?.open === "00:00" && day[0]?.close === "24:00";
  });
}

export function hoursFrom(weekly: WeeklyHours, timezone: string): Hours {
  return { timezone, open_24_hours: isOpen24Hours(weekly), weekly };
}
