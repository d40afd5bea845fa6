import type { Clinic } from "../../schema/clinic.js";
import type { ClinicDocument, PlacedClinic } from "../../schema/clinic-document.js";
import type { Evidence } from "../../schema/evidence.js";
import type { StateRef } from "../../schema/places.js";
import type { ClinicSource } from "../../schema/sources.js";
import type { BuildContext } from "../context.js";
import { cityPage, cityPath, clinicPath } from "../paths.js";
import type { Summary } from "../summary.js";
import { networkEntryAsOf } from "./entries.js";

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
