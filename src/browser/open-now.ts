/**
 * "Open now" badges (city and clinic pages): every element with `data-hours` gets the status the SDK's
 * `openStatus` gives for this instant, in the clinic's own time zone. Without JavaScript the badges stay hidden;
 * the hours are printed on the page anyway.
 */
import { openStatus } from "@urgent-care-directory/sdk";
import { decodeHours } from "./hours-data.js";

const WORDS = { open: "Open now", closed: "Closed now" } as const;

/** Fills every badge under `root` for the instant `at`. */
export function showOpenNow(root: ParentNode, at: Date = new Date()): void {
  for (const el of root.querySelectorAll<HTMLElement>("[data-hours]")) {
    const hours = decodeHours(el.dataset.hours ?? "");
    if (!hours) continue;
    const status = openStatus({ hours }, at);
    if (status === "unknown") continue;
    el.textContent = WORDS[status];
    el.classList.add(`status-${status}`);
    el.hidden = false;
  }
}

showOpenNow(document);
