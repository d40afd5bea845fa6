/**
 * Where the standards' files live in the output folder (no leading slash) and at which addresses: the one place
 * that names them (docs/fhir.md, docs/hsds.md, docs/geojson.md).
 */

/** The FHIR R4 base: `{site}/fhir/r4`. */
export const FHIR_DIR = "fhir/r4";
/** The Bulk Publish manifest, at `[base]/$bulk-publish` as the Bulk Data IG says (a file without an extension). */
export const BULK_PUBLISH_FILE = `${FHIR_DIR}/$bulk-publish`;
/**
 * One NDJSON file of the bulk publication: one resource type, one US state (or `networks`), and the start of its
 * content's SHA-256 — the Bulk Data IG lets a file's address hold one content only.
 * @example fhirBulkFile("Location", "texas", "3f2a…") // "fhir/r4/bulk/Location-texas-3f2a9c01d2e4.ndjson"
 */
export const fhirBulkFile = (type: string, part: string, sha256: string) =>
  `${FHIR_DIR}/bulk/${type}-${part}-${sha256.slice(0, 12)}.ndjson`;

/** The HSDS base: `{site}/hsds`, its root document `hsds/index.json` (answering `/hsds/` and `/hsds`). */
export const HSDS_DIR = "hsds";
export const HSDS_ROOT_FILE = `${HSDS_DIR}/index.json`;
/** Page `n` of `/services`: page 1 answers `/hsds/services` (its `index.json`), the others `page-{n}.json`. */
export const hsdsPageFile = (n: number) =>
  n === 1 ? `${HSDS_DIR}/services/index.json` : `${HSDS_DIR}/services/page-${n}.json`;
/** A fully nested service, `/services/{id}` with the `.json` a static host needs: a file of the clinic's unit. */
export const hsdsServiceFile = (uuid: string) => `${HSDS_DIR}/services/${uuid}.json`;
/** The NDJSON dump of one US state's fully nested services. */
export const hsdsNdjsonFile = (state: string) => `${HSDS_DIR}/ndjson/${state}.ndjson`;

/** One US state's GeoJSON FeatureCollection, among the downloads. */
export const geojsonStateFile = (state: string) => `downloads/geojson/urgent-care-clinics-${state}.geojson`;

/**
 * Files of the standards that are large and rewritten whole when one of their clinics changes (bulk NDJSON, pages
 * of a thousand services, a state's GeoJSON): precompressed with gzip only — brotli's best quality costs about a
 * millisecond per KB, a minute for a large state's files (src/render/output/compress.ts).
 */
export function isStandardsBulk(path: string): boolean {
  return (
    path.startsWith(`${FHIR_DIR}/bulk/`) ||
    path.startsWith(`${HSDS_DIR}/ndjson/`) ||
    /^hsds\/services\/(?:index|page-\d+)\.json$/.test(path) ||
    path.startsWith("downloads/geojson/")
  );
}

/**
 * The long tail of the standards: a clinic's HSDS service, one file per clinic. (A clinic's FHIR Location alone,
 * `fhir/r4/Location/{id}.json`, was one more, and not cheap: a sample build's standards step 5.2 s against 2.7–2.9 s
 * without it, 8,600 more files; a million at 1M. The bulk files hold it: docs/fhir.md.)
 */
export const STANDARDS_LONG_TAIL = /^hsds\/services\/[0-9a-f-]{36}\.json$/;
