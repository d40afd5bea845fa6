import type { IndexDocument } from "../../schema/index-document.js";
import type { TreeFile } from "../../tree/manifest.js";
import type { BuildContext } from "../context.js";
import { type GeoJsonFile, geojsonEntries } from "../geojson/manifest.js";
import type { StateGroup } from "../group.js";
import type { OutputWriter } from "../output/writer.js";
import type { Checker } from "../validate.js";
import { FORMATS } from "./formats.js";
import { licenseText } from "./license.js";
import { buildManifest, downloadUrl, fileEntry } from "./manifest.js";
import { Manifest, type ManifestFile } from "./manifest-schema.js";
import { DOWNLOADS_DIR, datedName, LICENSE_NAME, latestName, MANIFEST_NAME } from "./names.js";
import { exportRows } from "./rows.js";
import type { RowSink } from "./sink.js";

const dir = (name: string) => `${DOWNLOADS_DIR}/${name}`;

/**
 * The bulk downloads: every format under its dated name, written state by state as the states are rendered, then
 * its `-latest` alias (a hard link), the manifest and the licence. `finish` gives the `datasets` section of
 * index.json. Every release writes them whole (they hold every clinic).
 * @example const downloads = await Downloads.open({ ctx, out }); await downloads.state(group); const datasets = await downloads.finish(check);
 */
export class Downloads {
  readonly #ctx: BuildContext;
  readonly #out: OutputWriter;
  readonly #sinks: RowSink[];

  private constructor(ctx: BuildContext, out: OutputWriter, sinks: RowSink[]) {
    this.#ctx = ctx;
    this.#out = out;
    this.#sinks = sinks;
  }

  /** Opens every format's file. */
  static async open(o: { ctx: BuildContext; out: OutputWriter }): Promise<Downloads> {
    const { ctx, out } = o;
    const sinks = await Promise.all(
      FORMATS.map((spec) =>
        spec.open({ out, path: dir(datedName(ctx.dataset.dataVersion, spec.extension)), ctx }),
      ),
    );
    return new Downloads(ctx, out, sinks);
  }

  /** Appends one state's rows to every format. */
  async state(group: StateGroup): Promise<void> {
    const rows = group.cities.flatMap(exportRows);
    for (const sink of this.#sinks) await sink.append(rows);
  }

  /** Ends every file, writes the `-latest` aliases, the manifest and the licence; returns index.json's `datasets`. */
  async finish(
    check: Checker,
    geojsonFiles: readonly GeoJsonFile[] = [],
  ): Promise<IndexDocument["datasets"]> {
    const ctx = this.#ctx;
    const out = this.#out;
    const files: ManifestFile[] = [];
    for (const [i, spec] of FORMATS.entries()) {
      const { rows, files: written } = await (this.#sinks[i] as RowSink).close();
      await out.alias(dir(latestName(spec.extension)), written);
      files.push(fileEntry(ctx, spec, written[0] as TreeFile, rows));
    }
    const rows = files[0]?.rows ?? 0;
    // The GeoJSON files (the standards' part): the nation's among the formats, each state's beside them.
    const geojson = geojsonEntries(ctx, geojsonFiles);
    if (geojson.national) files.push(geojson.national);
    const manifest = check.parse(MANIFEST_NAME, Manifest, buildManifest(ctx, files, rows, geojson.states));
    await out.add(dir(MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    await out.add(dir(LICENSE_NAME), licenseText(ctx));
    return {
      description:
        "The whole data set as bulk downloads (CSV, JSON, NDJSON, Parquet, GeoJSON), outside the versioned API. The manifest " +
        "lists each file's size, SHA-256, row count and typed columns; a dated name always holds the same bytes (an earlier release keeps its dated Parquet file alone), -latest names follow the newest release. " +
        "Each US state's GeoJSON is listed in the manifest (geojson_states). CSV, JSON, NDJSON and GeoJSON are served gzip-compressed to clients that accept gzip (no brotli).",
      data_version: ctx.dataset.dataVersion,
      manifest_url: downloadUrl(ctx, MANIFEST_NAME),
      license_url: downloadUrl(ctx, LICENSE_NAME),
      downloads: files.map((f) => ({
        name: f.name,
        format: f.format,
        media_type: f.media_type,
        url: f.url,
        latest_url: f.latest_url,
        bytes: f.bytes,
        sha256: f.sha256,
        rows: f.rows,
      })),
    };
  }
}
