// A small build's standards files, as published: every FHIR resource (the Bulk Publish manifest's NDJSON files),
// every HSDS document (root, /services pages, each service, the NDJSON dumps) and every
// GeoJSON collection passes the independent validators; each clinic's NPI, position, phone and hours read the same
// in our JSON, FHIR, HSDS and GeoJSON; the manifests' counts and checksums are the files'; and our server sends each
// with its media type.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningServer, startServer } from "@urgent-care-directory/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWeekly } from "../../src/dataset/hours-text.js";
import { fromRecords } from "../../src/dataset/store.js";
import { renderSite } from "../../src/render/build.js";
import type { ClinicDocument } from "../../src/schema/clinic-document.js";
import type { Hours, WeeklyHours } from "../../src/schema/hours.js";
import { WEEKDAYS } from "../../src/schema/hours.js";
import type { IndexDocument } from "../../src/schema/index-document.js";
import { request } from "../helpers/http.js";
import { API_BUILD, tempDir } from "../helpers/sample-site.js";
import { EDGE_NPI, edgeRecords } from "../helpers/standards-fixture.js";
import { fhirProblems, geojsonProblems, hsdsProblems } from "../helpers/standards-validators.js";

type Json = Record<string, unknown>;
type Resource = Json & { resourceType: string; id: string };

let tmp: Awaited<ReturnType<typeof tempDir>>;
let out = "";
let server: RunningServer;
const read = (path: string) => readFileSync(join(out, path), "utf8");
const lines = (path: string) =>
  read(path)
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Json);
const local = (url: string) => decodeURI(new URL(url).pathname).slice(1);

beforeAll(async () => {
  tmp = await tempDir();
  out = join(tmp.dir, "public");
  await renderSite(fromRecords(edgeRecords()), out, API_BUILD);
  server = await startServer({ dir: out, port: 0 });
});
afterAll(async () => {
  await server?.close();
  await tmp?.cleanup();
});

/** Every clinic's API document, by id. */
function clinics(): Map<string, ClinicDocument["clinic"]> {
  const dir = join(out, "api/v1/clinic");
  return new Map(
    readdirSync(dir).map((f) => {
      const doc = JSON.parse(readFileSync(join(dir, f), "utf8")) as ClinicDocument;
      return [doc.id, doc.clinic];
    }),
  );
}

/** Bulk Publish: the manifest's files by resource type, each resource by id. */
function bulk(): Map<string, Map<string, Resource>> {
  const manifest = JSON.parse(read("fhir/r4/$bulk-publish")) as {
    output: { type: string; url: string; count: number }[];
  };
  const byType = new Map<string, Map<string, Resource>>();
  for (const f of manifest.output) {
    const resources = lines(local(f.url)) as Resource[];
    expect(resources, f.url).toHaveLength(f.count);
    const map = byType.get(f.type) ?? new Map<string, Resource>();
    for (const r of resources) {
      expect(r.resourceType, f.url).toBe(f.type);
      map.set(r.id, r);
    }
    byType.set(f.type, map);
  }
  return byType;
}

describe("FHIR R4 Bulk Publish", () => {
  it("passes Medplum's validator (Plan-Net profiles) and HL7's JSON Schema, every resource", () => {
    const problems: string[] = [];
    let count = 0;
    const byType = bulk();
    for (const map of byType.values())
      for (const r of map.values()) {
        count++;
        for (const p of fhirProblems(r)) problems.push(`${r.resourceType}/${r.id}: ${p}`);
      }
    expect(problems).toEqual([]);
    const n = clinics().size;
    expect(byType.get("Location")?.size).toBe(n);
    expect(byType.get("HealthcareService")?.size).toBe(n);
    // One Organization per clinic (its operator) and per network.
    expect((byType.get("Organization")?.size ?? 0) - n).toBeGreaterThan(0);
    expect(count).toBe((byType.get("Organization")?.size ?? 0) + 2 * n);
  });

  it("catches a resource that breaks the profile or the base specification", () => {
    const location = [...(bulk().get("Location")?.values() ?? [])][0] as Resource;
    const service = [...(bulk().get("HealthcareService")?.values() ?? [])][0] as Resource;
    expect(fhirProblems({ ...location, status: "suspended" }).join("\n")).toMatch(/status/);
    expect(fhirProblems({ ...service, availableTime: [{ daysOfWeek: ["monday"] }] }).join("\n")).toMatch(
      /daysOfWeek/,
    );
    expect(fhirProblems({ ...location, position: { latitude: 30 } }).join("\n")).toMatch(/longitude/);
    expect(fhirProblems({ ...location, meta: { profile: ["http://example.org/other"] } }).join("\n")).toMatch(
      /does not have/,
    );
  });

  it("tags every resource of the synthetic sample, and says so in the manifest", () => {
    for (const map of bulk().values())
      for (const r of map.values())
        expect(
          (r.meta as { tag?: { code: string }[] }).tag?.map((t) => t.code),
          r.id,
        ).toEqual(["HTEST"]);
    expect(read("fhir/r4/$bulk-publish")).toContain('"valueBoolean":true');
  });
});

