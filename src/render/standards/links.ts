import type { BuildContext } from "../context.js";
import { datedName, latestName } from "../downloads/names.js";
import { PROFILES } from "../fhir/profiles.js";
import { HSDS_OPENAPI, HSDS_VERSION } from "../hsds/documents.js";
import { BULK_PUBLISH_FILE, FHIR_DIR, HSDS_DIR } from "./paths.js";

/**
 * Where a build publishes the standards, as index.json lists them (`standards`) and the OpenAPI document names them
 * (its `fhir`, `hsds` and `geojson` tags): addresses only, the same for every build of one site.
 * @example standardsLinks(ctx).fhir.bulk_publish_url // "https://urgentcare.example.org/fhir/r4/$bulk-publish"
 */
export function standardsLinks(ctx: BuildContext) {
  const site = ctx.siteUrl;
  return {
    description:
      "The same clinics in the standards health directories exchange, as static files: FHIR R4 Bulk Publish (HL7 Bulk Data Access IG) with Plan-Net profiles, Open Referral HSDS 3.0, and GeoJSON (RFC 7946). A static host answers no query: what HSDS asks of a server is pre-rendered (docs/hsds.md).",
    fhir: {
      version: "4.0.1" as const,
      base_url: `${site}/${FHIR_DIR}`,
      bulk_publish_url: `${site}/${BULK_PUBLISH_FILE}`,
      profiles: Object.values(PROFILES),
    },
    hsds: {
      version: HSDS_VERSION,
      base_url: `${site}/${HSDS_DIR}`,
      root_url: `${site}/${HSDS_DIR}/`,
      services_url: `${site}/${HSDS_DIR}/services`,
      service_url_template: `${site}/${HSDS_DIR}/services/{id}.json`,
      openapi_url: HSDS_OPENAPI,
    },
    geojson: {
      media_type: "application/geo+json" as const,
      url: `${site}/downloads/${datedName(ctx.dataset.dataVersion, "geojson")}`,
      latest_url: `${site}/downloads/${latestName("geojson")}`,
      state_url_template: `${site}/downloads/geojson/urgent-care-clinics-{state}.geojson`,
    },
  };
}
