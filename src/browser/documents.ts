/**
 * The API documents the scripts read (cities, a city's clinics, a network's pages), through the platform `fetch`,
 * each read once per page (the browser's HTTP cache and the service worker keep them beyond). A
 * `DirectorySource` for the SDK's `nearest`.
 */
import type { CitiesList, ClinicsByCity, DirectorySource } from "@urgent-care-directory/sdk";

const read = new Map<string, Promise<unknown>>();

/** A JSON document by absolute URL, fetched once. A failed read is forgotten, so that it can be tried again. */
export function getJson<T>(url: string): Promise<T> {
  let p = read.get(url);
  if (!p) {
    p = fetch(url, { headers: { accept: "application/json" } }).then((res) => {
      if (!res.ok) throw new Error(`${res.status} ${url}`);
      return res.json();
    });
    p.catch(() => read.delete(url));
    read.set(url, p);
  }
  return p as Promise<T>;
}

/** The directory as `nearest` reads it, from the API at `api`. */
export function directory(api: string): DirectorySource {
  return {
    cities: () => getJson<CitiesList>(`${api}/cities.json`),
    clinics: (state, city) =>
      getJson<ClinicsByCity>(`${api}/clinics/${encodeURIComponent(state)}/${encodeURIComponent(city)}.json`),
  };
}
