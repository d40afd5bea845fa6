import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { HistoryEntry, ReleaseInputs, Tombstone } from "../dataset/releases.js";
import type { ClinicRecord, Dataset } from "../dataset/types.js";
import { DELTA, type TreeStart } from "../tree/start.js";
import { collectGarbage } from "../util/collect-garbage.js";
import { type Settled, settled } from "../util/settled.js";
import { type BuildContext, type BuildOptions, createContext } from "./context.js";
import { NETWORK_PAGE_SIZE } from "./documents/network-document.js";
import { openApiDocument } from "./documents/openapi.js";
import { Downloads } from "./downloads/downloads.js";
import { downloadUrl } from "./downloads/manifest.js";
import { LICENSE_NAME, MANIFEST_NAME } from "./downloads/names.js";
import { groupState, type StateGroup } from "./group.js";
import { fingerprints } from "./ledger/fingerprint.js";
import { Ledger, type LedgerMode } from "./ledger/ledger.js";
import { NetworkMembers } from "./network-members.js";
import type { PreviousTree } from "./output/previous.js";
import { OutputWriter, type WriteResult } from "./output/writer.js";
import { writeCatalogue } from "./outputs/catalogue.js";
import { changesExample, writeReleaseHistory } from "./outputs/release-history.js";
import { writeSiteFrame } from "./outputs/site-frame.js";
import { networkPagePath } from "./paths.js";
import type { LayoutOptions } from "./search/layout.js";
import { SearchIndexBuilder } from "./search/search-index.js";
import type { ExampleValues } from "./site/pages/api-reference.js";
import { type SiteContext, siteContext, siteContexts } from "./site/site.js";
import type { NetworkCounts } from "./stamp.js";
import { Standards } from "./standards/standards.js";
import { type Summary, summarise } from "./summary.js";
import { RenderTrace } from "./trace.js";
import { clinicKeysOf } from "./units/clinic.js";
import type { StateUnitKind } from "./units/kind.js";
import { networks, networkUnits } from "./units/network.js";
import { isUnitFile, STATE_UNIT_KINDS } from "./units/registry.js";
import { searchShardUnits } from "./units/search-shard.js";
import { Units } from "./units/units.js";
import { Checker } from "./validate.js";

export type { BuildOptions } from "./context.js";

/**
 * The parts of the output: the API documents (units' documents, lists, stats, index, OpenAPI, the release
 * history), the site (pages in every language, sitemaps, assets), the search index, the bulk downloads, and the
 * standards (FHIR Bulk Publish, HSDS, GeoJSON: docs/fhir.md, docs/hsds.md, docs/geojson.md).
 */
export type OutputPart = "api" | "site" | "search" | "downloads" | "standards";

/** Every part, what `ucd build` renders. */
export const OUTPUT_PARTS: readonly OutputPart[] = ["api", "site", "search", "downloads", "standards"];

/**
 * Parts left out by `UCD_RENDER_OMIT` (`UCD_RENDER_OMIT=standards`): what `npm run bench` builds to measure what one
 * part adds (docs/benchmarks.md). Never set when publishing: the release lacks that part; its fingerprint says so,
 * so that a release with the part never takes one without it as its base.
 */
function omittedParts(): OutputPart[] {
  const named = (process.env.UCD_RENDER_OMIT ?? "").split(",").filter(Boolean);
  return OUTPUT_PARTS.filter((p) => named.includes(p));
}

export interface RenderOptions extends BuildOptions {
  /**
   * The release being replaced: its unchanged units are carried when `previousBookkeeping` holds its render
   * bookkeeping (same code and options), and its other files are kept when a rendered file has the same bytes.
   */
  previous?: PreviousTree | null;
  /**
   * How the output folder starts: empty (the default), or a recycled tree of an earlier release whose files differ
   * from `previous`'s at its stale paths (`src/release/store.ts`).
   */
  start?: TreeStart;
  /** The render bookkeeping of `previous` (`bookkeeping/render/` of a release). */
  previousBookkeeping?: string | null;
  /** Where to keep this render's bookkeeping for the next release; none when null (a render outside a store). */
  bookkeeping?: string | null;
  /** `incremental` (default) carries unchanged units; `all` renders every unit, each with its own stamp. */
  mode?: LedgerMode;
  /** The releases before this one (history, changes, tombstones), when publishing into a release store. */
  release?: ReleaseInputs | null;
  /**
   * The parts to render (default: all, `OUTPUT_PARTS`); the CLI renders all, tests leave the site out (its frame is
   * most of a small build's files and time) or render one part alone. index.json and the release history need the
   * downloads (they list them).
   */
  parts?: readonly OutputPart[];
  /** Kinds of unit of a US state besides the published ones (`STATE_UNIT_KINDS`): a test's. */
  kinds?: readonly StateUnitKind[];
  /** Sizes the output is cut by, smaller for tests: a network document's page, the search index's layout. */
  sizes?: { networkPage?: number; search?: Partial<LayoutOptions> };
  /** Check every internal node the search index's incremental layout keeps against a count from its keys (tests). */
  verifySearch?: boolean;
  /**
   * Called with each state's records as the render loads them (states in slug order, those without clinics left
   * out): the release store keeps them for the next release without reading the data set again. The render goes on
   * with the state while the returned promise is pending (it takes what it needs of the records before it returns,
   * so that only writing and compressing are left: on the thread pool, beside the render); one call at a time, and
   * the render ends after the last one has.
   */
  onState?: (state: string, records: readonly ClinicRecord[]) => Promise<void>;
}

