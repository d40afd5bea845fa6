import { defineMapping } from "./mapping.js";

/**
 * The public HIFLD "Urgent Care Facilities" export: X is the longitude, Y the latitude; CONTDATE and GEODATE
 * date the record; "NOT AVAILABLE" stands for no value. It has no hours, web site or network columns. Its `ID`
 * is recorded as a source id but does not make the clinic id: one real export numbers its rows in that column,
 * and copies of the layer carry other ID values for the same clinics.
 */
export const HIFLD_PROFILE = defineMapping({
  name: "hifld",
  source: "HIFLD Urgent Care Facilities",
  source_type: "facility_list",
  id_namespace: "hifld",
  upstream: [
    {
      name: "Urgent Care Facilities",
      publisher:
        "Homeland Infrastructure Foundation-Level Data (HIFLD), U.S. Department of Homeland Security",
      url: "https://hifld-geoplatform.opendata.arcgis.com/",
      license: "Public domain (HIFLD Open)",
    },
  ],
  columns: {
    source_id: "ID",
    name: "NAME",
    phone: "TELEPHONE",
    street: "ADDRESS",
    street2: "ADDRESS2",
    city: "CITY",
    state: "STATE",
    zip: "ZIP",
    longitude: "X",
    latitude: "Y",
    date: ["CONTDATE", "GEODATE"],
  },
  required: ["name", "state", "city", "latitude", "longitude"],
  blanks: ["NOT AVAILABLE", "N/A", "NA", "NONE", "NULL", "UNKNOWN", "-"],
});

/** Columns whose presence marks a HIFLD export when no profile is given. */
export const HIFLD_MARKERS = ["OBJECTID", "NAME", "ADDRESS", "CITY", "STATE", "ZIP", "X", "Y", "NAICSCODE"];
