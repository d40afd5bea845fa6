import type { ClinicRecord } from "../../dataset/types.js";
import type { State } from "../../geo/states.js";
import { en } from "../../i18n/words.js";
import type { Clinic } from "../../schema/clinic.js";
import type { Hours } from "../../schema/hours.js";
import { WEEKDAYS, type Weekday } from "../../schema/hours.js";
import type { StateGroup } from "../group.js";
import type { NetworkSummary, Summary } from "../summary.js";

/**
 * One clinic as the standards' documents (FHIR, HSDS, GeoJSON) show it: every value taken once from the clinic's
 * API form (`Clinic`) and its record, so that a clinic's NPI, position, phone and hours are the same in every
 * format (test/standards/agree.test.ts).
 */
export interface ClinicFacts {
  id: string;
  name: string;
  /** The network's identity, when the clinic has one. */
  network: { slug: string; name: string; wikidata: string | null } | null;
  /** One-line address as the API publishes it. */
  address: string | null;
  street: string | null;
  city: string;
  state: State;
  zip: string | null;
  /** WGS 84 degrees, parsed from the API's `coordinates` (the same decimals); null when unknown. */
  position: { latitude: number; longitude: number; approximate: boolean } | null;
  /** `(NXX) NXX-XXXX`, as the API gives it. */
  phone: string | null;
  website: string | null;
  /** The clinic's page on the site. */
  page: string;
  npi: string | null;
  hours: Hours | null;
  /** True for the built-in sample: fictional clinics, labelled in every document. */
  synthetic: boolean;
}

/**
 * A clinic's facts from its API form, its record and its network.
 * @example clinicFacts(rc.clinic, rc.record, summary.networkByName.get(rc.clinic.network ?? ""), texas, false)
 */
export function clinicFacts(
  clinic: Clinic,
  record: ClinicRecord,
  network: NetworkSummary | undefined,
  state: State,
  synthetic: boolean,
): ClinicFacts {
  let position: ClinicFacts["position"] = null;
  if (clinic.coordinates !== null) {
    const [lat, lon] = clinic.coordinates.split(",").map(Number);
    position = {
      latitude: lat as number,
      longitude: lon as number,
      approximate: clinic.coordinates_source === "zip_centroid",
    };
  }
  return {
    id: clinic.id,
    name: clinic.name,
    network: network ? { slug: network.slug, name: network.name, wikidata: network.wikidata } : null,
    address: clinic.address,
    street: record.street,
    city: record.city,
    state,
    zip: record.zip !== null && /^\d{5}$/.test(record.zip) ? record.zip : null,
    position,
    phone: clinic.phone,
    website: clinic.website,
    page: clinic.url,
    npi: clinic.npi,
    hours: clinic.hours,
    synthetic,
  };
}

/** One opening period of the week in the standards' form: the days it applies to, times `HH:MM`. */
export interface WeeklySlot {
  /** Days in week order (Monday first). */
  days: Weekday[];
  /** True for `00:00–24:00`: the whole day. */
  allDay: boolean;
  open: string;
  /**
   * `HH:MM`; a close not after the open runs past midnight into the next day (the API's rule), and the API's `24:00`
   * is `00:00` here (midnight at the end of the day: not after any open, so it runs to midnight).
   */
  close: string;
}

/**
 * A clinic's weekly hours as slots: periods with the same times grouped over the days that have them (in week
 * order of their first day). A day whose hours are not known (null) is in no slot, and neither is a closed day:
 * the standards list when a place is open, never "closed".
 * @example weeklySlots(hours) // [{ days: ["mon", …, "fri"], allDay: false, open: "08:00", close: "20:00" }, …]
 */
export function weeklySlots(hours: Hours): WeeklySlot[] {
  const slots = new Map<string, WeeklySlot>();
  for (const day of WEEKDAYS) {
    const periods = hours.weekly[day];
    if (periods === null) continue;
    for (const p of periods) {
      const allDay = p.open === "00:00" && p.close === "24:00";
      const close = p.close === "24:00" ? "00:00" : p.close;
      const key = allDay ? "all" : `${p.open}-${close}`;
      const slot = slots.get(key);
      if (slot) {
        if (!slot.days.includes(day)) slot.days.push(day);
      } else slots.set(key, { days: [day], allDay, open: p.open, close });
    }
  }
  return [...slots.values()];
}

/**
 * The facts of every clinic of one US state, in the order its documents list them (city slug, then name and id).
 * @example stateFacts(summary, group, ctx.dataset.source.synthetic)
 */
export function stateFacts(summary: Summary, group: StateGroup, synthetic: boolean): ClinicFacts[] {
  const state = group.state.state;
  return group.cities.flatMap((city) =>
    city.clinics.map(({ clinic, record }) =>
      clinicFacts(
        clinic,
        record,
        clinic.network === null ? undefined : summary.networkByName.get(clinic.network),
        state,
        synthetic,
      ),
    ),
  );
}

/**
 * The days whose hours are not known, in words, or null when every day is known: the standards list open times
 * only, so an unknown day would otherwise read as closed (FHIR's `availabilityExceptions`, HSDS's description of the
 * service at its location).
 * @example unknownDays(hours) // "Hours not known on Thursday."
 */
export function unknownDays(hours: Hours | null): string | null {
  if (!hours) return null;
  const days = WEEKDAYS.filter((d) => hours.weekly[d] === null).map((d) => en.days[d]);
  return days.length ? `Hours not known on ${days.join(", ")}.` : null;
}
