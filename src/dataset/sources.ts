import type { ClinicSource, SourceField } from "../schema/sources.js";
import { SOURCE_FIELDS } from "../schema/sources.js";
import type { ClinicRecord } from "./types.js";

/**
 * The published fields a clinic has a value for, in `SOURCE_FIELDS` order: what a single source gave it.
 * @example presentFields(sampleClinic) // ["name", "address", "phone", "coordinates", "website", "hours", …]
 */
export function presentFields(c: Omit<ClinicRecord, "sources" | "evidence">): SourceField[] {
  const has: Record<SourceField, boolean> = {
    name: true,
    address: c.address !== null,
    phone: c.phone !== null,
    coordinates: c.latitude !== null,
    website: c.website !== null,
    hours: c.hours !== null,
    services: c.services.length > 0,
    insurance: c.insurance.length > 0,
    rating: c.rating !== null,
    neighborhood: c.neighborhood !== null,
    npi: c.npi !== null,
  };
  return SOURCE_FIELDS.filter((f) => has[f]);
}

/** The one source of a built-in sample clinic: the generator, named as such. */
export function sampleSource(c: Omit<ClinicRecord, "sources" | "evidence">): ClinicSource {
  return { name: SAMPLE_SOURCE_NAME, id: null, merged_ids: [], date: null, fields: presentFields(c) };
}

/** How the sample's clinics credit their source. */
export const SAMPLE_SOURCE_NAME = "Synthetic sample";