/** What a render wrote. */
export interface RenderResult extends WriteResult {
  clinics: number;
  /** Units rendered and carried unchanged from the previous release. */
  units: { rendered: number; carried: number };
  /** The generation time written into the documents. */
  generatedAt: string;
  /** The release history including this release, newest first. */
  history: HistoryEntry[];
}

/**
 * Renders a data set into a folder, top to bottom: summarise the data set; then state by state (memory bounded by
 * the largest state), every unit of the state is decided and rendered (`src/render/units/`) while the downloads,
 * the search index and the networks' members take the state's clinics in; then the units of the whole release
 * (networks, search shards); then the outputs about the whole release, each given what it lists (the downloads'
 * `datasets` to index.json, the release history and the about page); then the writer finishes the tree and its
 * manifest. Every document is validated against its schema; every problem is collected and the render fails with
 * all of them (BuildError), leaving a partial folder for the caller to remove. Same data set and options, same bytes.
 * @example await renderSite(generateSample(), "/tmp/out", { siteUrl: "https://urgentcare.example.org", generatedAt: "2026-05-01T00:00:00Z" });
 */
export async function renderSite(
  dataset: Dataset,
  dir: string,
  options: RenderOptions,
): Promise<RenderResult> {
  const start = options.start ?? { kind: "empty" };
  await mkdir(dir, { recursive: true });
  if (start.kind === "empty" && (await readdir(dir)).length > 0)
    throw new Error(`render needs an empty folder: ${dir}`);
  const omitted = omittedParts();
  const parts = new Set((options.parts ?? OUTPUT_PARTS).filter((p) => !omitted.includes(p)));
  const check = new Checker();
  const summary = await summarise(dataset, check);
  check.throwIfAny();
  const ctx = createContext(dataset, options, networkCounts(summary));
  const compression = options.compression ?? "max";
  const previous = options.previous ?? null;
  const stateKinds = [...STATE_UNIT_KINDS, ...(options.kinds ?? [])];
  const kinds = [...stateKinds, networkUnits, searchShardUnits];
  const ledger = await Ledger.open(ctx, {
    kinds,
    previous: previous ? (options.previousBookkeeping ?? null) : null,
    out: options.bookkeeping ?? null,
    fingerprints: await fingerprints({ siteUrl: ctx.siteUrl, baseUrl: ctx.baseUrl, compression, omitted }),
    mode: options.mode ?? "incremental",
  });
  /** The previous release's tree, when its units count: what carried units' files stay as. */
  const previousSite = previous && ledger.previousBookkeeping !== null ? previous.root : null;
  const out = new OutputWriter(dir, {
    compression,
    previous,
    carryUnits: previousSite !== null,
    isUnitFile: (path) => isUnitFile(path, kinds),
    start,
    delta: options.bookkeeping ? join(options.bookkeeping, DELTA) : null,
  });
  const sites = parts.has("site") ? siteContexts(ctx) : [];
  const units = new Units(ledger, {
    out,
    check,
    api: parts.has("api"),
    standards: parts.has("standards"),
    sites: sitesByStamp(ctx, sites),
  });
  const scratch = await mkdtemp(join(dir, "..", ".scratch-"));
  /** The state records being kept (`onState`), behind the render. */
  let keeping = null as Settled<void> | null;
  try {
    const trace = RenderTrace.fromEnv();
    const members = new NetworkMembers(join(scratch, "networks"));
    const search = parts.has("search")
      ? new SearchIndexBuilder({
          ctx,
          summary,
          ledger,
          units,
          scratch,
          previousSite,
          ...(options.sizes?.search ? { layout: options.sizes.search } : {}),
          ...(options.verifySearch ? { verify: true } : {}),
        })
      : null;
    const downloads = parts.has("downloads") ? await Downloads.open({ ctx, out }) : null;
    const standards = parts.has("standards") ? await Standards.open({ ctx, out, summary, ledger }) : null;
    const tombstones = byState(options.release?.tombstones ?? []);
    let first: StateGroup | null = null;

    // Every US state: its units, then what the state adds to the outputs about the whole release.
    for (const state of summary.states) {
      const code = state.state.code;
      await trace.step("ledger: read", () => ledger.beginState(code, state.state.slug));
      const clinics = await trace.step("load", () => dataset.clinics.load(code));
      if (clinics.length > 0 && options.onState) {
        const onState = options.onState;
        await trace.step("bookkeeping: records", async () => {
          await keeping?.result();
          keeping = settled(onState(code, clinics));
        });
      }
      const group = await trace.step("group", () => groupState(ctx, state, clinics));
      if (!first && group.cities.length > 0) first = group;
      const clinicKeys = await trace.step("content keys", () =>
        clinicKeysOf(ledger.fingerprint, summary, group),
      );
      const input = {
        ctx,
        summary,
        group,
        fingerprint: ledger.fingerprint,
        clinicKeys,
        tombstones: tombstones.get(code) ?? [],
      };
      await trace.step("units", () => units.state(input, stateKinds));
      await trace.step("network members", () => members.add(group));
      if (search) await trace.step("search", () => search.state(group));
      if (downloads) await trace.step("downloads", () => downloads.state(group));
      if (standards) await trace.step("standards", () => standards.state(group));
      await trace.step("ledger: write", () => ledger.endState(code));
      units.removeRetired();
      collectGarbage();
    }
    await trace.step("bookkeeping: records", async () => keeping?.result());

    // The units of the whole release.
    await trace.step("networks", async () => {
      const pageSize = options.sizes?.networkPage;
      const each = networks({
        ctx,
        summary,
        members,
        fingerprint: ledger.fingerprint,
        ...(pageSize ? { pageSize } : {}),
      });
      for await (const unit of each) await units.put(unit);
    });
    const searchExamples = search ? await trace.step("search: finish", () => search.finish()) : {};

    // The outputs about the whole release, each given what it shows.
    const geojson = standards ? await trace.step("standards: finish", () => standards.finish()) : [];
    const datasets = downloads
      ? await trace.step("downloads: finish", () => downloads.finish(check, geojson))
      : null;
    const openapi = openApiDocument(ctx, {
      manifestUrl: downloadUrl(ctx, MANIFEST_NAME),
      licenseUrl: downloadUrl(ctx, LICENSE_NAME),
    });
    let history: HistoryEntry[] = [];
    if (parts.has("api"))
      await trace.step("catalogue", async () => {
        await writeCatalogue(out, check, { ctx, summary, openapi, datasets: datasets ?? null });
        if (datasets)
          history = await writeReleaseHistory(out, check, {
            ctx,
            summary,
            release: options.release ?? null,
            datasets,
          });
      });
    if (sites.length > 0)
      await trace.step("site", () =>
        writeSiteFrame(out, {
          ctx,
          sites,
          summary,
          openapi,
          examples: exampleValues(summary, first),
          published: {
            ...(datasets ? { datasets } : {}),
            history,
            examples: {
              "/networks/{network}/{page}.json": secondNetworkPage(summary, options.sizes?.networkPage),
              "/changes/{data_version}.json": changesExample(history),
              ...searchExamples,
            },
          },
        }),
      );
    check.throwIfAny();
    await trace.step("ledger: finish", () => ledger.finish());
    units.removeRetired();
    const written = await trace.step("writer: finish", () => out.finish());
    trace.print();
    return {
      ...written,
      units: ledger.counts,
      clinics: summary.clinics,
      generatedAt: ctx.generatedAt,
      history,
    };
  } finally {
    await keeping?.done;
    await out.drain().catch(() => {});
    await out.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Every network's counts, as this release's stamp records them (a clinic's document shows its network's). */
function networkCounts(summary: Summary): Record<string, NetworkCounts> {
  return Object.fromEntries(
    summary.networks.map((n) => [
      n.name,
      { clinic_count: n.clinics, state_count: n.states.length, states: n.states },
    ]),
  );
}

/** The tombstones of each US state, by its code. */
function byState(tombstones: readonly Tombstone[]): Map<string, Tombstone[]> {
  const out = new Map<string, Tombstone[]>();
  for (const t of tombstones) {
    const list = out.get(t.record.state);
    if (list) list.push(t);
    else out.set(t.record.state, [t]);
  }
  return out;
}

/**
 * The site's contexts (one per language) of a stamp: this release's are `sites`; an earlier stamp's (a unit
 * unchanged since an earlier release, rendered again) are made once and share the assets. None without the site.
 */
function sitesByStamp(
  ctx: BuildContext,
  sites: readonly SiteContext[],
): (c: BuildContext) => readonly SiteContext[] {
  const byStamp = new Map<BuildContext, readonly SiteContext[]>([[ctx, sites]]);
  return (c) => {
    let list = byStamp.get(c);
    if (!list) {
      list = sites.map((s) => siteContext(c, s.lang, s.assets));
      byStamp.set(c, list);
    }
    return list;
  };
}

/** The API reference's example values: the first state with clinics, its first city and clinic, the first network. */
function exampleValues(summary: Summary, first: StateGroup | null): ExampleValues {
  const examples: ExampleValues = {};
  const city = first?.cities[0];
  if (first && city) {
    examples.state = first.state.state.slug;
    examples.city = city.city.slug;
    if (city.clinics[0]) examples.id = city.clinics[0].clinic.id;
  }
  if (summary.networks[0]) examples.network = summary.networks[0].slug;
  return examples;
}

/** The second page of the first network whose document has one (the API reference's example), or null. */
function secondNetworkPage(summary: Summary, size = NETWORK_PAGE_SIZE): string | null {
  const network = summary.networks.find((n) => n.clinics > size);
  return network ? networkPagePath(network.slug, 2) : null;
}
