import { ignore, linkedController } from "./signals.js";
import { toSlug } from "./slug.js";
import type { DirectorySource } from "./source.js";
import type { RequestOptions } from "./transport.js";
import type { CityEntry, Clinic, ClinicsByCity, EvidenceLevel, LocatedClinic } from "./types.js";

/** Options of {@link clinicDocuments} and {@link allClinics}. */
export interface AllClinicsOptions extends RequestOptions {
  /** City documents fetched at once. Default 4. */
  concurrency?: number;
  /** Only the cities of this state: its USPS code (`TX`), name (`Texas`) or slug (`texas`). */
  state?: string;
  /** {@link allClinics}: only clinics whose `evidence_level` is one of these (`["confirmed"]`). Default: all. */
  levels?: readonly EvidenceLevel[];
}

/**
 * Every city's clinics document, in `cities.json` order, fetching at most `concurrency` ahead of the consumer.
 * Stopping early (`break`) cancels the fetches still running.
 * @example for await (const doc of clinicDocuments(client, { state: "texas" })) console.log(doc.city.name, doc.count);
 */
export async function* clinicDocuments(
  source: DirectorySource,
  options: AllClinicsOptions = {},
): AsyncGenerator<ClinicsByCity> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
  const list = await source.cities(options.signal ? { signal: options.signal } : {});
  const want = options.state === undefined ? undefined : toSlug(options.state.replace(/\./g, ""));
  const cities =
    want === undefined
      ? list.cities
      : list.cities.filter((c) => c.state.slug === want || c.state.code.toLowerCase() === want);
  const { signal, dispose } = linkedController(options.signal);
  const window: Promise<ClinicsByCity>[] = [];
  let next = 0;
  const launch = () => {
    const city = cities[next++];
    if (!city) return;
    const p = source.clinics(city.state.slug, city.slug, { signal });
    p.catch(ignore); // awaited below in order; this only keeps a rejection that arrives early from being "unhandled"
    window.push(p);
  };
  try {
    while (window.length < concurrency && next < cities.length) launch();
    while (window.length > 0) {
      const doc = await (window.shift() as Promise<ClinicsByCity>);
      launch();
      yield doc;
    }
  } finally {
    dispose();
  }
}

/**
 * The clinic with the state and city of the document that lists it (`place`), so that it still knows where it
 * is once taken out of that document.
 * @example locate(doc.clinics[0], doc.city).place.city.name; // "Austin"
 */
export function locate(clinic: Clinic, city: CityEntry): LocatedClinic {
  return {
    ...clinic,
    place: { state: city.state, city: { slug: city.slug, name: city.name, path: city.path, url: city.url } },
  };
}

/**
 * Every clinic of the directory (or of one state, or of some evidence levels), city by city, with bounded
 * concurrency; each carries its state and city in `place`.
 * @example
 * let open = 0;
 * for await (const clinic of allClinics(client, { concurrency: 8 })) if (isOpen(clinic)) open++;
 */
export async function* allClinics(
  source: DirectorySource,
  options: AllClinicsOptions = {},
): AsyncGenerator<LocatedClinic> {
  for await (const doc of clinicDocuments(source, options))
    for (const c of doc.clinics)
      if (!options.levels || options.levels.includes(c.evidence_level)) yield locate(c, doc.city);
}
