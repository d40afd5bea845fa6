/**
 * The API reference at /docs/, generated from the OpenAPI document of the same build: every endpoint with a live
 * example link, every field of every schema with its description, error bodies, caching and CORS, the SDK.
 */
import { SERVICE_NAME } from "../../context.js";
import { escapeHtml, type Fragment, type Html, html, raw } from "../html.js";
import { page } from "../layout.js";
import type { SiteContext } from "../site.js";

type Json = Record<string, unknown>;

/**
 * The little Markdown the OpenAPI descriptions use: paragraphs, `**strong**` and `` `code` ``, escaped first.
 * @example markdown("**Caching.** Send `If-None-Match`.") // <p><strong>Caching.</strong> Send <code>If-None-Match</code>.</p>
 */
export function markdown(text: string): Html {
  return raw(
    text
      .split(/\n{2,}/)
      .map(
        (p) =>
          `<p>${escapeHtml(p.trim())
            .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
            .replace(/`([^`]+)`/g, "<code>$1</code>")}</p>`,
      )
      .join("\n"),
  );
}

/** Inline form of a description (one paragraph, no `<p>`). */
function inline(text: unknown): Html {
  if (typeof text !== "string") return html``;
  return raw(
    escapeHtml(text)
      .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
      .replace(/`([^`]+)`/g, "<code>$1</code>")
      .replace(/\n+/g, " "),
  );
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);
const anchor = (name: string) => `schema-${name}`;

function typeOf(s: Json): Fragment {
  if (typeof s.$ref === "string") {
    const name = refName(s.$ref);
    return html`<a href="#${anchor(name)}">${name}</a>`;
  }
  const parts: Fragment[] = [];
  if (Array.isArray(s.allOf) || Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
    const list = ((s.allOf ?? s.anyOf ?? s.oneOf) as Json[]).map(typeOf);
    parts.push(list.flatMap((t, i) => (i ? [" or ", t] : [t])));
  } else if (s.type === "array") {
    parts.push(html`array of ${typeOf((s.items as Json) ?? {})}`);
  } else if (typeof s.type === "string") {
    parts.push(s.type);
    if (typeof s.format === "string") parts.push(` (${s.format})`);
  } else parts.push("any");
  if (Array.isArray(s.enum))
    parts.push(
      html`: one of ${s.enum.flatMap((v, i) => [i ? ", " : "", html`<code>${JSON.stringify(v)}</code>`])}`,
    );
  if (s.nullable === true) parts.push(", or null");
  return parts;
}

interface FieldRow {
  name: string;
  schema: Json;
  required: boolean;
}

/** Every field of an object schema, nested objects flattened with dotted names (`hours.weekly`). */
function fields(schema: Json, prefix = ""): FieldRow[] {
  const rows: FieldRow[] = [];
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const [name, prop] of Object.entries(props)) {
    const full = `${prefix}${name}`;
    rows.push({ name: full, schema: prop, required: required.has(name) });
    if (prop.type === "object" && prop.properties) rows.push(...fields(prop, `${full}.`));
    const items = prop.items as Json | undefined;
    if (prop.type === "array" && items?.type === "object" && items.properties)
      rows.push(...fields(items, `${full}[].`));
  }
  return rows;
}

function schemaSection(name: string, schema: Json): Html {
  const rows = fields(schema);
  return html`<section aria-labelledby="${anchor(name)}"><h3 id="${anchor(name)}">${name}</h3>
${schema.description ? html`<p>${inline(schema.description)}</p>` : ""}${
  rows.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${rows.map(
        (r) =>
          html`<tr><td><code>${r.name}</code>${r.required ? "" : html` <span class="hint">(optional)</span>`}</td><td>${typeOf(r.schema)}</td><td>${inline(r.schema.description)}</td></tr>`,
      )}</tbody></table></div>`
    : html`<p>Type: ${typeOf(schema)}</p>`
}</section>
`;
}

/**
 * Values of the path parameters for the live examples: taken from this build's data, else the OpenAPI example;
 * null when this build has no such document yet (no live link then).
 */
export type ExampleValues = Record<string, string | null>;

function endpointSection(
  site: SiteContext,
  path: string,
  item: Json,
  servers: { base: string; site: string },
  examples: ExampleValues,
  documents: Readonly<Record<string, string | null>>,
): Html {
  const op = (item.get ?? {}) as Json;
  const params = ((op.parameters as Json[] | undefined) ?? []).filter((p) => p.in === "path");
  const onSite = Array.isArray(item.servers);
  const given = documents[path];
  const missing = given === null || params.some((p) => examples[String(p.name)] === null);
  const example =
    given ??
    path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const p = params.find((q) => q.name === name);
      return examples[name] ?? String(p?.example ?? name);
    });
  const absolute = `${onSite ? servers.site : servers.base}${example}`;
  const local = onSite ? site.href(example) : site.apiHref(example);
  const responses = (op.responses ?? {}) as Record<string, Json>;
  const ok = responses["200"] ?? {};
  const okSchema = ((ok.content as Json | undefined)?.["application/json"] as Json | undefined)?.schema as
    | Json
    | undefined;
  const id = `op-${String(op.operationId ?? path)}`;
  return html`<section aria-labelledby="${id}"><h3 id="${id}"><code>GET ${path}</code></h3>
<p><strong>${inline(op.summary)}.</strong> ${inline(op.description)}</p>
${
  params.length
    ? html`<div class="table-wrap"><table><caption class="hint">Path parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">Description</th></tr></thead><tbody>${params.map(
        (p) => html`<tr><td><code>${String(p.name)}</code></td><td>${inline(p.description)}</td></tr>`,
      )}</tbody></table></div>`
    : ""
}${
  missing
    ? html`<p>Try it: no such document in this release yet.</p>`
    : html`<p>Try it: <a href="${local}"><code>${absolute}</code></a></p>`
}
<p>Answers 200 with ${okSchema ? typeOf(okSchema) : "JSON"}; 304 when your <code>If-None-Match</code> is current; 404 with an <a href="#${anchor("Error")}">Error</a> body when there is no such document.</p></section>
`;
}

/** The API reference page. */
export function apiReferenceHtml(
  site: SiteContext,
  openapi: Json,
  examples: ExampleValues,
  documents: Readonly<Record<string, string | null>> = {},
): string {
  const { ctx } = site;
  const info = openapi.info as Json;
  const paths = openapi.paths as Record<string, Json>;
  const schemas = ((openapi.components as Json).schemas ?? {}) as Record<string, Json>;
  const servers = { base: ctx.baseUrl, site: ctx.siteUrl };
  const names = Object.keys(schemas);
  const code = `npm install @urgent-care-directory/sdk

import { UrgentCareClient, isOpen } from "@urgent-care-directory/sdk";
const client = new UrgentCareClient({ baseUrl: "${ctx.baseUrl}" });
const [near] = await client.nearest(30.2672, -97.7431, { limit: 1 });
console.log(near?.clinic.name, near?.distanceKm, near && isOpen(near.clinic) ? "open now" : "");`;
  return page(site, {
    title: "API reference",
    description: `The ${SERVICE_NAME}'s free read-only JSON API: every endpoint, every field, errors, caching, CORS and the TypeScript SDK.`,
    path: "/docs/",
    crumbs: [{ path: "/", label: "Home" }],
    main: html`<h1>${String(info.title)} reference</h1>
<p class="lead">Version ${String(info.version)}. No key, no sign-up; CORS open to every origin.</p>
<dl class="summary"><dt>Base address</dt><dd><code>${ctx.baseUrl}</code></dd>
<dt>OpenAPI 3.0</dt><dd><a href="${site.href("/api/openapi.json")}"><code>${ctx.siteUrl}/api/openapi.json</code></a></dd>
<dt>Index</dt><dd><a href="${site.apiHref("/index.json")}"><code>${ctx.api("/index.json")}</code></a></dd>
<dt>Data release</dt><dd>${ctx.dataset.dataVersion}</dd></dl>
<nav aria-label="On this page"><ul><li><a href="#conventions">Conventions, errors, caching and CORS</a></li><li><a href="#sdk">SDK quick start</a></li><li><a href="#endpoints">Endpoints</a></li><li><a href="#schemas">Fields of every document</a></li><li><a href="#errors">Error bodies</a></li></ul></nav>
<h2 id="conventions">Conventions, errors, caching and CORS</h2>
${markdown(String(info.description ?? ""))}
<h2 id="sdk">SDK quick start</h2>
<p>The TypeScript SDK (MIT, no dependencies) runs in browsers, Node 20+, Deno and Bun:</p>
<pre><code>${code}</code></pre>
<h2 id="endpoints">Endpoints</h2>
${Object.entries(paths).map(([path, item]) => endpointSection(site, path, item, servers, examples, documents))}
<h2 id="schemas">Fields of every document</h2>
<p>Every field is always present; unknown values are null. Clients must ignore fields they do not know: fields are only ever added within v1.</p>
${names.map((name) => schemaSection(name, schemas[name] as Json))}
<h2 id="errors">Error bodies</h2>
<p>Every error answer has a JSON body of type <a href="#${anchor("Error")}">Error</a>, for example:</p>
<pre><code>${JSON.stringify({ status: 404, code: "not_found", message: "No document exists at this path." }, null, 2)}</code></pre>
<p>Other statuses: 405 with an <code>Allow</code> header for methods other than GET, HEAD and OPTIONS; 400 for a malformed path; 414 and 431 for a request line or headers too long.</p>`,
  });
}
