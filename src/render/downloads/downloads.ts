import { basename } from "node:path";
import type { IndexDocument } from "../../schema/index-document.js";
import type { TreeFile } from "../../tree/manifest.js";
import type { BuildContext } from "../context.js";
import type { StateGroup } from "../group.js";
import type { Ledger } from "../ledger/ledger.js";
import type { OutputWriter } from "../output/writer.js";
import { RenderTrace } from "../trace.js";
import type { UnitKind } from "../units/kind.js";
import type { Checker } from "../validate.js";
import { FORMATS } from "./formats.js";
import { licenseText } from "./license.js";
import { buildManifest, downloadUrl, fileEntry } from "./manifest.js";
import { Manifest, type ManifestFile } from "./manifest-schema.js";
import { DOWNLOADS_DIR, datedName, LICENSE_NAME, latestName, MANIFEST_NAME } from "./names.js";
import { exportRows } from "./rows.js";
import type { RowSink } from "./sink.js";
import type { FormatFiles } from "./text-book.js";
import { TextReuse } from "./text-reuse.js";

const dir = (name: string) => `${DOWNLOADS_DIR}/${name}`;

/**
 * The bulk downloads: every format under its dated name, written state by state as the states are rendered (the
 * gzip siblings from deflated pieces that unchanged rows reuse from the release before), then its `-latest` alias
 * (a hard link), the manifest and the licence. `finish` gives the `datasets` section of index.json.
 * @example const downloads = await Downloads.open({ ctx, out, ledger, previousSite }); await downloads.state(group); const datasets = await downloads.finish(check);
 */
export class Downloads {
  readonly #ctx: BuildContext;
  readonly #out: OutputWriter;
  readonly #reuse: TextReuse;
  readonly #sinks: RowSink[];

  private constructor(ctx: BuildContext, out: OutputWriter, reuse: TextReuse, sinks: RowSink[]) {
    this.#ctx = ctx;
    this.#out = out;
    this.#reuse = reuse;
    this.#sinks = sinks;
  }

  /**
   * Opens every format's file. The text downloads reuse the previous release's text and deflated pieces of the rows
   * that kept their text, in an incremental release only: a release that renders every unit again (the check of the
   * incremental one) serialises and deflates everything again too.
   */
  static async open(o: {
    ctx: BuildContext;
    out: OutputWriter;
    ledger: Ledger<UnitKind>;
    /** The previous release's tree, when the ledger's previous release counts. */
    previousSite: string | null;
  }): Promise<Downloads> {
    const { ctx, out } = o;
    const reuse = await TextReuse.open(o.ledger, o.previousSite);
    const sinks = await Promise.all(
      FORMATS.map((spec) =>
        spec.open({
          out,
          path: dir(datedName(ctx.dataset.dataVersion, spec.extension)),
          extension: spec.extension,
          ctx,
          book: reuse,
        }),
      ),
    );
    return new Downloads(ctx, out, reuse, sinks);
  }

  /** Appends one state's rows to every format (after the ledger decided the state's clinics). */
  async state(group: StateGroup): Promise<void> {
    const code = group.state.state.code;
    const state = await this.#reuse.beginState(code, group.cities.flatMap(exportRows));
    for (const sink of this.#sinks) await sink.append(state);
    await this.#reuse.endState(code);
  }

  /** Ends every file, writes the `-latest` aliases, the manifest and the licence; returns index.json's `datasets`. */
  async finish(check: Checker): Promise<IndexDocument["datasets"]> {
    const ctx = this.#ctx;
    const out = this.#out;
    const reuse = this.#reuse;
    const files: ManifestFile[] = [];
    const kept: Record<string, FormatFiles> = {};
    for (const [i, spec] of FORMATS.entries()) {
      const { rows, files: written } = await (this.#sinks[i] as RowSink).close();
      await out.alias(dir(latestName(spec.extension)), written);
      const main = written[0] as TreeFile;
      files.push(fileEntry(ctx, spec, main, rows));
      const gz = written.find((f) => f.path === `${main.path}.gz`);
      if (spec.gzip && gz)
        kept[spec.extension] = { name: basename(main.path), bytes: main.bytes, gzBytes: gz.bytes };
    }
    await reuse.finish(kept);
    const trace = RenderTrace.fromEnv();
    for (const spec of FORMATS.filter((f) => f.gzip)) {
      const c = reuse.counts(spec.extension);
      trace.note(
        `downloads ${spec.extension}: rows ${c.rowsReused} reused (${c.piecesReused} whole pieces), ${c.rowsSerialised} serialised; ` +
          `gzip pieces ${c.deflatedReused} reused, ${c.deflated} deflated (${(c.deflatedBytes / 2 ** 20).toFixed(1)} MiB)` +
          (c.damaged > 0 ? `; ${c.damaged} damaged pieces made again` : ""),
      );
    }
    const rows = files[0]?.rows ?? 0;
    const manifest = check.parse(MANIFEST_NAME, Manifest, buildManifest(ctx, files, rows));
    await out.add(dir(MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    await out.add(dir(LICENSE_NAME), licenseText(ctx));
    return {
      description:
        "The whole data set as bulk downloads (CSV, JSON, NDJSON, Parquet), outside the versioned API. The manifest " +
        "lists each file's size, SHA-256, row count and typed columns; a dated name always holds the same bytes (an earlier release keeps its dated Parquet file alone), -latest names follow the newest release. " +
        "CSV, JSON and NDJSON are served gzip-compressed to clients that accept gzip (no brotli).",
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

  /** Closes the previous release's files (a build that fails). */
  async close(): Promise<void> {
    await this.#reuse.close();
  }
}
