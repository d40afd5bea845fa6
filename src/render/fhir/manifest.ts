/** The Bulk Publish manifest's logical model (HL7 Bulk Data Access IG 4.0). */
export const BULK_PUBLISH_MANIFEST =
  "http://hl7.org/fhir/uv/bulkdata/StructureDefinition/BulkPublishManifest";

/** The media type of the NDJSON files (the manifest's default `outputFormat`, and their Content-Type). */
export const FHIR_NDJSON = "application/fhir+ndjson";

/** One file of the manifest's `output`. */
export interface BulkOutput {
  type: "Organization" | "Location" | "HealthcareService";
  url: string;
  count: number;
}

/**
 * The Bulk Publish manifest (`[base]/$bulk-publish`): when the files were made, that no token is needed, and every
 * NDJSON file with its resource type, address and number of resources. A synthetic build says so in an extension
 * (every resource is tagged too).
 * @example bulkPublishManifest({ transactionTime: "2026-05-01T00:00:00Z", output, synthetic: false, syntheticUrl })
 */
export function bulkPublishManifest(o: {
  transactionTime: string;
  output: readonly BulkOutput[];
  synthetic: boolean;
  /** The extension's address (`{site}/fhir/r4/StructureDefinition/synthetic`, documented in docs/fhir.md). */
  syntheticUrl: string;
}) {
  return {
    manifestType: BULK_PUBLISH_MANIFEST,
    ...(o.synthetic ? { extension: [{ url: o.syntheticUrl, valueBoolean: true }] } : {}),
    transactionTime: o.transactionTime,
    requiresAccessToken: false,
    outputFormat: FHIR_NDJSON,
    output: o.output.map((f) => ({ type: f.type, url: f.url, count: f.count })),
  };
}
