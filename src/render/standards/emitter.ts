import { createHash } from "node:crypto";
import { createGzip } from "node:zlib";
import { LICENSE } from "../context.js";
import { DOWNLOADS_DIR, datedName, latestName } from "../downloads/names.js";
import type { Emitter } from "../emitter.js";
import { type BulkOutput, bulkPublishManifest } from "../fhir/manifest.js";
import {
  clinicLocation,
  clinicOrganization,
  clinicService,
  networkOrganization as fhirNetwork,
} from "../fhir/resources.js";
import { COLLECTION_END, type CollectionHead, clinicFeature, collectionStart } from "../geojson/features.js";
import { HSDS_OPENAPI, hsdsRoot, SERVICES_PAGE_SIZE, servicePages, servicesPage } from "../hsds/documents.js";
import { fullService, networkOrganization as hsdsNetwork, serviceListItem } from "../hsds/service.js";
import { gzipLevel } from "../output/compress.js";
import type { FileSink, OutputWriter } from "../output/writer.js";
import { writeClinicStandards } from "./clinic-files.js";
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

/** A GeoJSON file of the downloads, as the manifest lists it. */
export interface GeoJsonFile {
  /** The US state's slug; null for the nation. */
  state: string | null;
  path: string;
  bytes: number;
  sha256: string;
  rows: number;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** NDJSON text of resources: one per LF-terminated line. */
const ndjson = (docs: readonly unknown[]) => lines(docs.map((d) => JSON.stringify(d)));

/** NDJSON text of serialised documents. */
const lines = (texts: readonly string[]) => texts.map((t) => `${t}\n`).join("");

/** A clinic's documents, serialised. */
interface Texts {
  organization: string;
  location: string;
  healthcareService: string;
  service: string;
}

/**
 * The standards' files (docs/fhir.md, docs/hsds.md, docs/geojson.md): per clinic, its HSDS service
 * (files of its unit, written when the plan renders it); per US state, the FHIR bulk NDJSON files (Organization,
 * Location, HealthcareService), the HSDS NDJSON dump and `/services` pages, and the GeoJSON collection; then the
 * networks' Organizations, the Bulk Publish manifest, the HSDS root document and the national GeoJSON (a dated
 * download and its `-latest` alias, with a `.gz`). Every resource shows when its clinic last changed (the stamp of
 * its unit), so a file none of whose clinics changed keeps its bytes and is not written again. Publishes the GeoJSON
 * files for the downloads' manifest.
 */
export const standardsEmitter: Emitter = (run) => {
  const { ctx, out, summary, plan } = run;
  const synthetic = ctx.dataset.source.synthetic;
  const pages = servicePages(summary.states.map((s) => ({ slug: s.state.slug, clinics: s.clinics })));
  const bulk: BulkOutput[] = [];
  const byType: Record<BulkOutput["type"], BulkOutput[]> = {
    Organization: [],
    Location: [],
    HealthcareService: [],
  };
  const dumps: { state: string; url: string; count: number }[] = [];
  const geojson: GeoJsonFile[] = [];
  const head = (name: string): CollectionHead => ({
    name,
    synthetic,
    license: LICENSE.id,
    attribution: ctx.attribution,
  });
  const nationalPath = `${DOWNLOADS_DIR}/${datedName(ctx.dataset.dataVersion, "geojson")}`;
  const national = openNational(
    run.out,
    nationalPath,
    collectionStart(head("Urgent care clinics, United States")),
  );
  let nationalRows = 0;
  const url = (path: string) => `${ctx.siteUrl}/${path}`;

  return {
    async state(group) {
      const slug = group.state.state.slug;
      const facts = stateFacts(summary, group, synthetic);
      // Each clinic's resources serialised once: its own files (when its unit renders) and its lines of the bulk files.
      const clinics = facts.map((f) => {
        const at = plan.decision("clinic", f.id).ctx.generatedAt;
        return {
          organization: JSON.stringify(clinicOrganization(f, at)),
          location: JSON.stringify(clinicLocation(f, at)),
          healthcareService: JSON.stringify(clinicService(f, at)),
          service: JSON.stringify(fullService(f, at)),
        };
      });
      for (const [i, f] of facts.entries())
        if (plan.decision("clinic", f.id).render) await writeClinicStandards(out, f.id, clinics[i] as Texts);
      if (facts.length === 0) return;

      const resources: [BulkOutput["type"], keyof Texts][] = [
        ["Organization", "organization"],
        ["Location", "location"],
        ["HealthcareService", "healthcareService"],
      ];
      for (const [type, key] of resources) {
        const text = lines(clinics.map((c) => c[key]));
        const path = fhirBulkFile(type, slug, sha256(text));
        await out.add(path, text);
        byType[type].push({ type, url: url(path), count: clinics.length });
      }

      const dump = hsdsNdjsonFile(slug);
      await out.add(dump, lines(clinics.map((c) => c.service)));
      dumps.push({ state: slug, url: url(dump), count: facts.length });
      const at = pages.byState.get(slug) ?? { first: 1, count: 0 };
      for (let p = 0; p < at.count; p++) {
        const items = facts.slice(p * SERVICES_PAGE_SIZE, (p + 1) * SERVICES_PAGE_SIZE).map(serviceListItem);
        await out.json(
          hsdsPageFile(at.first + p),
          servicesPage({ number: at.first + p, total: pages.total, items }),
        );
      }

      const features = facts.map((f) => JSON.stringify(clinicFeature(f)));
      const text = `${collectionStart(head(`Urgent care clinics, ${group.state.state.name}`))}${features.join(",\n")}\n${COLLECTION_END}`;
      const path = geojsonStateFile(slug);
      await out.add(path, text);
      geojson.push({
        state: slug,
        path,
        bytes: Buffer.byteLength(text),
        sha256: sha256(text),
        rows: facts.length,
      });
      await (await national).write(`${nationalRows > 0 ? ",\n" : ""}${features.join(",\n")}`);
      nationalRows += features.length;
    },

    async finish() {
      const networks = summary.networks.map((n) => ({ slug: n.slug, name: n.name, wikidata: n.wikidata }));
      if (networks.length > 0) {
        const text = ndjson(networks.map((n) => fhirNetwork(n, synthetic)));
        const path = fhirBulkFile("Organization", "networks", sha256(text));
        await out.add(path, text);
        bulk.push({ type: "Organization", url: url(path), count: networks.length });
      }
      bulk.push(...byType.Organization, ...byType.Location, ...byType.HealthcareService);
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
            first_page: url(`${HSDS_DIR}/services`),
            page_template: url(`${HSDS_DIR}/services/page-{n}.json`),
            item_template: url(`${HSDS_DIR}/services/{id}.json`),
            total_pages: pages.total,
            total_items: summary.clinics,
          },
          ndjson: dumps,
          networks: networks.map((n) => hsdsNetwork(n, synthetic)),
          license: { id: LICENSE.id, url: LICENSE.url },
          attribution: ctx.attribution,
          dataVersion: ctx.dataset.dataVersion,
        }),
      );

      const done = await (await national).close(`${nationalRows > 0 ? "\n" : ""}${COLLECTION_END}`);
      await out.alias(`${DOWNLOADS_DIR}/${latestName("geojson")}`, done.files);
      const main = done.files[0];
      if (main)
        geojson.unshift({
          state: null,
          path: nationalPath,
          bytes: main.bytes,
          sha256: main.sha256,
          rows: nationalRows,
        });
      run.published.geojson = geojson;
    },
  };
};

/** The national GeoJSON, streamed with its `.gz` sibling (no `.br`: a download, as the others). */
async function openNational(out: OutputWriter, path: string, start: string) {
  const file: FileSink = await out.stream(path);
  const gzFile: FileSink = await out.stream(`${path}.gz`);
  const gzip = createGzip({ level: gzipLevel(out.compression) });
  const pending: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => pending.push(chunk));
  const flush = async () => {
    while (pending.length) await gzFile.write(pending.shift() as Buffer);
  };
  const write = async (text: string) => {
    await file.write(text);
    gzip.write(text);
    await flush();
  };
  await write(start);
  return {
    write,
    async close(end: string) {
      await file.write(end);
      const ended = new Promise<void>((resolve, reject) => {
        gzip.once("end", resolve);
        gzip.once("error", reject);
      });
      gzip.end(end);
      await ended;
      await flush();
      return { files: [...(await file.close()), ...(await gzFile.close())] };
    },
  };
}
