/** schema.org `MedicalClinic` of a clinic page, as search engines document local-business structured data. */
import { DAY_KEYS, type HoursData } from "../../browser/hours-data.js";
import { en } from "../../i18n/words.js";
import { safeHttpUrl } from "../../util/html.js";
import type { RenderedClinic } from "../group.js";

type Json = Record<string, unknown>;

/** schema.org's day names (`https://schema.org/Monday`) are the English ones, whatever the page's language. */
const DAY_NAMES = en.days;

/** Days with the same periods share one specification; a close at 24:00 is written 23:59, as schema.org asks. */
export function openingHoursSpecification(hours: HoursData): Json[] {
  const byPeriod = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const day of DAY_KEYS) {
    // A day not known is left out: schema.org reads a day without a specification as not stated.
    for (const p of hours.weekly[day] ?? []) {
      const closes = p.close === "24:00" ? "23:59" : p.close;
      const key = `${p.open}-${closes}`;
      const entry = byPeriod.get(key) ?? { opens: p.open, closes, days: [] };
      entry.days.push(`https://schema.org/${DAY_NAMES[day]}`);
      byPeriod.set(key, entry);
    }
  }
  return [...byPeriod.values()].map((e) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: e.days.length === 1 ? e.days[0] : e.days,
    opens: e.opens,
    closes: e.closes,
  }));
}

export interface ClinicLdOptions {
  /** The clinic's page (its canonical address). */
  url: string;
  stateCode: string;
  /** The network's page and Wikidata item, when the clinic has a network. */
  network: { name: string; url: string | null; wikidata: string | null } | null;
}

/**
 * @example clinicJsonLd(rendered, { url, stateCode: "TX", network: null })["@type"] // "MedicalClinic"
 */
export function clinicJsonLd({ clinic, record }: RenderedClinic, o: ClinicLdOptions): Json {
  const ld: Json = {
    "@context": "https://schema.org",
    "@type": "MedicalClinic",
    "@id": o.url,
    name: clinic.name,
    url: o.url,
    address: {
      "@type": "PostalAddress",
      ...(record.street ? { streetAddress: record.street } : {}),
      addressLocality: record.city,
      addressRegion: o.stateCode,
      ...(record.zip ? { postalCode: record.zip } : {}),
      addressCountry: "US",
    },
  };
  if (clinic.phone) ld.telephone = clinic.phone;
  if (record.latitude !== null && record.longitude !== null)
    ld.geo = { "@type": "GeoCoordinates", latitude: record.latitude, longitude: record.longitude };
  if (clinic.hours) ld.openingHoursSpecification = openingHoursSpecification(clinic.hours);
  const website = safeHttpUrl(clinic.website);
  if (website) ld.sameAs = website;
  if (clinic.rating !== null && clinic.reviews_count !== null && clinic.reviews_count > 0)
    ld.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: clinic.rating,
      reviewCount: clinic.reviews_count,
      bestRating: 5,
      worstRating: 0,
    };
  if (o.network)
    ld.parentOrganization = {
      "@type": "Organization",
      name: o.network.name,
      ...(o.network.url ? { url: o.network.url } : {}),
      ...(o.network.wikidata ? { sameAs: `https://www.wikidata.org/wiki/${o.network.wikidata}` } : {}),
    };
  return ld;
}
