/** Opening hours in words and in a table, in the clinic's own time zone and the page's language. */
import { DAY_KEYS, type DayKey, encodeHours, type HoursData } from "../../browser/hours-data.js";
import { type Html, html } from "../../util/html.js";
import type { SiteContext } from "./site.js";

type Words = Pick<SiteContext, "t" | "w">;

function periods({ t, w }: Words, list: readonly { open: string; close: string }[] | null): string {
  if (list === null) return t.hours.unknown;
  if (list.length === 0) return t.hours.closed;
  return list
    .map((p) =>
      p.open === "00:00" && p.close === "24:00"
        ? t.hours.allDay
        : t.hours.range(w.clock(p.open), w.clock(p.close)),
    )
    .join(", ");
}

/**
 * The week in one line, consecutive days with the same hours joined.
 * @example hoursSummary(site, hours) // "Mon to Fri: 7 am to 7 pm; Sat: 8 am to 4 pm; Sun: Closed"
 */
export function hoursSummary(site: Words, hours: HoursData): string {
  const { t } = site;
  if (hours.open_24_hours) return t.hours.everyDay;
  const runs: { from: DayKey; to: DayKey; text: string }[] = [];
  for (const day of DAY_KEYS) {
    const text = periods(site, hours.weekly[day]);
    const last = runs[runs.length - 1];
    if (last && last.text === text) last.to = day;
    else runs.push({ from: day, to: day, text });
  }
  const short = t.hours.shortDays;
  return runs
    .map((r) => `${r.from === r.to ? short[r.from] : t.hours.days(short[r.from], short[r.to])}: ${r.text}`)
    .join("; ");
}

/**
 * The status line of a clinic. Known hours: a badge the site's script fills for this instant ("Open now · closes
 * 8 pm"), its room kept while empty (nothing moves when it is filled), hidden without JavaScript (the hours are
 * printed beside it). Unknown hours: "Hours not known", which
 * does not depend on the time, so it is written here, never "closed".
 */
export function statusBadge(site: Words, hours: HoursData | null): Html {
  return hours
    ? html`<p class="status" data-hours="${encodeHours(hours)}" data-js></p>`
    : html`<p class="status status-unknown">${site.w.status.unknown}</p>`;
}

/** The week as a table, with the time zone the times are in. */
export function hoursTable(site: Words, hours: HoursData): Html {
  const { t, w } = site;
  return html`<p>${t.hours.local(t.zone(hours.timezone))}</p>
<table class="hours"><caption class="hint">${t.hours.caption}</caption><thead><tr><th scope="col">${t.hours.day}</th><th scope="col">${t.hours.hours}</th></tr></thead><tbody>${DAY_KEYS.map(
    (d) => html`<tr><th scope="row">${w.days[d]}</th><td>${periods(site, hours.weekly[d])}</td></tr>`,
  )}</tbody></table>`;
}
