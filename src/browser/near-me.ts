/**
 * Near me: the nearest clinics to the reader's position (the Geolocation API; the position stays in the page), or
 * to what they type in the one box — a town anywhere in the US, an address, a ZIP code (the site's gazetteer and
 * ZIP files), or a clinic's name (the SDK's search, which leads to its page). Open clinics first, as the SDK's
 * `nearest` with `openFirst` gives them: the nearest open ones, then those of unknown hours, then the closed ones
 * with when they open, each group under its heading; then a map of them. The whole directory through `nearest`
 * (cities.json, then the fewest city documents); on a network's page, that network's clinics from its documents.
 */
import {
  type Clinic,
  compareResults,
  distanceKm,
  nearest,
  openFirst,
  openStatus,
  parseCoordinates,
} from "@urgent-care-directory/sdk";
import { createSearch, type SearchHit } from "@urgent-care-directory/sdk/search";
import { foldPlace } from "../util/place-names.js";
import { clinicCard } from "./clinic-card.js";
import { directory, getJson } from "./documents.js";
import { drawNearMap } from "./near-map.js";
import { localPage, type PageInfo } from "./page.js";
import { type Origin, type Place, resolvePlace, suggestPlaces } from "./places.js";
import { describeStatus, paintStatus } from "./statuses.js";

const LIMIT = 10;
const SUGGEST_PLACES = 5;
const SUGGEST_CLINICS = 5;
const DELAY_MS = 150;
const KM_PER_MILE = 1.609344;

interface Found {
  clinic: Clinic;
  distanceKm: number;
  place: string;
  status: "open" | "closed" | "unknown";
}

type NetworkClinic = Clinic & { place: { city: { name: string }; state: { code: string } } };

/**
 * A hit whose name, network, city, state or ZIP code holds every word typed (a word as the start of one of theirs):
 * the search also returns near misses, which are no answer to "which clinic is called this".
 */
function named(hit: SearchHit, text: string): boolean {
  const theirs = foldPlace(
    [hit.name, hit.network ?? "", hit.city.name, hit.state.code, hit.state.name, hit.zip ?? ""].join(" "),
  ).split(" ");
  return foldPlace(text)
    .split(" ")
    .filter(Boolean)
    .every((w) => theirs.some((t) => t.startsWith(w)));
}

