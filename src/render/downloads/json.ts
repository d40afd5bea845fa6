import { type ExportRow, evidenceText } from "./rows.js";

/** A clinic as the JSON and NDJSON downloads give it: its API document, then state and city. */
export function documentOf(row: ExportRow): Record<string, unknown> {
  return {
    ...row.clinic,
    state: row.state.slug,
    state_code: row.state.code,
    state_name: row.state.name,
    city: row.city.slug,
    city_name: row.city.name,
    street: row.record.street,
    zip: row.record.zip,
    record_date: row.record.date,
    source_ids: row.record.source_ids,
    network_evidence: evidenceText(row.record),
    sources: row.record.sources,
  };
}

/**
 * One clinic serialised (compact JSON, keys in API order), shared by the JSON and NDJSON downloads.
 * @example documentLine(row) // '{"id":"…","name":"…",…,"city_name":"Birmingham"}'
 */
export function documentLine(row: ExportRow): string {
  let line = serialised.get(row);
  if (line === undefined) {
    line = JSON.stringify(documentOf(row));
    serialised.set(row, line);
  }
  return line;
}

/** Each row serialised once for the JSON and the NDJSON download (the row objects live for one state). */
const serialised = new WeakMap<ExportRow, string>();
