import type { ClinicFacts, WeeklySlot } from "../standards/facts.js";
import { unknownDays, weeklySlots } from "../standards/facts.js";
import {
  IDENTIFIER_TYPE_SYSTEM,
  NPI_SYSTEM,
  ORG_TYPE_SYSTEM,
  PROFILES,
  SERVICE_CATEGORY_SYSTEM,
  SYNTHETIC_TAG,
  WIKIDATA_SYSTEM,
} from "./profiles.js";

/** The FHIR R4 JSON the builders write (the elements we fill; `resourceType` first, as FHIR's JSON shows it). */
export type FhirResource = { resourceType: string; id: string } & Record<string, unknown>;

/** A network's Organization id: `network-{slug}`, or a hash when the slug is too long for a FHIR id (64). */
export function networkOrganizationId(slug: string): string {
  const id = `network-${slug}`;
  if (/^[A-Za-z0-9\-.]{1,64}$/.test(id)) return id;
  throw new Error(`network slug cannot make a FHIR id: ${slug}`);
}

/** `meta`: when the resource last changed (the release that last changed the clinic), its profile, the tag. */
function meta(lastUpdated: string | null, profile: string | null, synthetic: boolean) {
  return {
    ...(lastUpdated ? { lastUpdated } : {}),
    ...(profile ? { profile: [profile] } : {}),
    ...(synthetic ? { tag: [{ ...SYNTHETIC_TAG }] } : {}),
  };
}

/** The clinic's phone and web site as ContactPoints. */
function telecom(f: ClinicFacts) {
  const out: { system: string; value: string; use?: string }[] = [];
  if (f.phone) out.push({ system: "phone", value: f.phone, use: "work" });
  if (f.website) out.push({ system: "url", value: f.website, use: "work" });
  return out.length ? { telecom: out } : {};
}

/** The clinic's address: the one-line text, the street, city, state, ZIP code, country. */
function address(f: ClinicFacts) {
  return {
    use: "work",
    type: "physical",
    ...(f.address ? { text: f.address } : {}),
    ...(f.street ? { line: [f.street] } : {}),
    city: f.city,
    state: f.state.code,
    ...(f.zip ? { postalCode: f.zip } : {}),
    country: "US",
  };
}

/**
 * The IANA time zone the hours are in: the extension of the FHIR extensions pack (R4 itself has no element for it;
 * the times of `hoursOfOperation` and `availableTime` are local to the place).
 */
export const TIMEZONE_EXTENSION = "http://hl7.org/fhir/StructureDefinition/timezone";

function timezone(f: ClinicFacts) {
  return f.hours ? { extension: [{ url: TIMEZONE_EXTENSION, valueCode: f.hours.timezone }] } : {};
}

/** The days whose hours are not known, which the open times alone would show as closed. */
function exceptions(f: ClinicFacts) {
  const text = unknownDays(f.hours);
  return text ? { availabilityExceptions: text } : {};
}

/** FHIR `time` (`HH:MM:SS`) of an `HH:MM`. */
const time = (hhmm: string) => `${hhmm}:00`;

/** Days of the week as FHIR codes (`mon`…`sun`, the API's own). */
function slotTimes(slot: WeeklySlot, start: string, end: string) {
  return slot.allDay
    ? { daysOfWeek: [...slot.days], allDay: true }
    : { daysOfWeek: [...slot.days], [start]: time(slot.open), [end]: time(slot.close) };
}

/**
 * The operator of a clinic's site as an Organization (Plan-Net Organization, type `fac`): named as the clinic (the
 * data names no legal entity), with the clinic's NPI (the billing organisation's) as its identifier, its address,
 * phone and web site, and `partOf` its network's Organization.
 * @example clinicOrganization(facts, "2026-05-01T00:00:00Z")
 */
