import type { Emitter } from "../emitter.js";
import { gzipLevel } from "../output/compress.js";
import type { TreeFile } from "../output/tree-manifest.js";
import { RenderTrace } from "../trace.js";
import { FORMATS, type RowSink } from "./formats.js";
import { licenseText } from "./license.js";
import { buildManifest, downloadUrl, fileEntry } from "./manifest.js";
import { Manifest, type ManifestFile } from "./manifest-schema.js";
import { DOWNLOADS_DIR, datedName, LICENSE_NAME, latestName, MANIFEST_NAME } from "./names.js";
import { PieceCache } from "./piece-cache.js";
import { exportRows } from "./rows.js";

/**
 * The bulk downloads: every format under its dated name, written state by state as the states are rendered (the
 * gzip siblings from deflated pieces that unchanged states reuse from the release before), then its `-latest` alias (a hard link), the manifest and the licence. Publishes the `datasets` section of
 * index.json.
 */
export const downloadsEmitter: Emitter = (run) => {
  const { ctx, out } = run;
  const dir = (name: string) => `${DOWNLOADS_DIR}/${name}`;
  // The render bookkeeping keeps the deflated pieces of the gzip downloads; a release that renders every unit again
  // (`plan: "all"`, the check of the incremental one) deflates every piece again too.
  const pieces = new PieceCache({
    previous: run.plan.mode === "all" ? null : run.plan.previousBookkeeping,
    out: run.plan.bookkeeping,
    level: gzipLevel(out.compression),
  });
  const sinks: Promise<RowSink[]> = Promise.all(
    FORMATS.map((spec) =>
      spec.open({ out, path: dir(datedName(ctx.dataset.dataVersion, spec.extension)), ctx, pieces }),
    ),
  );
  return {
    async state(group) {
      const open = await sinks;
      const rows = group.cities.flatMap(exportRows);
      for (const sink of open) await sink.append(rows);
    },
    async finish() {
      const open = await sinks;
      const files: ManifestFile[] = [];
      for (const [i, spec] of FORMATS.entries()) {
        const { rows, files: written } = await (open[i] as RowSink).close();
        await out.alias(dir(latestName(spec.extension)), written);
        files.push(fileEntry(ctx, spec, written[0] as TreeFile, rows));
      }
      const { reused, deflated, deflatedBytes } = pieces.counts;
      RenderTrace.fromEnv().note(
        `downloads: gzip pieces ${reused} reused, ${deflated} deflated (${(deflatedBytes / 2 ** 20).toFixed(1)} MiB)`,
      );
      const rows = files[0]?.rows ?? 0;
      const manifest = run.check.parse(MANIFEST_NAME, Manifest, buildManifest(ctx, files, rows));
      await out.add(dir(MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
      await out.add(dir(LICENSE_NAME), licenseText(ctx));
      run.published.datasets = {
        description:
          "The whole data set as bulk downloads (CSV, JSON, NDJSON, Parquet), outside the versioned API. The manifest " +
          "lists each file's size, SHA-256, row count and typed columns; dated names are permanent, -latest names follow the newest release. " +
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
    },
  };
};
