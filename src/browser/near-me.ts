/**
 * Near me: the nearest clinics to the reader's position (the Geolocation API; the position stays in the page),
 * to a ZIP code (the site's ZIP files) or to a city (cities.json, which `nearest` reads anyway), with the
 * open-now filter. The whole directory through the SDK's `nearest` (cities.json, then the fewest city documents);
 * on a network's page, that network's clinics from its API documents.
 */
import {
  type CityEntry,
  type Clinic,
  distanceKm,
  isOpen,
  nearest,
  parseCoordinates,
} from "@urgent-care-directory/sdk";
import { clinicCard } from "./clinic-card.js";
import { directory, getJson } from "./documents.js";
import type { PageInfo } from "./page.js";

const LIMIT = 10;

interface Origin {
  lat: number;
  lng: number;
  /** What the results are near, in words: "you", "ZIP code 78701", "Austin, TX". */
  label: string;
}

interface Found {
  clinic: Clinic;
  distanceKm: number;
  place: string;
}

/** Lowercase, without accents or punctuation: "St. Louis, MO" → "st louis mo". */
const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** A city of the directory named by `text` ("austin", "Austin, TX", "austin texas"); the one with most clinics. */
export function matchCity(cities: readonly CityEntry[], text: string): CityEntry | undefined {
  const q = fold(text);
  let best: CityEntry | undefined;
  for (const c of cities) {
    const name = fold(c.name);
    const ok = q === name || q === `${name} ${fold(c.state.code)}` || q === `${name} ${fold(c.state.name)}`;
    if (ok && (!best || c.clinic_count > best.clinic_count)) best = c;
  }
  return best;
}

/** The position of a 5-digit ZIP code from the site's ZIP files, or null when the Census has no area for it. */
async function zipPosition(info: PageInfo, zip: string): Promise<{ lat: number; lng: number } | null> {
  const shard = await getJson<Record<string, [number, number]>>(
    new URL(`${info.root}assets/zips/${zip.slice(0, 3)}.json`, location.href).href,
  ).catch(() => null);
  const p = shard?.[zip];
  return p ? { lat: p[0], lng: p[1] } : null;
}

/** Wires one near-me block. */
export function enhanceNearMe(section: HTMLElement, info: PageInfo): void {
  const w = info.words;
  const button = section.querySelector<HTMLButtonElement>("[data-locate]");
  const form = section.querySelector<HTMLFormElement>("form[data-place]");
  const input = form?.querySelector<HTMLInputElement>("input");
  const openOnly = section.querySelector<HTMLInputElement>("[data-open-only]");
  const status = section.querySelector<HTMLElement>("[data-near-status]");
  const results = section.querySelector<HTMLElement>("[data-near-results]");
  if (!button || !form || !input || !openOnly || !status || !results) return;
  const networkDocs = section.dataset.docs?.split(" ").filter(Boolean) ?? null;
  // Results are headed one level below the block's heading (the page's own on the near-me page).
  const heading = section.querySelector("h2") ? "h3" : "h2";
  const source = directory(info.api);
  let origin: Origin | null = null;
  let asked = 0;

  const search = async (at: Date): Promise<Found[]> => {
    if (!origin) return [];
    const { lat, lng } = origin;
    if (networkDocs) {
      const docs = await Promise.all(
        networkDocs.map((url) =>
          getJson<{ clinics: (Clinic & { place: { city: { name: string }; state: { code: string } } })[] }>(
            new URL(url, location.href).href,
          ),
        ),
      );
      const found: Found[] = [];
      for (const doc of docs)
        for (const c of doc.clinics) {
          const p = parseCoordinates(c);
          if (!p || (openOnly.checked && isOpen(c, at) !== true)) continue;
          found.push({
            clinic: c,
            distanceKm: distanceKm(lat, lng, p.lat, p.lng),
            place: `${c.place.city.name}, ${c.place.state.code}`,
          });
        }
      return found
        .sort((a, b) => a.distanceKm - b.distanceKm || (a.clinic.id < b.clinic.id ? -1 : 1))
        .slice(0, LIMIT);
    }
    const near = await nearest(source, lat, lng, { limit: LIMIT, ...(openOnly.checked && { openAt: at }) });
    return near.map((r) => ({
      clinic: r.clinic,
      distanceKm: r.distanceKm,
      place: `${r.city.name}, ${r.city.state.code}`,
    }));
  };

  const run = async () => {
    if (!origin) return;
    const ticket = ++asked;
    status.textContent = w.near.searching;
    results.setAttribute("aria-busy", "true");
    try {
      const at = new Date();
      const found = await search(at);
      if (ticket !== asked) return;
      const list = document.createElement("ol");
      list.className = "clinics results";
      for (const f of found)
        list.append(clinicCard(info, f.clinic, { distanceKm: f.distanceKm, place: f.place, at, heading }));
      results.replaceChildren(...(found.length ? [list] : []));
      // The status line is the list's caption (read out when it changes).
      const said = found.length
        ? w.near.results(origin.label, found.length, openOnly.checked)
        : w.near.none(openOnly.checked);
      status.textContent = navigator.onLine ? said : `${said} ${w.near.offline}`;
    } catch {
      if (ticket === asked) status.textContent = navigator.onLine ? w.filter.failed : w.near.offline;
    } finally {
      if (ticket === asked) results.removeAttribute("aria-busy");
    }
  };

  const fromPlace = async (text: string) => {
    const q = text.trim();
    if (q === "") return;
    status.textContent = w.near.searching;
    const zip = /^\d{5}$/.exec(q.replace(/-\d{4}$/, ""))?.[0];
    let found: Origin | null = null;
    try {
      if (zip) {
        const p = await zipPosition(info, zip);
        if (p) found = { ...p, label: w.near.zip(zip) };
      } else {
        const city = matchCity((await source.cities()).cities, q);
        if (city)
          found = {
            lat: city.center.latitude,
            lng: city.center.longitude,
            label: `${city.name}, ${city.state.code}`,
          };
      }
    } catch {
      status.textContent = navigator.onLine ? w.filter.failed : w.near.offline;
      return;
    }
    if (!found) {
      status.textContent = w.near.notFound(q);
      results.replaceChildren();
      return;
    }
    origin = found;
    await run();
  };

  button.addEventListener("click", () => {
    if (!("geolocation" in navigator)) {
      status.textContent = w.near.unavailable;
      input.focus();
      return;
    }
    status.textContent = w.near.locating;
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        origin = { lat: pos.coords.latitude, lng: pos.coords.longitude, label: w.near.here };
        void run();
      },
      (err) => {
        status.textContent = err.code === err.PERMISSION_DENIED ? w.near.refused : w.near.unavailable;
        input.focus();
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // On the near-me page the place goes into the address's fragment (never sent to the server), so that a reload
    // or the back button shows the same list; the reader's own position never does.
    if (section.dataset.page === "near-me")
      history.replaceState(null, "", `#q=${encodeURIComponent(input.value.trim())}`);
    void fromPlace(input.value);
  });
  openOnly.addEventListener("change", () => void run());
  section.hidden = false;

  // `#zip=78701` or `#q=Austin` in the address: the list at once (the near-me page).
  const hash = new URLSearchParams(location.hash.slice(1));
  const given = hash.get("zip") ?? hash.get("q");
  if (given && section.dataset.page === "near-me") {
    input.value = given;
    void fromPlace(given);
  }
}
