/**
 * Near me's script, on the pages that have the block (home, near me, states, a city's and a network's first page):
 * the locate button, the one box with its suggestions (places, ZIP codes, clinics' names) and the map. Apart from the
 * site's script, so that a clinic's page does not load it.
 */
import { enhanceNearMe } from "./near-me.js";
import { pageInfo } from "./page.js";

const info = pageInfo();
for (const section of document.querySelectorAll<HTMLElement>("[data-near-me]")) enhanceNearMe(section, info);
