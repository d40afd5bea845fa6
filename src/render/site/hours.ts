/** Opening hours in words and in a table, in the clinic's own time zone. */
import { DAY_KEYS, type DayKey, encodeHours, type HoursData } from "../../browser/hours-data.js";
import { clock, DAY_NAMES, zoneName } from "./format.js";
import { type Html, html } from "./html.js";

function periods(list: readonly { open: string; close: string }[]): string {
  if (list.length === 0) return "Closed";
  return list
    .map((p) =>
      p.open === "00:00" && p.close === "24:00" ? "Open 24 hours" : `${clock(p.open)} to ${clock(p.close)}`,
    )
    .join(", ");
}

const SHORT: Record<DayKey, string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};

/**
 * The week in one line, consecutive days with the same hours joined.
 * @example hoursSummary(hours) // "Mon to Fri: 7am to 7pm; Sat: 8am to 4pm; Sun: Closed"
 */
export function hoursSummary(hours: HoursData): string {
  if (hours.open_24_hours) return "Open 24 hours, every day";
  const runs: { from: DayKey; to: DayKey; text: string }[] = [];
  for (const day of DAY_KEYS) {
    const text = periods(hours.weekly[day]);
    const last = runs[runs.length - 1];
    if (last && last.text === text) last.to = day;
    else runs.push({ from: day, to: day, text });
  }
  return runs
    .map((r) => `${r.from === r.to ? SHORT[r.from] : `${SHORT[r.from]} to ${SHORT[r.to]}`}: ${r.text}`)
    .join("; ");
}

/** The "open now" badge: hidden, filled in by the browser script from the hours it carries. */
export function openNowBadge(hours: HoursData | null): Html {
  return hours ? html`<p class="status" data-hours="${encodeHours(hours)}" hidden></p>` : html``;
}

/** The week as a table, with the time zone the times are in. */
export function hoursTable(hours: HoursData): Html {
  return html`<p>Times are local to the clinic: ${zoneName(hours.timezone)}. Hours on public holidays may differ.</p>
<table class="hours"><caption class="hint">Regular opening hours</caption><thead><tr><th scope="col">Day</th><th scope="col">Hours</th></tr></thead><tbody>${DAY_KEYS.map(
    (d) => html`<tr><th scope="row">${DAY_NAMES[d]}</th><td>${periods(hours.weekly[d])}</td></tr>`,
  )}</tbody></table>`;
}
