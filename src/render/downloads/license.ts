import { ODBL_URL, REFERENCE_SOURCES, TIMEZONE_NOTICE } from "../../geo/credits.js";
import type { BuildContext } from "../context.js";
import { LICENSE, SERVICE_NAME } from "../context.js";

/**
 * Credit line to paste under a chart, in a paper or in an app, in its two forms: data used as published, or
 * changed (then say how). Names the service and the year of the data and links to the site, as CC-BY-4.0 asks.
 * @example creditLines(ctx).unchanged // "Data: Urgent Care Directory (2026), https://…, licensed CC-BY-4.0. Unmodified."
 */
export function creditLines(ctx: BuildContext): { unchanged: string; changed: string } {
  const synthetic = ctx.dataset.source.synthetic ? " (synthetic sample data)" : "";
  const base = `Data: ${SERVICE_NAME} (${ctx.dataset.dataVersion.slice(0, 4)}), ${ctx.siteUrl}, licensed ${LICENSE.id}${synthetic}`;
  return { unchanged: `${base}. Unmodified.`, changed: `${base}. Modified by <you>: <what you changed>.` };
}

/**
 * Text of `downloads/LICENSE.txt`: the CC-BY-4.0 notice, what it allows, what it asks, and the credit line.
 * @example licenseText(ctx).startsWith("Urgent Care Directory")
 */
export function licenseText(ctx: BuildContext): string {
  const { dataset } = ctx;
  const credit = creditLines(ctx);
  const lines = [
    `${SERVICE_NAME} — bulk downloads, data version ${dataset.dataVersion}`,
    "",
    `The data in this folder is licensed under the ${LICENSE.name} licence (${LICENSE.id}).`,
    `Summary: ${LICENSE.url}`,
    `Legal code: ${LICENSE.url}legalcode`,
    "",
    "You may copy and redistribute the data, adapt it and build on it, for any purpose, including commercial",
    "use and the training of AI/ML models, provided that you:",
    `  1. give credit with a line that names the service (${SERVICE_NAME}) and the year of the data (${dataset.dataVersion.slice(0, 4)});`,
    `  2. link to ${ctx.siteUrl};`,
    "  3. say whether you changed the data (filtered, merged, corrected, ...).",
    "",
    "Ready-to-paste credit line, data used as published:",
    `  ${credit.unchanged}`,
    "",
    "Ready-to-paste credit line, data changed:",
    `  ${credit.changed}`,
    "",
    "The attribution line, with the reminder to say whether you changed the data, is also in manifest.json,",
    "in every API document (meta.attribution) and in the key-value metadata of the Parquet file.",
    "",
    "The data is provided as is, without warranties of any kind; clinic details change, so check with a clinic",
    "before relying on its hours or services.",
  ];
  if (dataset.source.upstream.length > 0) {
    lines.push("", "Built from these sources, credited here as their terms ask:");
    for (const u of dataset.source.upstream) {
      const facts = [u.date ? `edition of ${u.date}` : null, u.publisher, u.license].filter(Boolean);
      lines.push(`  - ${u.name}${facts.length ? ` (${facts.join("; ")})` : ""}${u.url ? `, ${u.url}` : ""}`);
    }
  }
  if (dataset.source.upstream.some((u) => u.name === REFERENCE_SOURCES.timezones.name))
    lines.push(
      "",
      TIMEZONE_NOTICE,
      `  (${ODBL_URL}) The time-zone names of cities and of clinics' hours were looked up in its boundaries`,
      "  (© OpenStreetMap contributors): they are a Produced Work under ODbL 1.0 §4.3, published with this notice;",
      "  no boundary is published, and the CC-BY-4.0 licence above covers the rest of the data.",
    );
  if (dataset.source.synthetic) {
    lines.push(
      "",
      "This release is the built-in SYNTHETIC SAMPLE: the clinics, names, phones and web sites are fictional.",
    );
  }
  return `${lines.join("\n")}\n`;
}
