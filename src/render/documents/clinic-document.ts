import type { Clinic } from "../../schema/clinic.js";
import { ClinicDocument, type PlacedClinic } from "../../schema/clinic-document.js";
import type { Evidence } from "../../schema/evidence.js";
import type { StateRef } from "../../schema/places.js";
import type { ClinicSource } from "../../schema/sources.js";
import type { BuildContext } from "../context.js";
import type { Emitter } from "../emitter.js";
import { apiFile, cityPage, cityPath, clinicPath } from "../paths.js";
import type { Summary } from "../summary.js";
import { networkEntryAsOf, stateRef } from "./entries.js";

/** Where a clinic sits, as the data set knows it: what `placedClinic` needs besides the clinic. */
export interface Whereabouts {
  state: StateRef;
  city: { slug: string; name: string };
  zip: string | null;
}

/**
 * A clinic with its state, city (with the links to its document and page) and ZIP code.
 * @example placedClinic(ctx, clinic, { state: { slug: "texas", code: "TX", name: "Texas" }, city: { slug: "austin", name: "Austin" }, zip: "78701" })
 */
export function placedClinic(ctx: BuildContext, clinic: Clinic, where: Whereabouts): PlacedClinic {
  return {
    ...clinic,
    place: {
      state: where.state,
      city: {
        slug: where.city.slug,
        name: where.city.name,
        path: cityPath(where.state.slug, where.city.slug),
        url: ctx.page(cityPage(where.state.slug, where.city.slug)),
      },
      zip: where.zip,
    },
  };
}

/** The document of one clinic: the placed clinic and its network's entry. */
export function clinicDocument(
  ctx: BuildContext,
  summary: Summary,
  clinic: Clinic,
  where: Whereabouts,
  sources: ClinicSource[],
  evidence: Evidence,
): ClinicDocument {
  const network = clinic.network === null ? undefined : summary.networkByName.get(clinic.network);
  return {
    version: "v1",
    status: "listed",
    removed_since: null,
    last_listed: null,
    id: clinic.id,
    clinic: placedClinic(ctx, clinic, where),
    network: network ? networkEntryAsOf(ctx, network) : null,
    sources,
    evidence,
    nearby: [],
    meta: ctx.meta(clinicPath(clinic.id)),
  };
}

/**
 * One document per clinic, `/clinic/{id}.json`, written as its state is rendered (carried unchanged when the
 * clinic's unit is: `src/render/plan/`).
 */
export const clinicDocuments: Emitter = ({ out, check, summary, plan }) => ({
  async state(group) {
    const state = stateRef(group.state.state);
    for (const city of group.cities) {
      const place = { slug: city.city.slug, name: city.city.name };
      for (const { clinic, record } of city.clinics) {
        const path = clinicPath(clinic.id);
        const decision = plan.decision("clinic", clinic.id);
        if (!decision.render) continue; // carried: the previous release's file stays
        const doc = clinicDocument(
          decision.ctx,
          summary,
          clinic,
          { state, city: place, zip: record.zip },
          record.sources,
          record.evidence,
        );
        await out.json(apiFile(path), check.parse(path, ClinicDocument, doc));
      }
    }
  },
});
