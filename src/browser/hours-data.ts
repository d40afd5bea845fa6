/**
 * The compact form of a clinic's hours carried by its page in a `data-hours` attribute, so that the browser can
 * say "open now" with the SDK's `openStatus` without fetching anything:
 * `{timezone}|{1 when open 24 hours, else 0}|{mon}|{tue}|…|{sun}`, each day its periods `HH:MM-HH:MM` joined
 * by commas (empty when closed, `?` when not known). Lossless: decoding gives back the API's hours object. Free of DOM and Node
 * APIs: the build encodes with it, the browser decodes with it.
 */

/** The shape of `Clinic.hours` (the build's schema type and the SDK's both fit it). */
export interface HoursData {
  timezone: string;
  open_24_hours: boolean;
  /** A day's periods; empty when closed, null when not known. */
  weekly: Record<DayKey, { open: string; close: string }[] | null>;
}

export type DayKey = "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
export const DAY_KEYS: readonly DayKey[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/**
 * @example encodeHours(hours) // "America/Chicago|0|07:00-19:00|07:00-19:00|07:00-19:00|07:00-19:00|07:00-19:00|08:00-16:00|"
 */
export function encodeHours(hours: HoursData): string {
  const days = DAY_KEYS.map((d) => hours.weekly[d]?.map((p) => `${p.open}-${p.close}`).join(",") ?? "?");
  return [hours.timezone, hours.open_24_hours ? "1" : "0", ...days].join("|");
}

const PERIOD = /^(\d\d:\d\d)-(\d\d:\d\d)$/;

/** The hours back from their compact form; null when the text is not one. */
export function decodeHours(text: string): HoursData | null {
  const parts = text.split("|");
  if (parts.length !== 9 || !parts[0]) return null;
  const weekly = {} as HoursData["weekly"];
  for (const [i, day] of DAY_KEYS.entries()) {
    const spec = parts[i + 2] as string;
    if (spec === "?") {
      weekly[day] = null;
      continue;
    }
    const periods: { open: string; close: string }[] = [];
    for (const p of spec ? spec.split(",") : []) {
      const m = PERIOD.exec(p);
      if (!m) return null;
      periods.push({ open: m[1] as string, close: m[2] as string });
    }
    weekly[day] = periods;
  }
  return { timezone: parts[0], open_24_hours: parts[1] === "1", weekly };
}
