import type { HistoryEntry, ReleaseInputs } from "../../dataset/releases.js";
import type { IndexDocument } from "../../schema/index-document.js";
import { ChangesDocument, ReleasesList } from "../../schema/releases.js";
import type { BuildContext } from "../context.js";
import { ARCHIVED_FORMATS } from "../downloads/names.js";
import type { OutputWriter } from "../output/writer.js";
import { apiFile } from "../paths.js";
import { changesDocument, changesPath, releasesList } from "../releases/documents.js";
import { FEED_FILE, releasesFeed } from "../releases/feed.js";
import type { Summary } from "../summary.js";
import type { Checker } from "../validate.js";

/**
 * The release history: `releases.json`, this release's changes document, the Atom feed, and the kept earlier
 * releases' dated downloads of the archived formats (`ARCHIVED_FORMATS`) and changes documents (kept from the
 * previous tree). Without release inputs (a render outside a release store) the history is this release alone.
 * Returns the new history (for the publisher to keep, and the about page).
 * @example const history = await writeReleaseHistory(out, check, { ctx, summary, release, datasets });
 */
export async function writeReleaseHistory(
  out: OutputWriter,
  check: Checker,
  o: {
    ctx: BuildContext;
    summary: Summary;
    release: ReleaseInputs | null;
    datasets: IndexDocument["datasets"];
  },
): Promise<HistoryEntry[]> {
  const { ctx, summary, release, datasets } = o;
  const changes = release?.changes ?? null;
  const previous = release?.previousVersion ?? null;
  const entry: HistoryEntry = {
    data_version: ctx.dataset.dataVersion,
    generated_at: ctx.generatedAt,
    previous_version: changes ? previous : null,
    clinics: summary.clinics,
    cities: summary.cities.length,
    networks: summary.networks.length,
    added: changes ? changes.added.length : null,
    removed: changes ? changes.removed.length : null,
    changed: changes ? changes.changed.length : null,
    sources: ctx.dataset.source.files.map((f) => ({ ...f })),
    has_changes: changes !== null,
    downloads: datasets.downloads.map((d) => ({
      format: d.format,
      name: d.name,
      bytes: d.bytes,
      sha256: d.sha256,
      rows: d.rows,
    })),
  };
  // An earlier release keeps its dated files of the archived formats only.
  const earlier = (release?.history ?? [])
    .filter((h) => h.data_version !== entry.data_version)
    .map((h) => ({ ...h, downloads: h.downloads.filter((d) => ARCHIVED_FORMATS.has(d.format)) }));
  const history = [entry, ...earlier].slice(0, Math.max(1, release?.keep ?? 1));

  if (changes && previous !== null) {
    const path = changesPath(entry.data_version);
    await out.json(
      apiFile(path),
      check.parse(path, ChangesDocument, changesDocument(ctx, previous, changes)),
    );
  }
  // The earlier releases' dated downloads and changes documents stay; those of releases no longer kept go.
  for (const h of history.slice(1)) {
    for (const d of h.downloads) out.keep(`downloads/${d.name}`);
    if (h.has_changes) out.keep(apiFile(changesPath(h.data_version)));
  }
  const list = check.parse("releases.json", ReleasesList, releasesList(ctx, history));
  await out.json(apiFile("/releases.json"), list);
  await out.add(FEED_FILE, releasesFeed(ctx, list.releases));
  return history;
}

/** A changes document of the history for the API reference's example: the newest kept one, or none yet. */
export function changesExample(history: readonly HistoryEntry[]): string | null {
  const withChanges = history.find((h) => h.has_changes);
  return withChanges ? changesPath(withChanges.data_version) : null;
}
