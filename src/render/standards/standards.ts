import { createHash } from "node:crypto";
import { type BuildContext, LICENSE } from "../context.js";
import { DOWNLOADS_DIR, datedName, latestName } from "../downloads/names.js";
import { type BulkOutput, bulkPublishManifest } from "../fhir/manifest.js";
import {
  clinicLocation,
  clinicOrganization,
  clinicService,
  networkOrganization as fhirNetwork,
} from "../fhir/resources.js";
import { COLLECTION_END, type CollectionHead, clinicFeature, collectionStart } from "../geojson/features.js";
import type { GeoJsonFile } from "../geojson/manifest.js";
import type { StateGroup } from "../group.js";
import { HSDS_OPENAPI, hsdsRoot, SERVICES_PAGE_SIZE, servicePages, servicesPage } from "../hsds/documents.js";
import { fullService, networkOrganization as hsdsNetwork, serviceListItem } from "../hsds/service.js";
import type { Ledger } from "../ledger/ledger.js";
import type { GzippedSink, OutputWriter } from "../output/writer.js";
import type { Summary } from "../summary.js";
import { clinicUnits } from "../units/clinic.js";
import type { UnitKind } from "../units/kind.js";
import { stateFacts } from "./facts.js";
import {
  BULK_PUBLISH_FILE,
  FHIR_DIR,
  fhirBulkFile,
  geojsonStateFile,
  HSDS_DIR,
  HSDS_ROOT_FILE,
  hsdsNdjsonFile,
  hsdsPageFile,
} from "./paths.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** NDJSON text of resources: one per LF-terminated line. */
const ndjson = (docs: readonly unknown[]) => lines(docs.map((d) => JSON.stringify(d)));

/** NDJSON text of serialised documents. */
const lines = (texts: readonly string[]) => texts.map((t) => `${t}\n`).join("");

/** Clinics serialised and written at a time, to each of a state's large files. */
const PIECE = 1000;

/**
 * The standards' files of the whole release (docs/fhir.md, docs/hsds.md, docs/geojson.md; a clinic's HSDS service is
 * a file of its unit, `src/render/units/clinic.ts`): per US state, as the states are rendered, the FHIR bulk NDJSON
 * files (Organization, Location, HealthcareService), the HSDS NDJSON dump and `/services` pages, and the state's
 * GeoJSON; then the networks' Organizations, the Bulk Publish manifest, the HSDS root document and the nation's
 * GeoJSON (a dated download and its `-latest` alias, with a `.gz`). Rendered every release; every resource shows when
 * its clinic last changed (the stamp of its unit), so a file none of whose clinics changed keeps its bytes and is not
 * written again.
 * @example const standards = await Standards.open({ ctx, out, summary, ledger }); await standards.state(group); const geojson = await standards.finish();
 */
