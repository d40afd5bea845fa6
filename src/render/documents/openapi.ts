import { z } from "zod";
import "../../schema/index.js"; // registers every component schema
import type { BuildContext } from "../context.js";
import { LICENSE, SERVICE_NAME } from "../context.js";
import { ENDPOINTS } from "../endpoints.js";
import { standardsLinks } from "../standards/links.js";

export type Json = Record<string, unknown>;

const DESCRIPTION = `Read-only public JSON API for a directory of US urgent care clinics, published as static documents.

**Conventions.** Every operation is a GET (HEAD also works) of a document whose path ends in \`.json\`; no query parameters are defined and unknown ones are ignored. Every document carries \`meta\` with the data release (\`data_version\`), the generation time, the source, whether the data is synthetic, the licence and the attribution line.

**Errors.** Every error has a JSON body \`{status, code, message}\` (schema \`Error\`): 404 for an unknown path, state or city; 405 with an \`Allow\` header for methods other than GET, HEAD and OPTIONS; 400 for a malformed request path.

**Caching.** Responses carry a strong \`ETag\` (a hash of the content) and \`Cache-Control\`; send \`If-None-Match\` to get 304. Bodies are served with brotli or gzip when \`Accept-Encoding\` allows, with \`Vary: Accept-Encoding\`.

**CORS.** \`Access-Control-Allow-Origin: *\` on every response; preflight \`OPTIONS\` is answered with 204.

**Versioning.** The major version is in the path (\`/api/v1\`). Within v1 fields are only added, never removed or retyped: clients must ignore fields they do not know. A breaking change would be published under \`/api/v2\`, with v1 kept for at least 12 months after v2's release and its retirement announced in \`index.json\`.

**Licence.** Data CC-BY-4.0: credit the service and the year of the data, link to the site, and say whether you changed the data. SDKs are MIT.`;

/** Where the bulk downloads of the build are; the OpenAPI document points to them as external documentation. */
export interface DownloadsDocs {
  manifestUrl: string;
  licenseUrl: string;
}

/**
 * The standards' bases (outside the API, no operations), as tags with their external documentation: FHIR's Bulk
 * Publish manifest, HSDS's root document, the national GeoJSON.
 */
function standardsTags(ctx: BuildContext): Json[] {
  const s = standardsLinks(ctx);
  return [
    {
      name: "fhir",
      description: `FHIR R4 Bulk Publish (HL7 Bulk Data Access IG) at ${s.fhir.base_url}: Organization, Location and HealthcareService as NDJSON (application/fhir+ndjson), Plan-Net 1.2.0 profiles. Static files: no FHIR search or read interactions.`,
      externalDocs: { description: "The Bulk Publish manifest", url: s.fhir.bulk_publish_url },
    },
    {
      name: "hsds",
      description: `Open Referral HSDS ${s.hsds.version} at ${s.hsds.base_url}: the root document, /services pages, /services/{id} (with .json) and per-state NDJSON dumps. Static files: query parameters are not honoured.`,
      externalDocs: { description: "The HSDS root document", url: s.hsds.root_url },
    },
    {
      name: "geojson",
      description: `GeoJSON (RFC 7946) FeatureCollections of the clinics, the nation's (${s.geojson.latest_url}) and each state's (${s.geojson.state_url_template}), among the bulk downloads.`,
      externalDocs: { description: "The nation's GeoJSON, newest release", url: s.geojson.latest_url },
    },
  ];
}

/**
 * OpenAPI 3.0.3 document: components derived from the zod schemas, paths from the endpoint catalogue, and the
 * bulk downloads (not part of the API) as external documentation.
 * @example openApiDocument(ctx, { manifestUrl: `${ctx.siteUrl}/downloads/manifest.json`, licenseUrl: "…" })
 */
