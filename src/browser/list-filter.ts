/**
 * The open-now filter of a list of clinics (city and network pages). A list on one page: the items whose status is
 * not "open" are hidden. A list in several pages: the clinics of every page are read from the API documents the
 * list names, and the open ones are drawn in place of this page's list, so that the filter covers the whole list.
 */
import type { Clinic } from "@urgent-care-directory/sdk";
import { isOpen } from "@urgent-care-directory/sdk";
import { clinicCard } from "./clinic-card.js";
import { getJson } from "./documents.js";
import type { PageInfo } from "./page.js";

type Listed = Clinic & { place?: { city: { name: string }; state: { code: string } } };

/** Wires the filter of the page's list. */
export function enhanceListFilter(tools: HTMLElement, info: PageInfo): void {
  const w = info.words;
  const box = tools.querySelector<HTMLInputElement>("[data-open-only]");
  const status = tools.querySelector<HTMLElement>("[data-filter-status]");
  const main = tools.closest("main");
  if (!box || !status || !main) return;
  const pages = Number(tools.dataset.pages ?? "1");
  const docs = (tools.dataset.docs ?? "").split(" ").filter(Boolean);
  const own = () => [...main.querySelectorAll<HTMLElement>("ul[data-list]")];
  let drawn: HTMLElement | null = null;
  let asked = 0;

  const local = () => {
    const items = own().flatMap((ul) => [...ul.querySelectorAll<HTMLElement>(":scope > li.clinic")]);
    let open = 0;
    for (const li of items) {
      const isOpenNow = li.querySelector<HTMLElement>(".status")?.dataset.status === "open";
      if (isOpenNow) open++;
      li.hidden = box.checked && !isOpenNow;
    }
    status.textContent = box.checked ? w.filter.shown(open, items.length) : "";
  };

  const across = async () => {
    const ticket = ++asked;
    const hidden = [...main.querySelectorAll<HTMLElement>("ul[data-list], .pager")];
    if (!box.checked) {
      drawn?.remove();
      drawn = null;
      for (const e of hidden) e.hidden = false;
      status.textContent = "";
      return;
    }
    status.textContent = w.filter.loading;
    try {
      const lists = await Promise.all(
        docs.map((d) => getJson<{ clinics: Listed[] }>(new URL(d, location.href).href)),
      );
      if (ticket !== asked || !box.checked) return;
      const at = new Date();
      const all = lists.flatMap((l) => l.clinics);
      const open = all.filter((c) => isOpen(c, at) === true);
      const ul = document.createElement("ul");
      ul.className = "clinics";
      ul.dataset.listAll = "";
      for (const c of open)
        ul.append(
          clinicCard(info, c, {
            at,
            ...(c.place && { place: `${c.place.city.name}, ${c.place.state.code}` }),
          }),
        );
      drawn?.remove();
      drawn = ul;
      tools.after(ul);
      for (const e of hidden) e.hidden = true;
      status.textContent = w.filter.shown(open.length, all.length);
    } catch {
      if (ticket !== asked) return;
      local();
      status.textContent = `${w.filter.failed} ${status.textContent}`;
    }
  };

  box.addEventListener("change", () => (pages > 1 ? void across() : local()));
  tools.hidden = false;
}
