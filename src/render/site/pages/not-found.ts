import { html } from "../html.js";
import { page } from "../layout.js";
import type { SiteContext } from "../site.js";

/** The HTML 404 page (served for any unknown non-API path: every link in it is root-relative). */
export function notFoundHtml(site: SiteContext): string {
  return page(site, {
    title: "Page not found",
    description: "There is no page at this address.",
    path: null,
    main: html`<h1>Page not found</h1>
<p>If you typed the web address, check it is correct. If you pasted it, check you copied the entire address.</p>
<p>Clinics sometimes close or move: <a href="${site.href("/")}">find a clinic from the home page</a>.</p>`,
  });
}
