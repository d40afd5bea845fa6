import type { ReleaseEntry } from "../../schema/releases.js";
import type { BuildContext } from "../context.js";
import { SERVICE_NAME } from "../context.js";

/** File of the Atom feed of releases, at the root of the site. */
export const FEED_FILE = "releases.atom";

const xml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** One line saying what a release holds and changed. */
export function releaseSummary(r: ReleaseEntry): string {
  const counts = `${r.clinics} clinics in ${r.cities} cities`;
  if (r.added === null) return `${counts}; the first release.`;
  return `${counts}: ${r.added} added, ${r.removed} no longer listed, ${r.changed} changed since ${r.previous_version}.`;
}

/**
 * The Atom feed (RFC 4287) of the kept releases, newest first, for subscribers: each entry links the release's
 * changes document (or the releases list for the first one) and its downloads.
 * @example releasesFeed(ctx, releases.releases)
 */
export function releasesFeed(ctx: BuildContext, releases: readonly ReleaseEntry[]): string {
  const self = `${ctx.siteUrl}/${FEED_FILE}`;
  const updated = releases[0]?.generated_at ?? ctx.generatedAt;
  const synthetic = ctx.dataset.source.synthetic ? " (synthetic sample data)" : "";
  const entries = releases.map((r) => {
    const link = r.changes_url ?? ctx.api("/releases.json");
    const downloads = r.downloads
      .map(
        (d) =>
          `    <link rel="enclosure" type="${xml(mediaType(d.format))}" length="${d.bytes}" href="${xml(d.url)}"/>`,
      )
      .join("\n");
    return `  <entry>
    <title>Data release ${xml(r.data_version)}${xml(synthetic)}</title>
    <id>${xml(`${ctx.api("/releases.json")}#${r.data_version}`)}</id>
    <updated>${xml(r.generated_at)}</updated>
    <link rel="alternate" type="application/json" href="${xml(link)}"/>
${downloads}
    <summary>${xml(releaseSummary(r))}</summary>
  </entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${xml(SERVICE_NAME)}: data releases${xml(synthetic)}</title>
  <id>${xml(self)}</id>
  <updated>${xml(updated)}</updated>
  <link rel="self" type="application/atom+xml" href="${xml(self)}"/>
  <link rel="alternate" type="application/json" href="${xml(ctx.api("/releases.json"))}"/>
  <author><name>${xml(SERVICE_NAME)}</name><uri>${xml(ctx.siteUrl)}</uri></author>
  <rights>Data licensed CC-BY-4.0. ${xml(ctx.attribution)}</rights>
${entries.join("\n")}
</feed>
`;
}

function mediaType(format: string): string {
  return (
    {
      csv: "text/csv",
      json: "application/json",
      ndjson: "application/x-ndjson",
      parquet: "application/vnd.apache.parquet",
    }[format] ?? "application/octet-stream"
  );
}
