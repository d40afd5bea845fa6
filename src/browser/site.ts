/**
 * The site's script, on every page: statuses of clinics, the open-now filter, and the service worker that keeps what the reader has seen for when there is no signal. Everything it adds is
 * hidden in the HTML and shown here, so a page without JavaScript shows only what works.
 */
import { enhanceListFilter } from "./list-filter.js";
import { pageInfo } from "./page.js";
import { showStatuses } from "./statuses.js";

const info = pageInfo();
showStatuses(document, info.words);
// A page left open keeps its statuses current.
setInterval(() => showStatuses(document, info.words), 60_000);

for (const tools of document.querySelectorAll<HTMLElement>("[data-list-tools]"))
  enhanceListFilter(tools, info);

if ("serviceWorker" in navigator) {
  addEventListener("load", () => {
    navigator.serviceWorker.register(`${info.root}sw.js`, { scope: info.root }).catch(() => {
      // No offline copy then (a private window, an http address other than localhost): the site works as before.
    });
  });
}
