// The standards' builders on a small build's clinics and on edge cases (overnight and all-day hours, unknown hours,
// no position, an approximate one, an NPI, no street): hours as FHIR times and RFC 5545 rows, the manifest's shape;
// every HSDS document and GeoJSON collection passes the independent validators (test/helpers/standards-validators.ts),
// and they catch a broken one. FHIR is validated in test/standards/published.test.ts, on every resource of a build.
import { beforeAll, describe, expect, it } from "vitest";
import { fromRecords } from "../../src/dataset/store.js";
import { createContext } from "../../src/render/context.js";
import { bulkPublishManifest } from "../../src/render/fhir/manifest.js";
import { clinicLocation, clinicOrganization, clinicService } from "../../src/render/fhir/resources.js";
import { clinicFeature, collectionText } from "../../src/render/geojson/features.js";
import { groupState } from "../../src/render/group.js";
import { hsdsRoot, servicesPage } from "../../src/render/hsds/documents.js";
import {
  fullService,
  networkOrganization as hsdsNetwork,
  serviceListItem,
} from "../../src/render/hsds/service.js";
import { type ClinicFacts, stateFacts } from "../../src/render/standards/facts.js";
import { summarise } from "../../src/render/summary.js";
import { Checker } from "../../src/render/validate.js";
import { SAMPLE_BUILD } from "../helpers/sample-site.js";
import { EDGE_NPI, edgeRecords } from "../helpers/standards-fixture.js";
import { geojsonProblems, hsdsProblems } from "../helpers/standards-validators.js";

const AT = "2026-05-01T06:00:00Z";

const facts: ClinicFacts[] = [];
let networks: { slug: string; name: string; wikidata: string | null }[] = [];

beforeAll(async () => {
  const dataset = fromRecords(edgeRecords());
  const summary = await summarise(dataset, new Checker());
  const ctx = createContext(dataset, SAMPLE_BUILD);
  for (const state of summary.states) {
    const group = groupState(ctx, state, await dataset.clinics.load(state.state.code));
    facts.push(...stateFacts(summary, group, dataset.source.synthetic));
  }
  networks = summary.networks.map((n) => ({ slug: n.slug, name: n.name, wikidata: n.wikidata }));
  expect(facts.length).toBeGreaterThan(40);
});

describe("FHIR R4", () => {
  it("writes hours as FHIR times: overnight, midnight and all-day periods", () => {
    const f = facts.find((x) => x.npi === EDGE_NPI) as ClinicFacts;
    expect(clinicService(f, AT).availableTime).toEqual([
      { daysOfWeek: ["mon", "wed"], availableStartTime: "08:00:00", availableEndTime: "00:00:00" },
      { daysOfWeek: ["tue"], availableStartTime: "08:00:00", availableEndTime: "12:30:00" },
      { daysOfWeek: ["tue"], availableStartTime: "13:30:00", availableEndTime: "19:00:00" },
      { daysOfWeek: ["fri"], availableStartTime: "20:00:00", availableEndTime: "02:00:00" },
      { daysOfWeek: ["sat"], allDay: true },
    ]);
    expect(clinicService(f, AT).availabilityExceptions).toBe("Hours not known on Thursday.");
    expect(clinicLocation(f, AT).availabilityExceptions).toBe("Hours not known on Thursday.");
    expect(clinicOrganization(f, AT).identifier).toEqual([
      expect.objectContaining({ system: "http://hl7.org/fhir/sid/us-npi", value: EDGE_NPI }),
    ]);
  });

  it("makes a Bulk Publish manifest of the HL7 Bulk Data IG's shape", () => {
    const m = bulkPublishManifest({
      transactionTime: AT,
      output: [{ type: "Location", url: "https://example.org/fhir/r4/Location.ndjson", count: 3 }],
      synthetic: true,
      syntheticUrl: "https://example.org/fhir/r4/StructureDefinition/synthetic",
    });
    expect(Object.keys(m)).toEqual([
      "manifestType",
      "extension",
      "transactionTime",
      "requiresAccessToken",
      "outputFormat",
      "output",
    ]);
  });
});

