import type { ClinicRecord, FlatDataset } from "../../src/dataset/types.js";
import { smallRecords } from "./sample-site.js";

/** The NPI the edge cases give one clinic (a valid check digit). */
export const EDGE_NPI = "1234567893";

/**
 * The small fixture (`smallRecords`) with five clinics changed into the standards' edge cases: overnight, midnight,
 * split and all-day hours, a day not known (Thursday) and a closed one (Sunday), with an NPI; unknown hours, phone and web site; no position; an approximate position;
 * no street and no ZIP code.
 */
export function edgeRecords(): FlatDataset {
  const flat = smallRecords();
  const clinics = flat.clinics.map((c) => structuredClone(c));
  const [a, b, c, d, e] = clinics as [ClinicRecord, ClinicRecord, ClinicRecord, ClinicRecord, ClinicRecord];
  a.hours = {
    timezone: a.hours?.timezone ?? "America/New_York",
    open_24_hours: false,
    weekly: {
      mon: [{ open: "08:00", close: "24:00" }],
      tue: [
        { open: "08:00", close: "12:30" },
        { open: "13:30", close: "19:00" },
      ],
      wed: [{ open: "08:00", close: "24:00" }],
      thu: null,
      fri: [{ open: "20:00", close: "02:00" }],
      sat: [{ open: "00:00", close: "24:00" }],
      sun: [],
    },
  };
  a.npi = EDGE_NPI;
  b.hours = null;
  b.phone = null;
  b.website = null;
  c.latitude = null;
  c.longitude = null;
  c.coordinates_source = null;
  d.coordinates_source = "zip_centroid";
  e.street = null;
  e.zip = null;
  return { ...flat, clinics };
}
