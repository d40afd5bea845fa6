import { ClinicDocument } from "../../schema/clinic-document.js";
import { contentKey } from "../ledger/keys.js";
import { apiFile, clinicPage, clinicPath, pageFile } from "../paths.js";
import { NearestIndex } from "../releases/nearest.js";
import { listedClinics, nearby, tombstoneDocument } from "../releases/tombstones.js";
import { tombstonePageHtml } from "../site/pages/tombstone.js";
import { clinicUnits } from "./clinic.js";
import { pageFiles } from "./files.js";
import type { StateInput, StateUnitKind, Unit } from "./kind.js";

/**
 * A clinic no longer listed (key: its id): its document `/clinic/{id}.json` (`status: "removed"`) and its page, at
 * the addresses it had, with its last known data, since when, and the nearest clinics still listed in its state.
 * Not in the sitemap. `extra`: its city's slug. Its content key is its document's (without the stamp's facts), its
 * network's identity, and whether its city still lists clinics.
 */
export const tombstoneUnits: StateUnitKind = {
  name: "tombstone",
  code: "t",
  scope: "state",
  owns: clinicUnits.owns,
  files: ({ key, extra }, state) => [apiFile(clinicPath(key)), ...pageFiles(clinicPage(state, extra, key))],
  *units({ ctx, summary, group, fingerprint, tombstones }: StateInput): Iterable<Unit> {
    if (tombstones.length === 0) return;
    const listed = listedClinics(group);
    const placed = new NearestIndex(listed.map((x) => x.record));
    const slug = group.state.state.slug;
    for (const t of [...tombstones].sort((a, b) => (a.record.id < b.record.id ? -1 : 1))) {
      const near = nearby(listed, placed, t.record);
      const doc = tombstoneDocument(ctx, summary, t, near);
      const cityListed = group.cities.some((c) => c.city.slug === t.record.city_slug);
      // The network's counts are the stamp's (see networkEntryAsOf): its identity is the content.
      const { meta: _meta, network, ...content } = doc;
      yield {
        kind: tombstoneUnits,
        key: t.record.id,
        content: contentKey(fingerprint, "tombstone", [
          content,
          network ? [network.slug, network.name, network.wikidata] : null,
          cityListed,
        ]),
        extra: t.record.city_slug,
        async render(at, to) {
          const path = clinicPath(t.record.id);
          const stamped = at === ctx ? doc : tombstoneDocument(at, summary, t, near);
          const parsed = to.check.parse(path, ClinicDocument, stamped);
          if (to.api) await to.out.json(apiFile(path), parsed);
          const page = clinicPage(slug, t.record.city_slug, t.record.id);
          for (const site of to.sites(at)) {
            const html = tombstonePageHtml(site, {
              clinic: parsed.clinic,
              removedSince: t.removed_since,
              lastListed: t.last_listed,
              nearby: parsed.nearby,
              cityListed,
            });
            await to.out.add(pageFile(site.pagePath(page)), html);
          }
        },
      };
    }
  },
};
