import { NetworkDocument, type PlacedClinic } from "../../schema/clinic-document.js";
import type { BuildContext } from "../context.js";
import { placedClinic } from "../documents/clinic-document.js";
import { networkEntry } from "../documents/entries.js";
import { NETWORK_PAGE_SIZE, networkDocument, networkPages } from "../documents/network-document.js";
import { contentKeyStream } from "../ledger/keys.js";
import type { NetworkMember, NetworkMembers } from "../network-members.js";
import { apiFile, networkPage, networkPagePath, pageFile } from "../paths.js";
import { LIST_PAGE_SIZE, pagedPath } from "../site/paged.js";
import { networkPagesHtml } from "../site/pages/network.js";
import type { NetworkSummary, Summary } from "../summary.js";
import { inEveryLanguage, pageFiles } from "./files.js";
import type { Unit, UnitKind } from "./kind.js";

const DOCUMENT = /^api\/v1\/networks\/[^/]+(?:\/\d+)?\.json$/;
const PAGE = inEveryLanguage("networks/[^/]+/(?:page-\\d+/)?index\\.html");

/**
 * The site paths of a network's list pages, without the language (`/networks/carenow/`, `…/page-2/`): its
 * pages of `LIST_PAGE_SIZE` clinics.
 * @example networkListPages("carenow", 150) // ["/networks/carenow/", "/networks/carenow/page-2/"]
 */
export const networkListPages = (slug: string, clinics: number): string[] =>
  Array.from({ length: Math.max(1, Math.ceil(clinics / LIST_PAGE_SIZE)) }, (_, i) =>
    pagedPath(networkPage(slug), i + 1),
  );

/** `extra` of a network: its clinics, and the page size of its documents when it is not the published one. */
const extraOf = (clinics: number, size: number) =>
  size === NETWORK_PAGE_SIZE ? String(clinics) : `${clinics}/${size}`;

/**
 * A network (key: its slug): its document `/networks/{network}.json` and its further pages (`NETWORK_PAGE_SIZE`
 * clinics each), and its pages in every language. Decided at the end of the release, from its members as the
 * states spilled them. `extra`: its number of clinics.
 */
export const networkUnits: UnitKind = {
  name: "network",
  code: "n",
  scope: "release",
  owns: (path) => DOCUMENT.test(path) || PAGE.test(path),
  files({ key, extra }) {
    const [clinics, size] = extra.split("/").map(Number) as [number, number | undefined];
    const docs = Array.from({ length: networkPages(clinics, size ?? NETWORK_PAGE_SIZE) }, (_, i) =>
      apiFile(networkPagePath(key, i + 1)),
    );
    return [...docs, ...networkListPages(key, clinics).flatMap(pageFiles)];
  },
};

/**
 * Every network's unit: its content key hashes its entry (with its counts) and its members as spilled (each
 * member's clinic and place, in the order they are listed); it renders its documents (one page in memory at a
 * time) and its pages.
 * @example for await (const unit of networks({ ctx, summary, members, fingerprint })) await units.put(unit);
 */
export async function* networks(o: {
  ctx: BuildContext;
  summary: Summary;
  members: NetworkMembers;
  fingerprint: string;
  /** Clinics on one page of a network's document (tests make it small). */
  pageSize?: number;
}): AsyncGenerator<Unit> {
  const size = o.pageSize ?? NETWORK_PAGE_SIZE;
  for (const network of o.summary.networks) {
    const key = contentKeyStream(o.fingerprint, "network");
    key.update(JSON.stringify(networkEntry(o.ctx, network)));
    key.update(await o.members.raw(network));
    yield {
      kind: networkUnits,
      key: network.slug,
      content: key.digest(),
      extra: extraOf(network.clinics, size),
      async render(ctx, to) {
        if (to.api) await networkDocuments(ctx, network, o.members, size, to);
        const sites = to.sites(ctx);
        if (sites.length === 0) return;
        const members: NetworkMember[] = [];
        for await (const m of o.members.of(network)) members.push(m);
        for (const site of sites)
          for (const p of networkPagesHtml(site, o.summary, network, members))
            await to.out.add(pageFile(site.pagePath(p.path)), p.body);
      },
    };
  }
}

/** A network's document and its further pages, from the members spilled while the states rendered. */
async function networkDocuments(
  ctx: BuildContext,
  network: NetworkSummary,
  members: NetworkMembers,
  size: number,
  to: Parameters<Unit["render"]>[1],
): Promise<void> {
  let page: PlacedClinic[] = [];
  let number = 1;
  let seen = 0;
  const flush = async () => {
    const path = networkPagePath(network.slug, number);
    const doc = networkDocument(ctx, network, number, page, size);
    await to.out.json(apiFile(path), to.check.parse(path, NetworkDocument, doc));
    number++;
    page = [];
  };
  for await (const m of members.of(network)) {
    page.push(placedClinic(ctx, m.clinic, m));
    seen++;
    if (page.length === size) await flush();
  }
  if (page.length > 0 || number === 1) await flush();
  if (seen !== network.clinics)
    to.check.add(
      networkPagePath(network.slug, 1),
      "",
      `lists ${seen} clinics, the summary counts ${network.clinics}`,
    );
}
