import type { HistoryEntry, ReleaseChanges } from "../../dataset/releases.js";
import type { ClinicRecord } from "../../dataset/types.js";
import { stateByCode } from "../../geo/states.js";
import type { ChangesDocument, ReleaseEntry, ReleasesList } from "../../schema/releases.js";
import type { BuildContext } from "../context.js";
import { clinicPage, clinicPath } from "../paths.js";
import { FEED_FILE } from "./feed.js";

/** `/changes/2026-05-01.json` */
export const changesPath = (dataVersion: string) => `/changes/${dataVersion}.json`;

/** A kept release as releases.json lists it. */
export function releaseEntry(ctx: BuildContext, h: HistoryEntry, current: boolean): ReleaseEntry {
  const changes = h.has_changes ? changesPath(h.data_version) : null;
  return {
    data_version: h.data_version,
    generated_at: h.generated_at,
    current,
    previous_version: h.previous_version,
    clinics: h.clinics,
    cities: h.cities,
    networks: h.networks,
    added: h.added,
    removed: h.removed,
    changed: h.changed,
    sources: h.sources.map((s) => ({ ...s })),
    changes_path: changes,
    changes_url: changes === null ? null : ctx.api(changes),
    downloads: h.downloads.map((d) => ({ ...d, url: `${ctx.siteUrl}/downloads/${d.name}` })),
  };
}

export function releasesList(ctx: BuildContext, history: readonly HistoryEntry[]): ReleasesList {
  const releases = history.map((h, i) => releaseEntry(ctx, h, i === 0));
  return {
    count: releases.length,
    releases,
    feed_url: `${ctx.siteUrl}/${FEED_FILE}`,
    meta: ctx.meta("/releases.json"),
  };
}

/** A clinic as a changes document names it. */
function ref(ctx: BuildContext, r: ClinicRecord) {
  const state = stateByCode(r.state).slug;
  return {
    id: r.id,
    name: r.name,
    state,
    city: r.city_slug,
    url: ctx.page(clinicPage(state, r.city_slug, r.id)),
    path: clinicPath(r.id),
  };
}

/** What changed in this release against the one before, each list by id. */
export function changesDocument(
  ctx: BuildContext,
  previous: string,
  changes: ReleaseChanges,
): ChangesDocument {
  return {
    data_version: ctx.dataset.dataVersion,
    previous_version: previous,
    counts: { added: changes.added.length, removed: changes.removed.length, changed: changes.changed.length },
    added: changes.added.map((r) => ref(ctx, r)),
    removed: changes.removed.map((r) => ref(ctx, r)),
    changed: changes.changed.map((c) => ({ ...ref(ctx, c.after), fields: c.fields.map((f) => ({ ...f })) })),
    meta: ctx.meta(changesPath(ctx.dataset.dataVersion)),
  };
}
