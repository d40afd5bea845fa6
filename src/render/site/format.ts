/** Plain-words formatting shared by the page templates (deterministic: no locale or clock of the machine). */
import type { DayKey } from "../../browser/hours-data.js";

/**
 * @example count(8600) // "8,600"
 */
export function count(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * @example plural(1, "clinic") // "1 clinic"
 * @example plural(2, "city", "cities") // "2 cities"
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/**
 * @example percent(0.9731) // "97.3%"
 */
export function percent(share: number): string {
  return `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}

/**
 * @example bytes(4_512_003) // "4.3 MB"
 */
export function bytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  const units = ["KB", "MB", "GB", "TB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 100 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

/**
 * A 24-hour `HH:MM` in GOV.UK style.
 * @example clock("07:00") // "7am"
 * @example clock("19:30") // "7:30pm"
 * @example clock("24:00") // "midnight"
 */
export function clock(hhmm: string): string {
  const h = Number(hhmm.slice(0, 2));
  const m = hhmm.slice(3, 5);
  if (h % 24 === 0 && m === "00") return "midnight";
  if (h === 12 && m === "00") return "midday";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m === "00" ? "" : `:${m}`}${h < 12 || h === 24 ? "am" : "pm"}`;
}

export const DAY_NAMES: Record<DayKey, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** Plain names of the US time zones the data uses; others are shown by their IANA name alone. */
const ZONE_NAMES: Record<string, string> = {
  "America/New_York": "Eastern Time",
  "America/Detroit": "Eastern Time",
  "America/Indiana/Indianapolis": "Eastern Time",
  "America/Kentucky/Louisville": "Eastern Time",
  "America/Chicago": "Central Time",
  "America/Indiana/Knox": "Central Time",
  "America/Menominee": "Central Time",
  "America/North_Dakota/Center": "Central Time",
  "America/Denver": "Mountain Time",
  "America/Boise": "Mountain Time",
  "America/Phoenix": "Mountain Standard Time (no daylight saving)",
  "America/Los_Angeles": "Pacific Time",
  "America/Anchorage": "Alaska Time",
  "America/Juneau": "Alaska Time",
  "America/Adak": "Hawaii-Aleutian Time",
  "Pacific/Honolulu": "Hawaii Time",
};

/**
 * @example zoneName("America/Chicago") // "Central Time (America/Chicago)"
 */
export function zoneName(zone: string): string {
  const name = ZONE_NAMES[zone];
  return name ? `${name} (${zone})` : zone;
}

/**
 * A `tel:` address from a US phone number as published (`(512) 555-0134` → `tel:+15125550134`); null when it
 * does not hold 10 digits (or 11 starting with 1).
 */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return null;
}
