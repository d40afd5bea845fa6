import type { BuildContext } from "../context.js";
import { downloadUrl } from "../downloads/manifest.js";
import type { Manifest, ManifestFile } from "../downloads/manifest-schema.js";
import { datedName, latestName } from "../downloads/names.js";
import { GEOJSON_PROPERTIES } from "./features.js";

export const GEOJSON_MEDIA_TYPE = "application/geo+json";

/** A GeoJSON file of the downloads, as the manifest lists it. */
export interface GeoJsonFile {
  /** The US state's slug; null for the nation. */
  state: string | null;
  path: string;
  bytes: number;
  sha256: string;
  rows: number;
}

/**
 * The GeoJSON downloads as the manifest lists them: the nation's collection among the formats (dated, with its
 * `-latest` name), each US state's in `geojson_states`.
 * @example geojsonEntries(ctx, run.published.geojson ?? [])
 */
export function geojsonEntries(
  ctx: BuildContext,
  files: readonly GeoJsonFile[],
): { national: ManifestFile | null; states: Manifest["geojson_states"] } {
  const nation = files.find((f) => f.state === null);
  const national: ManifestFile | null = nation
    ? {
        name: datedName(ctx.dataset.dataVersion, "geojson"),
        latest_name: latestName("geojson"),
        url: downloadUrl(ctx, datedName(ctx.dataset.dataVersion, "geojson")),
        latest_url: downloadUrl(ctx, latestName("geojson")),
        format: "geojson",
        media_type: GEOJSON_MEDIA_TYPE,
        bytes: nation.bytes,
        sha256: nation.sha256,
        rows: nation.rows,
        http_encodings: ["gzip"],
        compression: null,
        columns: GEOJSON_PROPERTIES.map((c) => ({ ...c })),
      }
    : null;
  const states = files
    .filter((f) => f.state !== null)
    .map((f) => ({
      state: f.state as string,
      name: f.path.slice(f.path.lastIndexOf("/") + 1),
      url: `${ctx.siteUrl}/${f.path}`,
      media_type: "application/geo+json" as const,
      bytes: f.bytes,
      sha256: f.sha256,
      rows: f.rows,
      http_encodings: ["gzip" as const],
    }));
  return { national, states };
}
