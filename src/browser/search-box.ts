/**
 * Search as you type on the home page: a labelled input, a polite status line and a list of links. The form is
 * hidden in the HTML and shown only when a search function exists; Enter opens the first hit.
 */
import type { SearchHit, SearchOptions } from "@urgent-care-directory/sdk/search";
import { localPage, type PageInfo } from "./page.js";

/** What the search box calls: the SDK's search of the published index. */
export type SearchFunction = (text: string, options: SearchOptions) => Promise<readonly SearchHit[]>;

const LIMIT = 10;
const DELAY_MS = 120;

/** The address of a hit's page in this page's language (its `url` may name the public host). */
export function hitHref(info: PageInfo, hit: SearchHit): string {
  return localPage(info, hit.url);
}

function describe(hit: SearchHit): string {
  const parts = [`${hit.city.name}, ${hit.state.code}`];
  if (hit.zip) parts[0] += ` ${hit.zip}`;
  if (hit.network) parts.push(hit.network);
  return parts.join(" · ");
}

/** Wires the form `form` (input, status and results inside it) to `search`. */
export function enhanceSearch(form: HTMLFormElement, search: SearchFunction, info: PageInfo): void {
  const words = info.words;
  const input = form.querySelector<HTMLInputElement>("input[type=search]");
  const status = form.querySelector<HTMLElement>("[data-search-status]");
  const list = form.querySelector<HTMLUListElement>("[data-search-results]");
  if (!input || !status || !list) return;
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let first: string | null = null;

  const show = (text: string, hits: readonly SearchHit[]) => {
    list.replaceChildren(
      ...hits.map((hit) => {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = hitHref(info, hit);
        a.textContent = hit.name;
        const small = document.createElement("span");
        small.className = "hint";
        small.textContent = describe(hit);
        li.append(a, " ", small);
        return li;
      }),
    );
    first = hits[0] ? hitHref(info, hits[0]) : null;
    status.textContent =
      text === ""
        ? ""
        : hits.length === 0
          ? words.search.none(text)
          : words.search.some(hits.length, LIMIT, text);
  };

  const run = async () => {
    const text = input.value.trim();
    const ticket = ++asked;
    if (text === "") return show("", []);
    try {
      const hits = await search(text, { limit: LIMIT });
      if (ticket === asked) show(text, hits);
    } catch {
      if (ticket === asked) status.textContent = words.search.unavailable;
    }
  };

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(run, DELAY_MS);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void run().then(() => {
      if (first) location.assign(first);
    });
  });
  form.hidden = false;
}
