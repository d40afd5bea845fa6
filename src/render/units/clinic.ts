import type { ClinicRecord } from "../../dataset/types.js";
import { ClinicDocument } from "../../schema/clinic-document.js";
import { clinicDocument } from "../documents/clinic-document.js";
import { stateRef } from "../documents/entries.js";
import type { CityGroup, RenderedClinic, StateGroup } from "../group.js";
import { fullService } from "../hsds/service.js";
import { contentKey } from "../ledger/keys.js";
import { apiFile, clinicPage, clinicPath, pageFile } from "../paths.js";
import { clinicPageHtml } from "../site/pages/clinic.js";
import { clinicStandardsFiles, writeClinicStandards } from "../standards/clinic-files.js";
import { clinicFacts } from "../standards/facts.js";
import { STANDARDS_LONG_TAIL } from "../standards/paths.js";
import type { Summary } from "../summary.js";
import { inEveryLanguage, pageFiles } from "./files.js";
import type { StateInput, StateUnitKind, Unit } from "./kind.js";

/**
 * What a clinic's search entries are made of (`src/render/search/` spills the same tuple): the `extra` the ledger
 * keeps of the clinic, so that the next release knows which keys a changed or removed clinic had, and its city.
 */
export type SearchTuple = [
  id: string,
  name: string,
  network: string | null,
  state: string,
  citySlug: string,
  cityName: string,
  zip: string | null,
  reviews: number,
];

/** A clinic's search tuple. */
export function searchTuple(state: string, city: CityGroup, { clinic, record }: RenderedClinic): SearchTuple {
  return [
    clinic.id,
    clinic.name,
    clinic.network,
    state,
    city.city.slug,
    city.city.name,
    record.zip !== null && /^\d{5}$/.test(record.zip) ? record.zip : null,
    clinic.reviews_count ?? 0,
  ];
}

/**
 * A record as its documents and pages show it: every field but those only the downloads and stats read
 * (`provenance` is never published; `source_ids` and `network_evidence` are columns of the downloads), so that a
 * change of a row number alone does not render a clinic again.
 */
function shown(r: ClinicRecord): Omit<ClinicRecord, "provenance" | "source_ids" | "network_evidence"> {
  const { provenance: _p, source_ids: _s, network_evidence: _e, ...rest } = r;
  return rest;
}

/**
 * A clinic's content key: its record as shown (its API form is a function of it and of the fingerprint's
 * addresses), its city's name, its state, and its network's identity (not its counts: those are the stamp's).
 */
function clinicKey(
  fingerprint: string,
  summary: Summary,
  state: string,
  city: CityGroup,
  rc: RenderedClinic,
) {
  const network = rc.clinic.network === null ? null : summary.networkByName.get(rc.clinic.network);
  return contentKey(fingerprint, "clinic", [
    shown(rc.record),
    city.city.name,
    state,
    network ? [network.slug, network.wikidata] : null,
  ]);
}

const DOCUMENT = /^api\/v1\/clinic\/[^/]+\.json$/;
/** A clinic's HSDS service (`src/render/standards/`). */
const SERVICE = STANDARDS_LONG_TAIL;
const PAGE = inEveryLanguage("clinics/[^/]+/[^/]+/(?!index\\.html$)[^/]+\\.html");

/**
 * A listed clinic (key: its id): its document `/clinic/{id}.json` and its page in every language, a file of its
 * city's folder. `extra`: its search tuple (which names its city).
 */
export const clinicUnits: StateUnitKind = {
  name: "clinic",
  code: "c",
  scope: "state",
  owns: (path) => DOCUMENT.test(path) || PAGE.test(path) || SERVICE.test(path),
  files({ key, extra }, state) {
    const tuple = JSON.parse(extra) as SearchTuple;
    return [
      apiFile(clinicPath(key)),
      ...pageFiles(clinicPage(state, tuple[4], key)),
      ...clinicStandardsFiles(key),
    ];
  },
  *units({ summary, group, clinicKeys }: StateInput): Iterable<Unit> {
    const code = group.state.state.code;
    const state = stateRef(group.state.state);
    for (const city of group.cities) {
      const place = { slug: city.city.slug, name: city.city.name };
      for (const rc of city.clinics) {
        const { clinic, record } = rc;
        yield {
          kind: clinicUnits,
          key: clinic.id,
          content: clinicKeys.get(clinic.id) as string,
          extra: JSON.stringify(searchTuple(code, city, rc)),
          async render(ctx, to) {
            if (to.api) {
              const path = clinicPath(clinic.id);
              const doc = clinicDocument(
                ctx,
                summary,
                clinic,
                { state, city: place, zip: record.zip },
                record.sources,
                record.evidence,
              );
              await to.out.json(apiFile(path), to.check.parse(path, ClinicDocument, doc));
            }
            if (to.standards) {
              const network = clinic.network === null ? undefined : summary.networkByName.get(clinic.network);
              const facts = clinicFacts(
                clinic,
                record,
                network,
                group.state.state,
                ctx.dataset.source.synthetic,
              );
              await writeClinicStandards(to.out, clinic.id, {
                service: JSON.stringify(fullService(facts, ctx.generatedAt)),
              });
            }
            const page = clinicPage(state.slug, city.city.slug, clinic.id);
            for (const site of to.sites(ctx))
              await to.out.add(pageFile(site.pagePath(page)), clinicPageHtml(site, summary, city, rc));
          },
        };
      }
    }
  },
};

/** Every listed clinic's content key in one US state, by id (what its city's and its state's keys are made of). */
export function clinicKeysOf(fingerprint: string, summary: Summary, group: StateGroup): Map<string, string> {
  const code = group.state.state.code;
  const keys = new Map<string, string>();
  for (const city of group.cities)
    for (const rc of city.clinics) keys.set(rc.clinic.id, clinicKey(fingerprint, summary, code, city, rc));
  return keys;
}
