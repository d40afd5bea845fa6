import type { IndexDocument } from "../../schema/index-document.js";
import type { BuildContext } from "../context.js";
import type { Model } from "../model.js";
import type { OutputTree } from "../output.js";
import type { Checker } from "../validate.js";
import { FORMATS } from "./formats.js";
import { documentLines } from "./json.js";
import { licenseText } from "./license.js";
import { buildManifest, downloadUrl, fileEntry } from "./manifest.js";
import { Manifest, type ManifestFile } from "./manifest-schema.js";
import { DOWNLOADS_DIR, LICENSE_NAME, MANIFEST_NAME } from "./names.js";
import { exportRows } from "./rows.js";

/**
 * Adds the bulk downloads to the output tree — every format under its dated name and its `-latest` alias, the
 * manifest and the licence — and returns the `datasets` section of index.json that lists them.
 * @example const datasets = renderDownloads(ctx, groupDataset(dataset), new Checker(), tree);
 */
export function renderDownloads(
  ctx: BuildContext,
  model: Model,
  check: Checker,
  tree: OutputTree,
): IndexDocument["datasets"] {
  const rows = exportRows(ctx, model, check);
  const data = { rows, documents: documentLines(rows) };
  const files: ManifestFile[] = [];
  for (const spec of FORMATS) {
    const body = spec.write(data, ctx);
    const entry = fileEntry(ctx, spec, body, rows.length);
    tree.add(`${DOWNLOADS_DIR}/${entry.name}`, body, spec.compress);
    tree.add(`${DOWNLOADS_DIR}/${entry.latest_name}`, body, spec.compress);
    files.push(entry);
  }
  const manifest = check.parse(MANIFEST_NAME, Manifest, buildManifest(ctx, files, rows.length));
  tree.add(`${DOWNLOADS_DIR}/${MANIFEST_NAME}`, `${JSON.stringify(manifest, null, 2)}\n`);
  tree.add(`${DOWNLOADS_DIR}/${LICENSE_NAME}`, licenseText(ctx));
  return {
    description:
      "The whole data set as bulk downloads (CSV, JSON, NDJSON, Parquet), outside the versioned API. The manifest " +
      "lists each file's size, SHA-256, row count and typed columns; dated names are permanent, -latest names follow the newest release.",
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
