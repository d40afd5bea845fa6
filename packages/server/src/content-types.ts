/** Media type by file extension; anything unknown is served as a download. */
const TYPES: Record<string, string> = {
  json: "application/json; charset=utf-8",
  html: "text/html; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  ndjson: "application/x-ndjson; charset=utf-8",
  parquet: "application/vnd.apache.parquet",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
};

/**
 * Media type of a served path, from its extension.
 * @example contentTypeOf("/downloads/clinics.csv"); // "text/csv; charset=utf-8"
 */
export function contentTypeOf(path: string): string {
  const dot = path.lastIndexOf(".");
  return (dot >= 0 && TYPES[path.slice(dot + 1)]) || "application/octet-stream";
}

/**
 * How long clients and CDNs may reuse a response before revalidating with its ETag.
 * @example cacheControlOf("/api/v1/states.json"); // "public, max-age=300, stale-while-revalidate=86400"
 */
export function cacheControlOf(path: string): string {
  if (path.startsWith("/downloads/") && /\d{4}-\d{2}-\d{2}/.test(path))
    return "public, max-age=31536000, immutable";
  return "public, max-age=300, stale-while-revalidate=86400";
}

/**
 * `Content-Disposition` for a served path: bulk downloads are saved as files, everything else is shown inline.
 * The file name is the last path segment, restricted to a safe character set so it needs no quoting rules.
 * @example dispositionOf("/downloads/clinics.csv"); // 'attachment; filename="clinics.csv"'
 */
export function dispositionOf(path: string): string | null {
  if (!path.startsWith("/downloads/")) return null;
  const name = path.slice(path.lastIndexOf("/") + 1).replace(/[^A-Za-z0-9._-]/g, "_");
  return name ? `attachment; filename="${name}"` : null;
}
