/**
 * The API reference at /docs/, generated from the OpenAPI document of the same build: every endpoint with a live
 * example link, every field of every schema with its description, error bodies, caching and CORS, the SDK.
 */
import { escapeHtml, type Fragment, type Html, html, raw } from "../../../util/html.js";
import { homeCrumb, page } from "../layout.js";
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

/** ` lang="en"` on the text taken from the OpenAPI document when the page is in another language. */
const lang = (d: { inEnglish: string | null }) => (d.inEnglish ? raw(' lang="en"') : "");

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);
const anchor = (name: string) => `schema-${name}`;

type DocWords = SiteContext["t"]["docs"];

function typeOf(s: Json, d: DocWords): Fragment {
  if (typeof s.$ref === "string") {
    const name = refName(s.$ref);
    return html`<a href="#${anchor(name)}">${name}</a>`;
  }
  const parts: Fragment[] = [];
  if (Array.isArray(s.allOf) || Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
    const list = ((s.allOf ?? s.anyOf ?? s.oneOf) as Json[]).map((x) => typeOf(x, d));
    parts.push(list.flatMap((t, i) => (i ? [d.or, t] : [t])));
  } else if (s.type === "array") {
    parts.push(html`${d.arrayOf} ${typeOf((s.items as Json) ?? {}, d)}`);
  } else if (typeof s.type === "string") {
    parts.push(s.type);
    if (typeof s.format === "string") parts.push(` (${s.format})`);
  } else parts.push("any");
  if (Array.isArray(s.enum))
    parts.push(
      html`${d.oneOf} ${s.enum.flatMap((v, i) => [i ? ", " : "", html`<code>${JSON.stringify(v)}</code>`])}`,
    );
  if (s.nullable === true) parts.push(d.orNull);
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

function schemaSection(d: DocWords, name: string, schema: Json): Html {
  const rows = fields(schema);
  return html`<section aria-labelledby="${anchor(name)}"><h3 id="${anchor(name)}">${name}</h3>
${schema.description ? html`<p${lang(d)}>${inline(schema.description)}</p>` : ""}${
  rows.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">${d.field}</th><th scope="col">${d.type}</th><th scope="col">${d.description_}</th></tr></thead><tbody>${rows.map(
        (r) =>
          html`<tr><td><code>${r.name}</code>${r.required ? "" : html` <span class="hint">${d.optional}</span>`}</td><td>${typeOf(r.schema, d)}</td><td${lang(d)}>${inline(r.schema.description)}</td></tr>`,
      )}</tbody></table></div>`
    : html`<p>${d.typeIs} ${typeOf(schema, d)}</p>`
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
  const d = site.t.docs;
  return html`<section aria-labelledby="${id}"><h3 id="${id}"><code>GET ${path}</code></h3>
<p${lang(d)}><strong>${inline(op.summary)}.</strong> ${inline(op.description)}</p>
${
  params.length
    ? html`<div class="table-wrap"><table><caption class="hint">${d.parameters}</caption><thead><tr><th scope="col">${d.name}</th><th scope="col">${d.description_}</th></tr></thead><tbody>${params.map(
        (p) =>
          html`<tr><td><code>${String(p.name)}</code></td><td${lang(d)}>${inline(p.description)}</td></tr>`,
      )}</tbody></table></div>`
    : ""
}${
  missing
    ? html`<p>${d.noDocument}</p>`
    : html`<p>${d.tryIt} <a href="${local}"><code>${absolute}</code></a></p>`
}
<p>${d.answers(okSchema ? typeOf(okSchema, d) : "JSON", html`<a href="#${anchor("Error")}">Error</a>`)}</p></section>
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
  const d = site.t.docs;
  return page(site, {
    title: d.title,
    description: d.description(site.t.service),
    path: "/docs/",
    crumbs: [homeCrumb(site)],
    main: html`<h1>${d.heading(String(info.title))}</h1>
<p class="lead">${d.lead(String(info.version))}</p>
${d.inEnglish ? html`<p class="notice">${d.inEnglish}</p>\n` : ""}<dl class="summary"><dt>${d.base}</dt><dd><code>${ctx.baseUrl}</code></dd>
<dt>OpenAPI 3.0</dt><dd><a href="${site.href("/api/openapi.json")}"><code>${ctx.siteUrl}/api/openapi.json</code></a></dd>
<dt>${d.index}</dt><dd><a href="${site.apiHref("/index.json")}"><code>${ctx.api("/index.json")}</code></a></dd>
<dt>${d.release}</dt><dd>${ctx.dataset.dataVersion}</dd></dl>
<nav aria-label="${d.onThisPage}"><ul><li><a href="#conventions">${d.conventions}</a></li><li><a href="#sdk">${d.sdk}</a></li><li><a href="#endpoints">${d.endpoints}</a></li><li><a href="#schemas">${d.schemas}</a></li><li><a href="#errors">${d.errors}</a></li></ul></nav>
<h2 id="conventions">${d.conventions}</h2>
<div${lang(d)}>${markdown(String(info.description ?? ""))}</div>
<h2 id="sdk">${d.sdk}</h2>
<p>${d.sdkText}</p>
<pre><code>${code}</code></pre>
<h2 id="endpoints">${d.endpoints}</h2>
${Object.entries(paths).map(([path, item]) => endpointSection(site, path, item, servers, examples, documents))}
<h2 id="schemas">${d.schemas}</h2>
<p>${d.schemasText}</p>
${names.map((name) => schemaSection(d, name, schemas[name] as Json))}
<h2 id="errors">${d.errors}</h2>
<p>${d.errorsText(html`<a href="#${anchor("Error")}">Error</a>`)}</p>
<pre><code>${JSON.stringify({ status: 404, code: "not_found", message: "No document exists at this path." }, null, 2)}</code></pre>
<p>${d.otherStatuses}</p>`,
  });
}
