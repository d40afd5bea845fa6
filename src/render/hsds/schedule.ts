import type { Weekday } from "../../schema/hours.js";
import type { ClinicFacts } from "../standards/facts.js";
import { type WeeklySlot, weeklySlots } from "../standards/facts.js";

/** RFC 5545 day codes. */
const BYDAY: Record<Weekday, string> = {
  mon: "MO",
  tue: "TU",
  wed: "WE",
  thu: "TH",
  fri: "FR",
  sat: "SA",
  sun: "SU",
};

/** One HSDS `schedule` row (the fields we fill). */
export interface ScheduleRow {
  id: string;
  service_id: string;
  location_id: string;
  service_at_location_id: string;
  freq: "WEEKLY";
  wkst: "MO";
  byday: string;
  opens_at: string;
  closes_at: string;
  description: string;
  notes: string;
}

/** A slot in words (HSDS's `description` of a schedule). */
function describe(slot: WeeklySlot): string {
  if (slot.allDay) return "Open all day.";
  if (slot.close === "00:00") return `Opens ${slot.open}, closes at midnight.`;
  if (slot.close < slot.open) return `Opens ${slot.open}, closes ${slot.close} the next day.`;
  return `Opens ${slot.open}, closes ${slot.close}.`;
}

/**
 * A clinic's weekly hours as HSDS `schedule` rows, one per opening period (RFC 5545: `freq` WEEKLY, `byday` the days
 * it applies to): `opens_at` and `closes_at` in the clinic's local time, whose IANA zone is in `notes` — HSDS's
 * `timezone` is a fixed UTC offset, which a US zone is not half of the year (docs/hsds.md). A close not after the
 * open runs past midnight; `00:00`–`00:00` is the whole day. Days not known, and closed days, have no row.
 * @example scheduleRows(facts, ids) // [{ byday: "MO,TU,WE,TH,FR", opens_at: "08:00", closes_at: "20:00", … }]
 */
export function scheduleRows(
  f: ClinicFacts,
  ids: { service: string; location: string; serviceAtLocation: string; schedule: (i: number) => string },
): ScheduleRow[] {
  if (!f.hours) return [];
  const zone = f.hours.timezone;
  return weeklySlots(f.hours).map((slot, i) => ({
    id: ids.schedule(i),
    service_id: ids.service,
    location_id: ids.location,
    service_at_location_id: ids.serviceAtLocation,
    freq: "WEEKLY",
    wkst: "MO",
    byday: slot.days.map((d) => BYDAY[d]).join(","),
    opens_at: slot.open,
    closes_at: slot.close,
    description: describe(slot),
    notes: `Times are local time in ${zone}.`,
  }));
}
