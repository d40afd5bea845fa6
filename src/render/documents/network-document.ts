import type { NetworkDocument, PlacedClinic } from "../../schema/clinic-document.js";
import type { BuildContext } from "../context.js";
import { networkPagePath } from "../paths.js";
import type { NetworkSummary } from "../summary.js";
import { networkEntry } from "./entries.js";

/**
 * Most clinics on one page of a network's document. The sample's largest network (615 clinics) fits one page;
 * a page of 1,000 placed clinics is ≈ 1 MB raw, ≈ 60 KB brotli.
 */
export const NETWORK_PAGE_SIZE = 1000;

/** Number of pages of a network's document (at least one). */
export const networkPages = (clinics: number, size = NETWORK_PAGE_SIZE) =>
  Math.max(1, Math.ceil(clinics / size));

/** One page of a network's document. */
export function networkDocument(
  ctx: BuildContext,
  network: NetworkSummary,
  number: number,
  clinics: PlacedClinic[],
  size = NETWORK_PAGE_SIZE,
): NetworkDocument {
  const pages = networkPages(network.clinics, size);
  return {
    version: "v1",
    network: networkEntry(ctx, network),
    page: {
      number,
      pages,
      size,
      next: number < pages ? networkPagePath(network.slug, number + 1) : null,
      previous: number > 1 ? networkPagePath(network.slug, number - 1) : null,
    },
    count: clinics.length,
    clinics,
    meta: ctx.meta(networkPagePath(network.slug, number)),
  };
}
