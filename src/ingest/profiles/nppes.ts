import { NPPES_ROW } from "../nppes/reader.js";
import { defineMapping } from "./mapping.js";

/**
 * CMS's NPI registry (NPPES), read by the NPPES reader (`src/ingest/nppes/`), which scans the monthly or weekly
 * dissemination file (or the ZIP bundle CMS ships) for urgent-care organisations and joins their other names and
 * secondary practice locations; this profile maps the rows it yields. The NPI is the source id (a secondary
 * location's is `NPI/pl/<address key>`), stable across months, so it makes the clinic id; `Last Update Date`
 * dates the record; names are legal or "doing business as" names, upper case, without their company form.
 * NPPES has no coordinates: clinics are placed at their ZIP code's centre, approximate, unless another source
 * gives their point.
 */
export const NPPES_PROFILE = defineMapping({
  name: "nppes",
  source: "CMS NPPES",
  source_type: "registry",
  id_namespace: "npi",
  stable_source_ids: true,
  upstream: [
    {
      name: "CMS NPPES (National Plan and Provider Enumeration System) NPI registry",
      publisher:
        "Centers for Medicare & Medicaid Services (CMS), U.S. Department of Health and Human Services",
      url: "https://download.cms.gov/nppes/NPI_Files.html",
      license: "Public domain (U.S. Government work; FOIA-disclosable data)",
    },
  ],
  columns: {
    source_id: NPPES_ROW.sourceId,
    npi: NPPES_ROW.npi,
    name: NPPES_ROW.name,
    street: NPPES_ROW.street,
    street2: NPPES_ROW.street2,
    city: NPPES_ROW.city,
    state: NPPES_ROW.state,
    zip: NPPES_ROW.zip,
    phone: NPPES_ROW.phone,
    date: NPPES_ROW.lastUpdate,
    legal_name: NPPES_ROW.legalName,
    other_names: NPPES_ROW.otherNames,
    parent_organisation: NPPES_ROW.parent,
    taxonomies: NPPES_ROW.taxonomies,
  },
  required: ["source_id", "npi", "name", "state", "city"],
  strip_company_forms: true,
});

/** The columns of the NPPES reader's rows: they mark an NPPES input when no profile is given. */
export const NPPES_MARKERS = [NPPES_ROW.npi, NPPES_ROW.sourceId, NPPES_ROW.lastUpdate, NPPES_ROW.location];
