import { LIST_SEPARATOR } from "../../dataset/canonical-columns.js";
import type { BuildContext } from "../context.js";
import { LICENSE, SERVICE_NAME } from "../context.js";
import type { FormatSpec } from "./formats.js";
import type { Manifest, ManifestFile } from "./manifest-schema.js";
import { DOWNLOADS_DIR, datedName, LICENSE_NAME, latestName } from "./names.js";

/** Absolute URL of a file in the downloads folder. */
export function downloadUrl(ctx: BuildContext, name: string): string {
  return `${ctx.siteUrl}/${DOWNLOADS_DIR}/${name}`;
}

/**
 * The manifest entry of one written file: names, addresses, size, SHA-256 (hex), rows and typed columns.
 * @example fileEntry(ctx, FORMATS[0], { bytes: 4_512_003, sha256: "3f2a…" }, 8600)
 */
export function fileEntry(
  ctx: BuildContext,
  spec: FormatSpec,
  file: { bytes: number; sha256: string },
  rows: number,
): ManifestFile {
  const name = datedName(ctx.dataset.dataVersion, spec.extension);
  const latest = latestName(spec.extension);
  return {
    name,
    latest_name: latest,
    url: downloadUrl(ctx, name),
    latest_url: downloadUrl(ctx, latest),
    format: spec.format,
    media_type: spec.mediaType,
    bytes: file.bytes,
    sha256: file.sha256,
    rows,
    http_encodings: spec.gzip ? ["gzip"] : [],
    compression: spec.compression,
    ...(spec.format === "csv"
      ? {
          dialect: {
            encoding: "utf-8",
            bom: false,
            header: true,
            delimiter: ",",
            quote_char: '"',
            double_quote: true,
            line_terminator: "\r\n",
            null_value: "",
            list_separator: LIST_SEPARATOR,
            hours_format:
              "mon HH:MM-HH:MM[,HH:MM-HH:MM…]; tue …; … sun closed — all seven days, local time of `timezone`",
          } as const,
        }
      : {}),
    columns: spec.columns().map((c) => ({ ...c })),
  };
}

/**
 * `downloads/manifest.json`: what a release holds and how to cite it.
 * @example buildManifest(ctx, files).files.map((f) => f.name)
 */
export function buildManifest(
  ctx: BuildContext,
  files: ManifestFile[],
  rows: number,
  geojsonStates: Manifest["geojson_states"] = [],
): Manifest {
  const { dataset } = ctx;
  return {
    name: `${SERVICE_NAME} — bulk downloads`,
    description:
      "The whole data set, one row per clinic, in CSV, JSON, NDJSON and Parquet, and as GeoJSON (the nation's and " +
      "each state's FeatureCollection). A dated file name always holds " +
      "the same bytes; the dated Parquet file stays for every kept release (releases.json), the dated CSV, JSON and " +
      "NDJSON while their release is the newest. The -latest names always hold the newest release (byte-identical " +
      "copies). Not part of the versioned API.",
    data_version: dataset.dataVersion,
    data_year: dataset.dataVersion.slice(0, 4),
    generated_at: ctx.generatedAt,
    synthetic: dataset.source.synthetic,
    source: dataset.source,
    license: {
      id: LICENSE.id,
      name: LICENSE.name,
      url: LICENSE.url,
      file_url: downloadUrl(ctx, LICENSE_NAME),
    },
    attribution: ctx.attribution,
    site_url: ctx.siteUrl,
    api_url: ctx.baseUrl,
    rows,
    files,
    geojson_states: geojsonStates,
  };
}