export function openApiDocument(ctx: BuildContext, downloads: DownloadsDocs | null): Json {
  const generated = z.toJSONSchema(z.globalRegistry, {
    target: "openapi-3.0",
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> };
  const schemas: Record<string, unknown> = {};
  for (const name of Object.keys(generated.schemas).sort()) schemas[name] = clean(generated.schemas[name]);

  const paths: Json = {};
  for (const e of ENDPOINTS) {
    const ok =
      e.response === "OpenAPI"
        ? {
            description: "The OpenAPI document.",
            content: { "application/json": { schema: { type: "object" } } },
          }
        : {
            description: e.summary,
            headers: {
              ETag: { $ref: "#/components/headers/ETag" },
              "Cache-Control": { $ref: "#/components/headers/CacheControl" },
              "Access-Control-Allow-Origin": { $ref: "#/components/headers/AccessControlAllowOrigin" },
            },
            content: { "application/json": { schema: { $ref: `#/components/schemas/${e.response}` } } },
          };
    const op: Json = {
      operationId: e.operationId,
      summary: e.summary,
      description: e.description,
      tags: [e.relativeTo === "site" ? "meta" : "directory"],
      responses: {
        "200": ok,
        "304": { $ref: "#/components/responses/NotModified" },
        "404": { $ref: "#/components/responses/NotFound" },
      },
    };
    if (e.parameters.length) {
      op.parameters = [
        { $ref: "#/components/parameters/IfNoneMatch" },
        ...e.parameters.map((p) => ({
          name: p.name,
          in: "path",
          required: true,
          description: p.description,
          schema: { type: "string", pattern: p.pattern ?? "^[a-z0-9]+(?:-[a-z0-9]+)*$" },
          example: p.example,
        })),
      ];
    } else op.parameters = [{ $ref: "#/components/parameters/IfNoneMatch" }];
    const item: Json = { get: op };
    if (e.relativeTo === "site")
      item.servers = [{ url: ctx.siteUrl, description: "The site (outside the versioned API)." }];
    paths[e.path] = item;
  }

  const doc: Json = {
    openapi: "3.0.3",
    info: {
      title: `${SERVICE_NAME} API`,
      version: "1.0.0",
      description: DESCRIPTION,
      license: { name: LICENSE.id, url: LICENSE.url },
      contact: { name: SERVICE_NAME, url: ctx.siteUrl },
    },
    externalDocs: {
      description: downloads
        ? `Documentation. The whole data set is also offered as bulk downloads (CSV, JSON, NDJSON, Parquet), outside the API: manifest at ${downloads.manifestUrl}, licence at ${downloads.licenseUrl}.`
        : "Documentation",
      url: `${ctx.siteUrl}/docs/`,
    },
    servers: [{ url: ctx.baseUrl, description: "Version 1 (stable, released 2026-05-01)." }],
    // Public API: no authentication on any operation.
    security: [],
    tags: [
      { name: "directory", description: "States, cities, clinics and networks." },
      { name: "meta", description: "Descriptions of the API itself." },
      ...standardsTags(ctx),
      ...(downloads
        ? [
            {
              name: "downloads",
              description:
                "Bulk downloads of the whole data set (CSV, JSON, NDJSON, Parquet) under /downloads/ on the site. Not part of the API: no operations; the manifest lists every file with its size, SHA-256, rows and typed columns. CSV, JSON and NDJSON are served gzip-compressed to clients that accept gzip (no brotli); Parquet is compressed inside.",
              externalDocs: { description: "Manifest of the bulk downloads", url: downloads.manifestUrl },
            },
          ]
        : []),
    ],
    paths,
    components: {
      schemas,
      parameters: {
        IfNoneMatch: {
          name: "If-None-Match",
          in: "header",
          required: false,
          description: "ETag of a copy you hold; the server answers 304 when it is current.",
          schema: { type: "string" },
        },
      },
      headers: {
        ETag: {
          description: "Strong validator: a hash of the document's content.",
          schema: { type: "string" },
        },
        CacheControl: { description: "Caching policy of the document.", schema: { type: "string" } },
        AccessControlAllowOrigin: { description: "Always `*`.", schema: { type: "string", enum: ["*"] } },
      },
      responses: {
        NotModified: { description: "The copy named by If-None-Match is current; no body." },
        NotFound: {
          description: "No such document (unknown path, state, city, clinic id, network or page).",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    },
  };
  return doc;
}

/**
 * Removes what OpenAPI 3.0 does not allow ($id, $schema) and what would break additive evolution:
 * `additionalProperties: false` (clients must ignore unknown fields) and zod's safe-integer bounds.
 */
function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (node === null || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === "$id" || k === "$schema") continue;
    if (k === "additionalProperties" && v === false) continue;
    if ((k === "minimum" || k === "maximum") && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = clean(v);
  }
  // OpenAPI 3.0: a nullable enum must list null among its values, or validators refuse null.
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null];
  return out;
}
