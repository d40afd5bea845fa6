import { NetworkDocument, type PlacedClinic } from "../../schema/clinic-document.js";
import type { BuildContext } from "../context.js";
import type { Emitter } from "../emitter.js";
import { apiFile, networkPagePath } from "../paths.js";
import { decideNetwork } from "../plan/network-unit.js";
import type { NetworkSummary } from "../summary.js";
import { placedClinic } from "./clinic-document.js";
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

/**
 * Every network's document, `/networks/{network}.json` and its further pages, from the members spilled while the
 * states rendered: one page in memory at a time.
 */
export function networkDocumentsEmitter(size = NETWORK_PAGE_SIZE): Emitter {
  return (run) => ({
    async finish() {
      const { out, check, summary, networkMembers, published } = run;
      let second: string | null = null;
      for (const network of summary.networks) {
        const pages = networkPages(network.clinics, size);
        if (pages >= 2) second ??= networkPagePath(network.slug, 2);
        const decision = await decideNetwork(run, network);
        if (!decision.render) continue; // carried: the previous release's files stay
        const { ctx } = decision;
        let page: PlacedClinic[] = [];
        let number = 1;
        let seen = 0;
        const flush = async () => {
          const path = networkPagePath(network.slug, number);
          const doc = networkDocument(ctx, network, number, page, size);
          await out.json(apiFile(path), check.parse(path, NetworkDocument, doc));
          number++;
          page = [];
        };
        for await (const m of networkMembers.of(network)) {
          page.push(placedClinic(ctx, m.clinic, m));
          seen++;
          if (page.length === size) await flush();
        }
        if (page.length > 0 || number === 1) await flush();
        if (seen !== network.clinics)
          check.add(
            networkPagePath(network.slug, 1),
            "",
            `lists ${seen} clinics, the summary counts ${network.clinics}`,
          );
      }
      published.examples = { ...published.examples, "/networks/{network}/{page}.json": second };
    },
  });
}

/** The network documents with the standard page size. */
export const networkDocuments: Emitter = networkDocumentsEmitter();
