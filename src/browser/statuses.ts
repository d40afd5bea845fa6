/**
 * Status lines of clinics ("Open now · closes 8 pm", "Closed now · opens 8 am tomorrow"): every element with
 * `data-hours` gets the SDK's `nextChange` for this instant in the clinic's own time zone, in the page's words.
 * Without JavaScript they stay hidden; the hours are printed beside them. Clinics with unknown hours carry
 * "Hours not known" from the build.
 */
import { nextChange } from "@urgent-care-directory/sdk";
import { closingSoon, statusText, type Words } from "../i18n/words.js";
import { decodeHours, type HoursData } from "./hours-data.js";

/** The reader's own time zone, as the browser knows it. */
const readerZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

const clockIn = (zone: string, at: Date) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);

/** Zone names by zone and instant: a list's clinics share a few zones, and Intl formatters are slow to make. */
const suffixes = new Map<string, string>();

/** " (CDT)" when the clinic's clock differs from the reader's at `at` (near a time zone line); "" otherwise. */
function zoneSuffix(words: Words, zone: string, at: Date): string {
  const key = `${zone}|${at.getTime()}`;
  const known = suffixes.get(key);
  if (known !== undefined) return known;
  let suffix = "";
  const mine = readerZone();
  try {
    if (mine && clockIn(mine, at) !== clockIn(zone, at)) {
      const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
        .formatToParts(at)
        .find((p) => p.type === "timeZoneName")?.value;
      suffix = name ? words.status.zone(name) : "";
    }
  } catch {
    // A zone this browser does not know: its times are given without a name.
  }
  if (suffixes.size > 256) suffixes.clear();
  suffixes.set(key, suffix);
  return suffix;
}

/** The status of a clinic with `hours` at `at`: "open", "closed" or "unknown", and its line in `words`. */
export function describeStatus(
  words: Words,
  hours: HoursData | null,
  at: Date,
): { status: "open" | "closed" | "unknown"; text: string; closing: boolean } {
  const detail = nextChange({ hours }, at);
  const zone = hours && detail.status !== "unknown" ? zoneSuffix(words, hours.timezone, at) : "";
  return { status: detail.status, text: statusText(words, detail, zone), closing: closingSoon(detail) };
}

/** Writes a status into its element: text, `data-status` and the colour class (amber when it closes within the hour). */
export function paintStatus(el: HTMLElement, s: { status: string; text: string; closing?: boolean }): void {
  el.textContent = s.text;
  el.dataset.status = s.status;
  el.classList.remove("status-open", "status-closed", "status-unknown", "status-closing");
  el.classList.add(`status-${s.status}`);
  if (s.closing) el.classList.add("status-closing");
  el.hidden = false;
}

/** Fills every badge under `root` for the instant `at`. */
export function showStatuses(root: ParentNode, words: Words, at: Date = new Date()): void {
  for (const el of root.querySelectorAll<HTMLElement>("[data-hours]")) {
    const hours = decodeHours(el.dataset.hours ?? "");
    if (hours) paintStatus(el, describeStatus(words, hours, at));
  }
}