export class Standards {
  readonly #ctx: BuildContext;
  readonly #out: OutputWriter;
  readonly #summary: Summary;
  readonly #ledger: Ledger<UnitKind>;
  readonly #synthetic: boolean;
  readonly #pages: ReturnType<typeof servicePages>;
  readonly #byType: Record<BulkOutput["type"], BulkOutput[]> = {
    Organization: [],
    Location: [],
    HealthcareService: [],
  };
  readonly #dumps: { state: string; url: string; count: number }[] = [];
  readonly #geojson: GeoJsonFile[] = [];
  readonly #national: GzippedSink;
  readonly #nationalPath: string;
  #nationalRows = 0;

  private constructor(
    o: { ctx: BuildContext; out: OutputWriter; summary: Summary; ledger: Ledger<UnitKind> },
    national: GzippedSink,
    nationalPath: string,
  ) {
    this.#ctx = o.ctx;
    this.#out = o.out;
    this.#summary = o.summary;
    this.#ledger = o.ledger;
    this.#synthetic = o.ctx.dataset.source.synthetic;
    this.#pages = servicePages(o.summary.states.map((s) => ({ slug: s.state.slug, clinics: s.clinics })));
    this.#national = national;
    this.#nationalPath = nationalPath;
  }

  /** Opens the nation's GeoJSON, the one file written as the states go. */
  static async open(o: {
    ctx: BuildContext;
    out: OutputWriter;
    summary: Summary;
    ledger: Ledger<UnitKind>;
  }): Promise<Standards> {
    const path = `${DOWNLOADS_DIR}/${datedName(o.ctx.dataset.dataVersion, "geojson")}`;
    const head = collectionHead(o.ctx, "Urgent care clinics, United States");
    // Always written: its `-latest` alias links to it (`alias` needs the file in this release's tree).
    const national = await o.out.streamGzipped({ keep: false });
    await national.write(collectionStart(head));
    return new Standards(o, national, path);
  }

  #url(path: string): string {
    return `${this.#ctx.siteUrl}/${path}`;
  }

  /**
   * One US state's files, after its units are decided: each clinic shows the time of the release that last changed
   * it (its unit's stamp, rendered or carried). The large files are written in pieces, `PIECE` clinics at a time,
   * each resource serialised once: a large state's are hundreds of MB at 1M clinics, more than all else the render
   * holds (docs/benchmarks.md).
   */
  async state(group: StateGroup): Promise<void> {
    const out = this.#out;
    const slug = group.state.state.slug;
    const facts = stateFacts(this.#summary, group, this.#synthetic);
    if (facts.length === 0) return;
    const fhir = {
      Organization: await out.streamGzipped(),
      Location: await out.streamGzipped(),
      HealthcareService: await out.streamGzipped(),
    };
    const dump = await out.streamGzipped();
    const geojson = await out.streamGzipped();
    const head = collectionHead(this.#ctx, `Urgent care clinics, ${group.state.state.name}`);
    for (let from = 0; from < facts.length; from += PIECE) {
      const piece = facts.slice(from, from + PIECE).map((f) => ({ f, at: this.#lastChanged(f.id) }));
      const features = piece.map(({ f }) => JSON.stringify(clinicFeature(f))).join(",\n");
      const national = `${this.#nationalRows > 0 ? ",\n" : ""}${features}`;
      this.#nationalRows += piece.length;
      await Promise.all([
        fhir.Organization.write(ndjson(piece.map(({ f, at }) => clinicOrganization(f, at)))),
        fhir.Location.write(ndjson(piece.map(({ f, at }) => clinicLocation(f, at)))),
        fhir.HealthcareService.write(ndjson(piece.map(({ f, at }) => clinicService(f, at)))),
        dump.write(ndjson(piece.map(({ f, at }) => fullService(f, at)))),
        geojson.write(from === 0 ? `${collectionStart(head)}${features}` : `,\n${features}`),
        this.#national.write(national),
      ]);
    }
    for (const type of ["Organization", "Location", "HealthcareService"] as const) {
      const [{ path }] = await fhir[type].close((sha256) => fhirBulkFile(type, slug, sha256));
      this.#byType[type].push({ type, url: this.#url(path), count: facts.length });
    }
    const [{ path: dumpPath }] = await dump.close(() => hsdsNdjsonFile(slug));
    this.#dumps.push({ state: slug, url: this.#url(dumpPath), count: facts.length });

    await geojson.write(`\n${COLLECTION_END}`);
    const [geo] = await geojson.close(() => geojsonStateFile(slug));
    this.#geojson.push({
      state: slug,
      path: geo.path,
      bytes: geo.bytes,
      sha256: geo.sha256,
      rows: facts.length,
    });

    const at = this.#pages.byState.get(slug) ?? { first: 1, count: 0 };
    for (let p = 0; p < at.count; p++) {
      const items = facts.slice(p * SERVICES_PAGE_SIZE, (p + 1) * SERVICES_PAGE_SIZE).map(serviceListItem);
      await out.json(
        hsdsPageFile(at.first + p),
        servicesPage({ number: at.first + p, total: this.#pages.total, items }),
      );
    }
  }

  /** When a clinic last changed: the generation time of its unit's stamp. */
  #lastChanged(id: string): string {
    const decision = this.#ledger.decided(clinicUnits, id);
    if (!decision) throw new Error(`the standards need clinic ${id}'s unit decided first`);
    return decision.ctx.generatedAt;
  }

  /**
   * The networks' Organizations, the Bulk Publish manifest, the HSDS root document, the end of the nation's GeoJSON
   * and its `-latest` alias; returns the GeoJSON files (the nation's first) for the downloads' manifest.
   */
  async finish(): Promise<GeoJsonFile[]> {
    const ctx = this.#ctx;
    const out = this.#out;
    const synthetic = this.#synthetic;
    const bulk: BulkOutput[] = [];
    const networks = this.#summary.networks.map((n) => ({
      slug: n.slug,
      name: n.name,
      wikidata: n.wikidata,
    }));
    if (networks.length > 0) {
      const text = ndjson(networks.map((n) => fhirNetwork(n, synthetic)));
      const path = fhirBulkFile("Organization", "networks", sha256(text));
      await out.add(path, text);
      bulk.push({ type: "Organization", url: this.#url(path), count: networks.length });
    }
    bulk.push(...this.#byType.Organization, ...this.#byType.Location, ...this.#byType.HealthcareService);
    await out.json(
      BULK_PUBLISH_FILE,
      bulkPublishManifest({
        transactionTime: ctx.generatedAt,
        output: bulk,
        synthetic,
        syntheticUrl: `${ctx.siteUrl}/${FHIR_DIR}/StructureDefinition/synthetic`,
      }),
    );

    await out.json(
      HSDS_ROOT_FILE,
      hsdsRoot({
        openapiUrl: HSDS_OPENAPI,
        synthetic,
        description: `${synthetic ? "Synthetic sample data (fictional clinics). " : ""}Walk-in urgent care clinics of the United States, as Open Referral HSDS 3.0 static files: query parameters are not honoured; the pages and per-state NDJSON dumps below are what a static host offers instead.`,
        services: {
          first_page: this.#url(`${HSDS_DIR}/services`),
          page_template: this.#url(`${HSDS_DIR}/services/page-{n}.json`),
          item_template: this.#url(`${HSDS_DIR}/services/{id}.json`),
          total_pages: this.#pages.total,
          total_items: this.#summary.clinics,
        },
        ndjson: this.#dumps,
        networks: networks.map((n) => hsdsNetwork(n, synthetic)),
        license: { id: LICENSE.id, url: LICENSE.url },
        attribution: ctx.attribution,
        dataVersion: ctx.dataset.dataVersion,
      }),
    );

    const rows = this.#nationalRows;
    await this.#national.write(`${rows > 0 ? "\n" : ""}${COLLECTION_END}`);
    const files = await this.#national.close(() => this.#nationalPath);
    await out.alias(`${DOWNLOADS_DIR}/${latestName("geojson")}`, files);
    const main = files[0];
    return [
      ...(main
        ? [{ state: null, path: this.#nationalPath, bytes: main.bytes, sha256: main.sha256, rows }]
        : []),
      ...this.#geojson,
    ];
  }
}

/** A FeatureCollection's head: its name, the synthetic label, the licence and the credit line. */
function collectionHead(ctx: BuildContext, name: string): CollectionHead {
  return { name, synthetic: ctx.dataset.source.synthetic, license: LICENSE.id, attribution: ctx.attribution };
}