describe("HSDS 3.0", () => {
  it("passes Open Referral's schemas: root, every page, every service, every NDJSON line", () => {
    const problems: string[] = [];
    const root = JSON.parse(read("hsds/index.json")) as {
      synthetic: boolean;
      services: { total_pages: number; total_items: number };
      ndjson: { url: string; count: number }[];
    };
    problems.push(...hsdsProblems("root", root).map((p) => `root: ${p}`));
    expect(root.synthetic).toBe(true);
    const listed: string[] = [];
    for (let n = 1; n <= root.services.total_pages; n++) {
      const path = n === 1 ? "hsds/services/index.json" : `hsds/services/page-${n}.json`;
      const page = JSON.parse(read(path)) as { page_number: number; contents: { id: string }[] };
      problems.push(...hsdsProblems("page", page).map((p) => `${path}: ${p}`));
      expect(page.page_number).toBe(n);
      listed.push(...page.contents.map((c) => c.id));
    }
    expect(listed).toHaveLength(root.services.total_items);
    expect(new Set(listed).size).toBe(listed.length);
    const dumped: string[] = [];
    for (const d of root.ndjson) {
      const services = lines(local(d.url));
      expect(services).toHaveLength(d.count);
      for (const s of services) {
        problems.push(...hsdsProblems("service", s).map((p) => `${d.url} ${s.id}: ${p}`));
        // The service's own document is the dump's line.
        expect(read(`hsds/services/${s.id}.json`)).toBe(JSON.stringify(s));
        dumped.push(s.id as string);
      }
    }
    expect(dumped.sort()).toEqual([...listed].sort());
    expect(problems).toEqual([]);
  });
});

describe("GeoJSON", () => {
  it("passes RFC 7946 (check-geojson), and the manifest's sizes and SHA-256 are the files'", async () => {
    const { createHash } = await import("node:crypto");
    const manifest = JSON.parse(read("downloads/manifest.json")) as {
      files: { format: string; name: string; bytes: number; sha256: string; rows: number }[];
      geojson_states: { url: string; bytes: number; sha256: string; rows: number }[];
    };
    const national = manifest.files.find((f) => f.format === "geojson");
    expect(national).toBeDefined();
    const files = [
      { path: `downloads/${national?.name}`, ...national },
      ...manifest.geojson_states.map((s) => ({ path: local(s.url), ...s })),
    ];
    let features = 0;
    for (const f of files) {
      const bytes = readFileSync(join(out, f.path));
      expect(bytes.length, f.path).toBe(f.bytes);
      expect(createHash("sha256").update(bytes).digest("hex"), f.path).toBe(f.sha256);
      expect(geojsonProblems(bytes.toString("utf8")), f.path).toEqual([]);
      const fc = JSON.parse(bytes.toString("utf8")) as { features: unknown[]; synthetic: boolean };
      expect(fc.features, f.path).toHaveLength(f.rows as number);
      expect(fc.synthetic).toBe(true);
      if (f.path !== files[0]?.path) features += fc.features.length;
    }
    expect(features).toBe(national?.rows);
    expect(national?.rows).toBe(clinics().size);
  });
});

/** A clinic's hours as a set of `day open close` periods, `24:00` written `00:00` and the whole day `all`. */
function periodsOfApi(hours: Hours | null): string[] | null {
  if (!hours) return null;
  const out: string[] = [];
  for (const d of WEEKDAYS)
    for (const p of (hours.weekly as WeeklyHours)[d] ?? [])
      out.push(
        p.open === "00:00" && p.close === "24:00"
          ? `${d} all`
          : `${d} ${p.open} ${p.close === "24:00" ? "00:00" : p.close}`,
      );
  return out.sort();
}

/** FHIR's availableTime or hoursOfOperation as the same periods. */
function periodsOfFhir(slots: Json[] | undefined, start: string, end: string): string[] | null {
  if (!slots) return null;
  return slots
    .flatMap((s) =>
      (s.daysOfWeek as string[]).map((d) =>
        s.allDay ? `${d} all` : `${d} ${(s[start] as string).slice(0, 5)} ${(s[end] as string).slice(0, 5)}`,
      ),
    )
    .sort();
}

const RFC5545 = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];

/** HSDS schedule rows as the same periods. */
function periodsOfHsds(rows: Json[]): string[] | null {
  if (rows.length === 0) return null;
  return rows
    .flatMap((r) =>
      (r.byday as string).split(",").map((code) => {
        const d = WEEKDAYS[RFC5545.indexOf(code)];
        return r.opens_at === "00:00" && r.closes_at === "00:00"
          ? `${d} all`
          : `${d} ${r.opens_at} ${r.closes_at}`;
      }),
    )
    .sort();
}

