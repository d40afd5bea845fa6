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

export function contentTypeOf(path: string): string {
  const dot = path.lastIndexOf(".");
  return (dot >= 0 && TYPES[path.slice(dot + 1)]) || "application/octet-stream";
}

/** How long clients and CDNs may reuse a response before revalidating with its ETag. */
export function cacheControlOf(path: string): string {
  if (path.startsWith("/downloads/") && /\d{4}-\d{2}-\d{2}/.test(path)) return "public, max-age=31536000, immutable";
  return "public, max-age=300, stale-while-revalidate=86400";
}