describe("HSDS 3.0 (Open Referral's JSON Schemas)", () => {
  it("passes every fully nested service, a /services page and the root document", () => {
    const problems: string[] = [];
    for (const f of facts)
      for (const p of hsdsProblems("service", fullService(f, AT))) problems.push(`${f.id}: ${p}`);
    const page = servicesPage({ number: 1, total: 1, items: facts.map(serviceListItem) });
    for (const p of hsdsProblems("page", page)) problems.push(`page: ${p}`);
    const root = hsdsRoot({
      openapiUrl: "https://example.org/openapi.json",
      synthetic: true,
      description: "test",
      services: {
        first_page: "https://example.org/hsds/services/",
        page_template: "https://example.org/hsds/services/page-{n}.json",
        item_template: "https://example.org/hsds/services/{id}.json",
        total_pages: 1,
        total_items: facts.length,
      },
      ndjson: [],
      networks: networks.map((n) => hsdsNetwork(n, true)),
      license: { id: "CC-BY-4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
      attribution: "test",
      dataVersion: "2026-05-01",
    });
    for (const p of hsdsProblems("root", root)) problems.push(`root: ${p}`);
    expect(problems).toEqual([]);
  });

  it("writes hours as schedule rows with RFC 5545 rules", () => {
    const f = facts.find((x) => x.npi === EDGE_NPI) as ClinicFacts;
    const rows = (fullService(f, AT).service_at_locations as { schedules: Record<string, unknown>[] }[])[0]
      ?.schedules;
    expect(rows?.map((r) => [r.freq, r.byday, r.opens_at, r.closes_at])).toEqual([
      ["WEEKLY", "MO,WE", "08:00", "00:00"],
      ["WEEKLY", "TU", "08:00", "12:30"],
      ["WEEKLY", "TU", "13:30", "19:00"],
      ["WEEKLY", "FR", "20:00", "02:00"],
      ["WEEKLY", "SA", "00:00", "00:00"],
    ]);
  });

  it("catches a document that breaks the schema", () => {
    const f = facts[0] as ClinicFacts;
    expect(hsdsProblems("service", { ...fullService(f, AT), id: "k3v9q2m7x1ab" }).join("\n")).toMatch(/uuid/);
    expect(hsdsProblems("service", { ...fullService(f, AT), status: "open" }).join("\n")).toMatch(
      /allowed values/,
    );
  });
});

describe("GeoJSON (RFC 7946, @placemarkio/check-geojson)", () => {
  const head = { name: "test", synthetic: true, license: "CC-BY-4.0", attribution: "test" };
  it("passes a FeatureCollection of every clinic, positions as [longitude, latitude]", () => {
    const text = collectionText(
      head,
      facts.map((f) => JSON.stringify(clinicFeature(f))),
    );
    expect(geojsonProblems(text)).toEqual([]);
    const fc = JSON.parse(text) as { features: { geometry: { coordinates: number[] } | null }[] };
    expect(fc.features).toHaveLength(facts.length);
    expect(fc.features.filter((x) => x.geometry === null)).toHaveLength(
      facts.filter((f) => !f.position).length,
    );
    const first = facts.find((f) => f.position) as ClinicFacts;
    expect(clinicFeature(first).geometry?.coordinates).toEqual([
      first.position?.longitude,
      first.position?.latitude,
    ]);
  });

  it("catches a collection that breaks RFC 7946", () => {
    const f = facts.find((x) => x.position) as ClinicFacts;
    const feature = clinicFeature(f);
    const flat = { ...feature, geometry: { type: "Point", coordinates: [feature.geometry?.coordinates[0]] } };
    expect(geojsonProblems(collectionText(head, [JSON.stringify(flat)]))).not.toEqual([]);
    const { properties: _p, ...bare } = feature;
    expect(geojsonProblems(collectionText(head, [JSON.stringify(bare)]))).not.toEqual([]);
  });
});