export function clinicOrganization(f: ClinicFacts, lastUpdated: string): FhirResource {
  return {
    resourceType: "Organization",
    id: f.id,
    meta: meta(lastUpdated, PROFILES.Organization, f.synthetic),
    ...(f.npi
      ? {
          identifier: [
            {
              use: "official",
              type: { coding: [{ system: IDENTIFIER_TYPE_SYSTEM, code: "NPI" }] },
              system: NPI_SYSTEM,
              value: f.npi,
            },
          ],
        }
      : {}),
    active: true,
    type: [{ coding: [{ system: ORG_TYPE_SYSTEM, code: "fac", display: "Facility" }] }],
    name: f.name,
    ...telecom(f),
    address: [address(f)],
    ...(f.network ? { partOf: { reference: `Organization/${networkOrganizationId(f.network.slug)}` } } : {}),
  };
}

/**
 * A network (brand) of clinics as an Organization: its name and Wikidata item. No profile is claimed: Plan-Net's
 * Organization requires an address, and a network has none of its own (docs/fhir.md). No `lastUpdated` either:
 * nothing in it changes with a release, so its bytes stay the same.
 */
export function networkOrganization(
  n: { slug: string; name: string; wikidata: string | null },
  synthetic: boolean,
): FhirResource {
  const m = meta(null, null, synthetic);
  return {
    resourceType: "Organization",
    id: networkOrganizationId(n.slug),
    ...(Object.keys(m).length ? { meta: m } : {}),
    ...(n.wikidata ? { identifier: [{ system: WIKIDATA_SYSTEM, value: n.wikidata }] } : {}),
    active: true,
    type: [{ coding: [{ system: ORG_TYPE_SYSTEM, code: "prvgrp", display: "Provider Group" }] }],
    name: n.name,
  };
}

/**
 * A clinic's place as a Location (Plan-Net Location): name, address, position (with a description when it is the
 * ZIP code area's centre), phone and web site, opening hours, and the operator as managing organisation.
 * @example clinicLocation(facts, "2026-05-01T00:00:00Z")
 */
export function clinicLocation(f: ClinicFacts, lastUpdated: string): FhirResource {
  return {
    resourceType: "Location",
    id: f.id,
    meta: meta(lastUpdated, PROFILES.Location, f.synthetic),
    ...timezone(f),
    status: "active",
    name: f.name,
    ...(f.position?.approximate
      ? { description: "Position approximate: the centre of the clinic's ZIP code area." }
      : {}),
    ...telecom(f),
    address: address(f),
    ...(f.position ? { position: { longitude: f.position.longitude, latitude: f.position.latitude } } : {}),
    managingOrganization: { reference: `Organization/${f.id}` },
    ...(f.hours
      ? { hoursOfOperation: weeklySlots(f.hours).map((s) => slotTimes(s, "openingTime", "closingTime")) }
      : {}),
    ...exceptions(f),
  };
}

/**
 * The urgent care a clinic offers as a HealthcareService (Plan-Net HealthcareService, category `urg`): provided by
 * its operator, at its Location, with its phone, web site and opening hours.
 * @example clinicService(facts, "2026-05-01T00:00:00Z")
 */
export function clinicService(f: ClinicFacts, lastUpdated: string): FhirResource {
  return {
    resourceType: "HealthcareService",
    id: f.id,
    meta: meta(lastUpdated, PROFILES.HealthcareService, f.synthetic),
    ...timezone(f),
    active: true,
    providedBy: { reference: `Organization/${f.id}` },
    category: [{ coding: [{ system: SERVICE_CATEGORY_SYSTEM, code: "urg", display: "Urgent Care" }] }],
    location: [{ reference: `Location/${f.id}` }],
    name: f.name,
    ...telecom(f),
    ...(f.hours
      ? {
          availableTime: weeklySlots(f.hours).map((s) =>
            slotTimes(s, "availableStartTime", "availableEndTime"),
          ),
        }
      : {}),
    ...exceptions(f),
  };
}
