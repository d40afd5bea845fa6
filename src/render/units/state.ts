import { CitiesByState } from "../../schema/documents.js";
import { citiesByState } from "../documents/lists.js";
import { contentKey } from "../ledger/keys.js";
import { apiFile, pageFile, statePage, statePath } from "../paths.js";
import { statePageHtml } from "../site/pages/state.js";
import { inEveryLanguage, pageFiles } from "./files.js";
import type { StateInput, StateUnitKind, Unit } from "./kind.js";

const DOCUMENT = /^api\/v1\/cities\/[^/]+\.json$/;
const PAGE = inEveryLanguage("clinics/[^/]+/index\\.html");

/**
 * A US state (key: its slug): its cities' document `/cities/{state}.json` and its page in every language. Its
 * content key is its entry's, its cities' entries and every clinic's key.
 */
export const stateUnits: StateUnitKind = {
  name: "state",
  code: "s",
  scope: "state",
  owns: (path) => DOCUMENT.test(path) || PAGE.test(path),
  files: ({ key }) => [apiFile(statePath(key)), ...pageFiles(statePage(key))],
  *units({ summary, group, fingerprint, clinicKeys }: StateInput): Iterable<Unit> {
    const slug = group.state.state.slug;
    const all = group.cities.flatMap((c) => c.clinics.map((rc) => clinicKeys.get(rc.clinic.id) as string));
    yield {
      kind: stateUnits,
      key: slug,
      content: contentKey(fingerprint, "state", [group.entry, group.cities.map((c) => c.entry), all]),
      extra: "",
      async render(ctx, to) {
        if (to.api) {
          const path = statePath(slug);
          await to.out.json(apiFile(path), to.check.parse(path, CitiesByState, citiesByState(ctx, group)));
        }
        for (const site of to.sites(ctx))
          await to.out.add(pageFile(site.pagePath(statePage(slug))), statePageHtml(site, summary, group));
      },
    };
  },
};
