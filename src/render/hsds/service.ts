import { type ClinicFacts, unknownDays } from "../standards/facts.js";
import { hsdsIds, networkOrganizationUuid } from "./ids.js";
import { scheduleRows } from "./schedule.js";

/** An HSDS 3 document: the fields we fill (HSDS's JSON keeps its own field order; ours is fixed, so bytes repeat). */
export type HsdsDocument = Record<string, unknown>;

/** What every description of a synthetic build starts with: its clinics are fictional. */
export const SYNTHETIC_NOTE = "Synthetic sample data: a fictional clinic, not a real place of care.";

const note = (f: { synthetic: boolean }, text: string) => (f.synthetic ? `${SYNTHETIC_NOTE} ${text}` : text);

/** The service's one-line description. */
function serviceDescription(f: ClinicFacts): string {
  return note(f, `Walk-in urgent care at ${f.name}, ${f.city}, ${f.state.code}.`);
}

/**
 * The clinic's operator as an HSDS organization: named as the clinic (the data names no legal entity), its web site,
 * its page as `uri`, its network as parent, and its NPI as an identifier.
 */
function organization(f: ClinicFacts, ids: ReturnType<typeof hsdsIds>): HsdsDocument {
  return {
    id: ids.organization,
    name: f.name,
    description: note(f, `The operator of ${f.name}, an urgent care clinic in ${f.city}, ${f.state.code}.`),
    ...(f.website ? { website: f.website } : {}),
    uri: f.page,
    ...(f.network ? { parent_organization_id: networkOrganizationUuid(f.network.slug) } : {}),
    ...(f.npi
      ? {
          organization_identifiers: [
            {
              id: ids.identifier,
              organization_id: ids.organization,
              identifier_type: "National Provider Identifier (NPI)",
              identifier: f.npi,
            },
          ],
        }
      : {}),
  };
}

/** A network of clinics as an HSDS organization (listed in the root document). */
export function networkOrganization(
  n: { slug: string; name: string; wikidata: string | null },
  synthetic: boolean,
): HsdsDocument {
  return {
    id: networkOrganizationUuid(n.slug),
    name: n.name,
    description: note({ synthetic }, `${n.name}, a network of urgent care clinics.`),
    ...(n.wikidata ? { uri: `http://www.wikidata.org/entity/${n.wikidata}` } : {}),
  };
}

/** The clinic's street address, when it has every part HSDS requires (street, city, state, ZIP code). */
function addresses(f: ClinicFacts, ids: ReturnType<typeof hsdsIds>) {
  if (!f.street || !f.zip) return {};
  return {
    addresses: [
      {
        id: ids.address,
        location_id: ids.location,
        address_1: f.street,
        city: f.city,
        state_province: f.state.code,
        postal_code: f.zip,
        country: "US",
        address_type: "physical",
      },
    ],
  };
}

/** The clinic's place as an HSDS location: its page, its position (with a note when approximate) and address. */
function location(f: ClinicFacts, ids: ReturnType<typeof hsdsIds>): HsdsDocument {
  return {
    id: ids.location,
    location_type: "physical",
    url: f.page,
    organization_id: ids.organization,
    name: f.name,
    ...(f.position?.approximate
      ? { description: note(f, "Position approximate: the centre of the clinic's ZIP code area.") }
      : f.synthetic
        ? { description: SYNTHETIC_NOTE }
        : {}),
    ...(f.position ? { latitude: f.position.latitude, longitude: f.position.longitude } : {}),
    ...addresses(f, ids),
  };
}

/**
 * A clinic's service as HSDS 3's fully nested service (`/services/{id}`): the service with its phone and status;
 * its service at location with the location (address, position) and the schedule rows of its hours; its
 * organization. `lastModified`: when the release that last changed the clinic was made.
 * @example fullService(facts, "2026-05-01T00:00:00Z")
 */
export function fullService(f: ClinicFacts, lastModified: string): HsdsDocument {
  const ids = hsdsIds(f.id);
  return {
    ...serviceFields(f, ids),
    last_modified: lastModified,
    phones: f.phone ? [{ id: ids.phone, service_id: ids.service, number: f.phone, type: "voice" }] : [],
    schedules: [],
    service_at_locations: [
      {
        id: ids.serviceAtLocation,
        service_id: ids.service,
        location_id: ids.location,
        ...(unknownDays(f.hours) ? { description: unknownDays(f.hours) } : {}),
        schedules: scheduleRows(f, ids),
        location: location(f, ids),
      },
    ],
    organization: organization(f, ids),
  };
}

/** The service's own fields. */
function serviceFields(f: ClinicFacts, ids: ReturnType<typeof hsdsIds>): HsdsDocument {
  return {
    id: ids.service,
    organization_id: ids.organization,
    name: f.name,
    description: serviceDescription(f),
    ...(f.website ? { url: f.website } : {}),
    status: "active",
  };
}

/**
 * A clinic's service as `/services` lists it (HSDS's `service_list`: the service's own fields and its organization).
 * @example serviceListItem(facts).status // "active"
 */
export function serviceListItem(f: ClinicFacts): HsdsDocument {
  const ids = hsdsIds(f.id);
  return { ...serviceFields(f, ids), organization: organization(f, ids) };
}
