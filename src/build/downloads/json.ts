import type { ExportRow } from "./rows.js";

/** A clinic as the JSON and NDJSON downloads give it: its API document, then state and city. */
export function documentOf(row: ExportRow): Record<string, unknown> {
  return {
    ...row.clinic,
    state: row.state.slug,
    state_code: row.state.code,
    state_name: row.state.name,
    city: row.city.slug,
    city_name: row.city.name,
  };
}

/**
 * Each clinic serialised once (compact JSON, keys in API order), shared by the JSON and NDJSON downloads.
 * @example documentLines(rows)[0] // '{"id":"…","name":"…",…,"city_name":"Birmingham"}'
 */
export function documentLines(rows: readonly ExportRow[]): string[] {
  return rows.map((r) => JSON.stringify(documentOf(r)));
}

/**
 * The JSON download: one array, one clinic per line (so that diffs between releases stay readable).
 * @example JSON.parse(toJson(documentLines(rows)).toString()).length === rows.length
 */
export function toJson(lines: readonly string[]): Buffer {
  if (lines.length === 0) return Buffer.from("[]\n");
  return Buffer.from(`[\n${lines.join(",\n")}\n]\n`, "utf8");
}

/**
 * The NDJSON download: one clinic per LF-terminated line, no enclosing array.
 * @example toNdjson(documentLines(rows)).toString().split("\n").filter(Boolean).map((l) => JSON.parse(l))
 */
export function toNdjson(lines: readonly string[]): Buffer {
  return Buffer.from(lines.map((l) => `${l}\n`).join(""), "utf8");
}
