import { formatWeekly } from "../../dataset/hours-text.js";
import type { ClinicFacts } from "../standards/facts.js";

/**
 * A clinic as a GeoJSON Feature (RFC 7946): a Point at its position (`[longitude, latitude]`, WGS 84), or a null
 * geometry when it has none, with flat properties — scalars only, so that every GIS tool (QGIS, ArcGIS, ogr2ogr,
 * DuckDB's `ST_Read`) shows them as columns. Hours are the downloads' text form (`mon 08:00-20:00; …`) with their
 * time zone beside them.
 * @example clinicFeature(facts).geometry // { type: "Point", coordinates: [-97.74306, 30.26715] }
 */
export function clinicFeature(f: ClinicFacts) {
  return {
    type: "Feature",
    id: f.id,
    geometry: f.position ? { type: "Point", coordinates: [f.position.longitude, f.position.latitude] } : null,
    properties: {
      id: f.id,
      name: f.name,
      network: f.network?.name ?? null,
      address: f.address,
      street: f.street,
      city: f.city,
      state: f.state.code,
      zip: f.zip,
      phone: f.phone,
      website: f.website,
      npi: f.npi,
      position_approximate: f.position ? f.position.approximate : null,
      timezone: f.hours?.timezone ?? null,
      hours: f.hours ? formatWeekly(f.hours.weekly) : null,
      url: f.page,
      synthetic: f.synthetic,
    },
  };
}

/** The members of a FeatureCollection besides its features (RFC 7946 § 6.1 "foreign members"). */
export interface CollectionHead {
  name: string;
  synthetic: boolean;
  license: string;
  attribution: string;
}

/**
 * A FeatureCollection's text, one feature per line between its head and its end, so that a line diff between two
 * releases shows the clinics that changed and the national file is the states' lines joined (`collectionText`).
 */
export function collectionStart(head: CollectionHead): string {
  const { name, synthetic, license, attribution } = head;
  return `{"type":"FeatureCollection","name":${JSON.stringify(name)},"synthetic":${synthetic},"license":${JSON.stringify(license)},"attribution":${JSON.stringify(attribution)},"features":[\n`;
}

/** The end of a FeatureCollection's text. */
export const COLLECTION_END = "]}\n";

/**
 * A FeatureCollection of features already serialised (one per line), as `collectionStart` lays it out.
 * @example collectionText(head, [JSON.stringify(clinicFeature(facts))])
 */
export function collectionText(head: CollectionHead, features: readonly string[]): string {
  return `${collectionStart(head)}${features.join(",\n")}${features.length ? "\n" : ""}${COLLECTION_END}`;
}

/** The properties of a clinic's Feature, as the downloads' manifest lists them (type: JSON's). */
export const GEOJSON_PROPERTIES: readonly {
  name: string;
  type: string;
  nullable: boolean;
  description: string;
}[] = [
  {
    name: "id",
    type: "string",
    nullable: false,
    description: "Stable identifier of the clinic (as in the API); also the Feature's id.",
  },
  { name: "name", type: "string", nullable: false, description: "Name of the clinic." },
  {
    name: "network",
    type: "string",
    nullable: true,
    description: "Network or brand, only with evidence; null = none known.",
  },
  { name: "address", type: "string", nullable: true, description: "One-line address as the API gives it." },
  { name: "street", type: "string", nullable: true, description: "Street line (with suite)." },
  { name: "city", type: "string", nullable: false, description: "City name as published." },
  { name: "state", type: "string", nullable: false, description: "USPS code of the state." },
  { name: "zip", type: "string", nullable: true, description: "5-digit ZIP code." },
  { name: "phone", type: "string", nullable: true, description: "(NXX) NXX-XXXX, as the API gives it." },
  { name: "website", type: "string", nullable: true, description: "The clinic's own web site." },
  { name: "npi", type: "string", nullable: true, description: "National Provider Identifier (CMS NPPES)." },
  {
    name: "position_approximate",
    type: "boolean",
    nullable: true,
    description: "True when the point is the centre of the clinic's ZIP code area; null without a point.",
  },
  { name: "timezone", type: "string", nullable: true, description: "IANA time zone of the hours." },
  {
    name: "hours",
    type: "string",
    nullable: true,
    description:
      "Weekly hours in the downloads' text form (`mon 08:00-20:00; …; sun closed`), local time of `timezone`.",
  },
  { name: "url", type: "string", nullable: false, description: "The clinic's page on the site." },
  {
    name: "synthetic",
    type: "boolean",
    nullable: false,
    description: "True for the built-in sample: a fictional clinic.",
  },
];