/** Wires one near-me block. */
export function enhanceNearMe(section: HTMLElement, info: PageInfo): void {
  const w = info.words;
  const button = section.querySelector<HTMLButtonElement>("[data-locate]");
  const form = section.querySelector<HTMLFormElement>("form[data-place]");
  const input = form?.querySelector<HTMLInputElement>("input");
  const suggest = section.querySelector<HTMLUListElement>("[data-suggest]");
  const suggestStatus = section.querySelector<HTMLElement>("[data-suggest-status]");
  const status = section.querySelector<HTMLElement>("[data-near-status]");
  const results = section.querySelector<HTMLElement>("[data-near-results]");
  const map = section.querySelector<HTMLElement>("[data-near-map]");
  if (!button || !form || !input || !suggest || !suggestStatus || !status || !results || !map) return;
  const networkDocs = section.dataset.docs?.split(" ").filter(Boolean) ?? null;
  // Group headings one level below the block's heading (the page's own on the near-me page), names one below them.
  const level = section.querySelector("h2") ? 3 : 2;
  const groupHeading = `h${level}` as "h2" | "h3";
  const nameHeading = `h${level + 1}` as "h3" | "h4";
  const source = directory(info.api);
  const search = createSearch({ baseUrl: info.api });
  let asked = 0;
  let typed = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** The nearest clinics to `origin` at `at`, open first (a network's own clinics on its page). */
  const find = async (origin: Origin, at: Date): Promise<Found[]> => {
    const { lat, lng } = origin;
    if (networkDocs) {
      const docs = await Promise.all(
        networkDocs.map((url) => getJson<{ clinics: NetworkClinic[] }>(new URL(url, location.href).href)),
      );
      const all: Found[] = [];
      for (const doc of docs)
        for (const c of doc.clinics) {
          const p = parseCoordinates(c);
          if (p)
            all.push({
              clinic: c,
              distanceKm: distanceKm(lat, lng, p.lat, p.lng),
              place: `${c.place.city.name}, ${c.place.state.code}`,
              status: openStatus(c, at),
            });
        }
      const byDistance = all.sort(compareResults);
      return openFirst(
        byDistance.filter((r) => r.status === "open").slice(0, LIMIT),
        byDistance.slice(0, LIMIT),
      );
    }
    const near = await nearest(source, lat, lng, { limit: LIMIT, openFirst: at });
    return near.map((r) => ({
      clinic: r.clinic,
      distanceKm: r.distanceKm,
      place: `${r.city.name}, ${r.city.state.code}`,
      status: r.status ?? "unknown",
    }));
  };

  /** Lists the nearest clinics to `origin`, in groups, and draws their map. */
  const show = async (origin: Origin) => {
    const ticket = ++asked;
    status.textContent = w.near.searching;
    results.setAttribute("aria-busy", "true");
    try {
      const at = new Date();
      const found = await find(origin, at);
      if (ticket !== asked) return;
      const parts: HTMLElement[] = [];
      if (origin.partial) {
        const note = document.createElement("p");
        note.className = "hint";
        note.textContent = w.near.partial(origin.label);
        parts.push(note);
      }
      let n = 0;
      const count = { open: 0, unknown: 0, closed: 0 };
      for (const group of ["open", "unknown", "closed"] as const) {
        const members = found.filter((f) => f.status === group);
        count[group] = members.length;
        if (members.length === 0) continue;
        const heading = document.createElement(groupHeading);
        heading.className = `group group-${group}`;
        heading.textContent = w.near.groups[group];
        const list = document.createElement("ol");
        list.className = "clinics results";
        list.start = n + 1;
        for (const f of members)
          list.append(
            clinicCard(info, f.clinic, {
              distanceKm: f.distanceKm,
              place: f.place,
              at,
              heading: nameHeading,
              n: ++n,
            }),
          );
        parts.push(heading, list);
      }
      results.replaceChildren(...parts);
      drawNearMap(
        map,
        origin,
        found.flatMap((f, i) => {
          const p = parseCoordinates(f.clinic);
          return p
            ? [
                {
                  n: i + 1,
                  name: f.clinic.name,
                  ...p,
                  miles: f.distanceKm / KM_PER_MILE,
                  status: f.status,
                },
              ]
            : [];
        }),
        w,
      );
      // The status line is the list's caption (read out when it changes).
      const said = found.length
        ? w.near.results(origin.label, count.open, count.unknown, count.closed)
        : w.near.none;
      status.textContent = navigator.onLine ? said : `${said} ${w.near.offline}`;
    } catch {
      if (ticket === asked) status.textContent = navigator.onLine ? w.filter.failed : w.near.offline;
    } finally {
      if (ticket === asked) results.removeAttribute("aria-busy");
    }
  };

  const clearSuggestions = () => {
    typed++;
    clearTimeout(timer);
    suggest.replaceChildren();
    suggest.hidden = true;
    suggestStatus.textContent = "";
  };

  /** A clinic found by name: a link to its page, where it is, and whether it is open now. */
  const hitItem = (hit: SearchHit, at: Date): HTMLLIElement => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = localPage(info, hit.url);
    a.textContent = hit.name;
    const where = document.createElement("span");
    where.className = "hint";
    where.textContent = `${hit.city.name}, ${hit.state.code}${hit.network ? ` · ${hit.network}` : ""}`;
    const badge = document.createElement("span");
    badge.className = "status";
    badge.hidden = true;
    li.append(a, " ", where, badge);
    // Whether it is open now: the search index has no hours; the clinic's own small document has.
    getJson<{ clinic: Clinic }>(`${info.api}${hit.path}`)
      .then((doc) => paintStatus(badge, describeStatus(w, doc.clinic.hours, at)))
      .catch(() => {
        // No status then: the link still leads to the clinic's page.
      });
    return li;
  };

  /** Places and clinics that start like what is typed, as the patient types. */
  const suggestions = async () => {
    const text = input.value.trim();
    const ticket = ++typed;
    if (text.length < 3 || /^\d+$/.test(text)) {
      suggest.replaceChildren();
      suggest.hidden = true;
      suggestStatus.textContent = "";
      return;
    }
    const [places, hits] = await Promise.all([
      suggestPlaces(info, text, SUGGEST_PLACES).catch((): Place[] => []),
      search(text, { limit: SUGGEST_CLINICS })
        .then((all) => all.filter((h) => named(h, text)))
        .catch((): readonly SearchHit[] => []),
    ]);
    if (ticket !== typed) return;
    const at = new Date();
    const items = places.map((p) => {
      const li = document.createElement("li");
      const label = `${p.name}, ${p.state}`;
      li.append(placeButton({ lat: p.lat, lng: p.lng, label }, label));
      return li;
    });
    suggest.replaceChildren(...items, ...hits.map((h) => hitItem(h, at)));
    suggest.hidden = items.length + hits.length === 0;
    suggestStatus.textContent = w.near.suggestions(places.length, hits.length);
  };

  /** A button that lists the nearest clinics to a place (a suggestion, or the town an address names). */
  const placeButton = (origin: Origin, typed: string): HTMLButtonElement => {
    const choose = document.createElement("button");
    choose.type = "button";
    choose.className = "link";
    choose.textContent = w.near.suggestPlace(origin.label);
    choose.addEventListener("click", () => {
      input.value = typed;
      remember(typed);
      clearSuggestions();
      void show(origin);
    });
    return choose;
  };

  /**
   * What the box holds, when submitted: a ZIP code or a town's whole name gives the nearest clinics; else a clinic's
   * name leads to its page (a name that holds a town's, "Austin Urgent Care - Rollingwood", is a clinic's first, with
   * the town's list a tap away); else an address's town; else the box says nothing is known and asks for the ZIP code.
   */
  const fromText = async (raw: string) => {
    const text = raw.trim();
    if (text === "") return;
    clearSuggestions();
    status.textContent = w.near.searching;
    try {
      const resolved = await resolvePlace(info, text, w.near.zip);
      if ("origin" in resolved && !resolved.origin.partial) return void (await show(resolved.origin));
      asked++;
      map.replaceChildren();
      map.hidden = true;
      if ("unknownZip" in resolved) {
        results.replaceChildren();
        status.textContent = w.near.unknownZip(resolved.unknownZip);
        return;
      }
      const hits = await search(text, { limit: LIMIT })
        .then((all) => all.filter((h) => named(h, text)))
        .catch((): readonly SearchHit[] => []);
      if (hits.length === 0) {
        if ("origin" in resolved) return void (await show(resolved.origin));
        results.replaceChildren();
        status.textContent = w.near.notFound(text);
        return;
      }
      const list = document.createElement("ul");
      list.className = "suggest";
      const at = new Date();
      list.append(...hits.map((h) => hitItem(h, at)));
      if ("origin" in resolved) {
        const li = document.createElement("li");
        li.append(placeButton(resolved.origin, text));
        list.append(li);
      }
      results.replaceChildren(list);
      status.textContent = w.near.clinicsNamed(text);
    } catch {
      status.textContent = navigator.onLine ? w.filter.failed : w.near.offline;
    }
  };

  /**
   * On the near-me page what was typed goes into the address's fragment (never sent to the server), so that a
   * reload or the back button shows the same list; the reader's own position never does.
   */
  const remember = (text: string) => {
    if (section.dataset.page === "near-me") history.replaceState(null, "", `#q=${encodeURIComponent(text)}`);
  };

  button.addEventListener("click", () => {
    clearSuggestions();
    if (!("geolocation" in navigator)) {
      status.textContent = w.near.unavailable;
      input.focus();
      return;
    }
    status.textContent = w.near.locating;
    navigator.geolocation.getCurrentPosition(
      (pos) => void show({ lat: pos.coords.latitude, lng: pos.coords.longitude, label: w.near.here }),
      (err) => {
        status.textContent = err.code === err.PERMISSION_DENIED ? w.near.refused : w.near.unavailable;
        input.focus();
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  });
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => void suggestions(), DELAY_MS);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    remember(input.value.trim());
    void fromText(input.value);
  });
  section.hidden = false;

  // `#zip=78701` or `#q=Austin` in the address: the list at once (the near-me page).
  const hash = new URLSearchParams(location.hash.slice(1));
  const given = hash.get("zip") ?? hash.get("q");
  if (given && section.dataset.page === "near-me") {
    input.value = given;
    void fromText(given);
  }
}