describe("one clinic, four formats", () => {
  it("gives every clinic the same NPI, position, phone and hours in our JSON, FHIR, HSDS and GeoJSON", () => {
    const byType = bulk();
    const features = new Map(
      (JSON.parse(read("downloads/urgent-care-clinics-latest.geojson")) as { features: Json[] }).features.map(
        (f) => [f.id as string, f],
      ),
    );
    const all = clinics();
    const edge = [...all.values()].find((c) => c.npi === EDGE_NPI);
    expect(edge, "the edge case with an NPI").toBeDefined();
    let compared = 0;
    for (const [id, c] of all) {
      const ours = {
        npi: c.npi,
        position: c.coordinates ? c.coordinates.split(",").map(Number) : null,
        phone: c.phone,
        hours: periodsOfApi(c.hours),
      };
      const org = byType.get("Organization")?.get(id) as Json;
      const location = byType.get("Location")?.get(id) as Json;
      const service = byType.get("HealthcareService")?.get(id) as Json;
      const position = location.position as { latitude: number; longitude: number } | undefined;
      const phoneOf = (r: Json) =>
        ((r.telecom as { system: string; value: string }[] | undefined) ?? []).find(
          (t) => t.system === "phone",
        )?.value ?? null;
      const fhir = {
        npi:
          ((org.identifier as { system: string; value: string }[] | undefined) ?? []).find(
            (i) => i.system === "http://hl7.org/fhir/sid/us-npi",
          )?.value ?? null,
        position: position ? [position.latitude, position.longitude] : null,
        phone: phoneOf(location),
        hours: periodsOfFhir(location.hoursOfOperation as Json[] | undefined, "openingTime", "closingTime"),
      };
      expect(fhir, `FHIR ${id}`).toEqual(ours);
      expect(phoneOf(service), `HealthcareService ${id}`).toBe(ours.phone);
      expect(
        periodsOfFhir(service.availableTime as Json[] | undefined, "availableStartTime", "availableEndTime"),
      ).toEqual(ours.hours);

      const hsdsId = new URL(c.url).pathname; // the service's page is its location's url
      const dump = lines(`hsds/ndjson/${new URL(c.url).pathname.split("/")[2]}.ndjson`).find(
        (s) => ((s.service_at_locations as Json[])[0]?.location as Json | undefined)?.url === c.url,
      ) as Json;
      expect(dump, hsdsId).toBeDefined();
      const sal = (dump.service_at_locations as Json[])[0] as Json;
      const loc = sal.location as Json;
      const identifiers = ((dump.organization as Json).organization_identifiers as Json[] | undefined) ?? [];
      const hsds = {
        npi: (identifiers[0]?.identifier as string | undefined) ?? null,
        position: loc.latitude === undefined ? null : [loc.latitude, loc.longitude],
        phone: ((dump.phones as Json[])[0]?.number as string | undefined) ?? null,
        hours: periodsOfHsds(sal.schedules as Json[]),
      };
      expect(hsds, `HSDS ${id}`).toEqual(ours);

      const feature = features.get(id) as Json;
      const props = feature.properties as Json;
      const geometry = feature.geometry as { coordinates: number[] } | null;
      const text = props.hours as string | null;
      const parsed = text ? parseWeekly(text) : null;
      const geo = {
        npi: props.npi,
        position: geometry ? [geometry.coordinates[1], geometry.coordinates[0]] : null,
        phone: props.phone,
        hours:
          parsed && "weekly" in parsed
            ? periodsOfApi({
                timezone: props.timezone as string,
                open_24_hours: false,
                weekly: parsed.weekly,
              })
            : null,
      };
      expect(geo, `GeoJSON ${id}`).toEqual(ours);
      compared++;
    }
    expect(compared).toBe(all.size);
  });
});

describe("served", () => {
  it("sends each file with its media type, and /hsds and /hsds/services as their index.json", async () => {
    const index = JSON.parse(read("api/v1/index.json")) as IndexDocument;
    const s = index.standards;
    const ndjson = readdirSync(join(out, "fhir/r4/bulk")).find((f) => f.endsWith(".ndjson"));
    const cases: [string, string][] = [
      [new URL(s.fhir.bulk_publish_url).pathname, "application/json; charset=utf-8"],
      [`/fhir/r4/bulk/${ndjson}`, "application/fhir+ndjson; charset=utf-8"],
      [new URL(s.geojson.latest_url).pathname, "application/geo+json; charset=utf-8"],
      [new URL(s.hsds.root_url).pathname, "application/json; charset=utf-8"],
      [new URL(s.hsds.services_url).pathname, "application/json; charset=utf-8"],
      ["/hsds/ndjson/vermont.ndjson", "application/x-ndjson; charset=utf-8"],
    ];
    for (const [path, type] of cases) {
      const res = await request(server.url, path);
      expect(res.status, path).toBe(200);
      expect(res.headers["content-type"], path).toBe(type);
    }
    const page = JSON.parse((await request(server.url, "/hsds/services")).body.toString()) as {
      page_number: number;
    };
    expect(page.page_number).toBe(1);
  });
});
