import type { KeyValue } from "hyparquet";

/** The key-value metadata our extract command writes the release into (see docs/ingest.md). */
export const RELEASE_KEY = "overture:release";

/**
 * The Overture release a places file comes from, as `YYYY-MM-DD` (the release's day; `.0`, `.1` are its
 * revisions): from the file's key-value metadata (`overture:release`, which the extract command of docs/ingest.md
 * writes), else from its name (`…2026-01-21.0….parquet`, as Overture names its releases), else from its folders
 * (`release/2026-01-21.0/theme=places/…`, a copy of Overture's bucket); null when none says.
 * @example releaseDate([], "us-urgent-care-2026-01-21.0.parquet") // "2026-01-21"
 */
export function releaseDate(kv: readonly KeyValue[] | undefined, path: string): string | null {
  const given = kv?.find((k) => k.key === RELEASE_KEY)?.value;
  const fromMeta = given ? dayOf(given) : null;
  if (fromMeta) return fromMeta;
  return dayOf(path.slice(path.lastIndexOf("/") + 1)) ?? dayOf(path);
}

function dayOf(text: string): string | null {
  const m = /(?:^|[^0-9])(20\d{2})-(0[1-9]|1[0-2])-([0-2]\d|3[01])(?:\.\d+)?(?:[^0-9]|$)/.exec(text);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
