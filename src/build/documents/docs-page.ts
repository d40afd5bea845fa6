import type { BuildContext } from "../context.js";
import { SERVICE_NAME } from "../context.js";
import { ENDPOINTS } from "../endpoints.js";

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A one-page human-readable guide at {site}/docs/, generated from the same endpoint catalogue. */
export function docsPage(ctx: BuildContext): string {
  const rows = ENDPOINTS.map((e) => {
    const url = `${e.relativeTo === "base" ? ctx.baseUrl : ctx.siteUrl}${e.path}`;
    const link = e.parameters.length
      ? `<code>${esc(url)}</code>`
      : `<a href="${esc(url)}"><code>${esc(url)}</code></a>`;
    return `<tr><td>GET</td><td>${link}</td><td>${esc(e.summary)}. ${esc(e.description)}</td></tr>`;
  }).join("\n");
  const synthetic = ctx.dataset.source.synthetic
    ? `<p><strong>This build serves synthetic sample data.</strong> Clinics, networks, phones and web sites are fictional.</p>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${SERVICE_NAME} API</title></head>
<body>
<h1>${SERVICE_NAME} API</h1>
<p>A read-only public JSON API for a directory of US urgent care clinics. No key, no sign-up; CORS open to every origin.</p>
${synthetic}
<p>Base address: <code>${esc(ctx.baseUrl)}</code>. Machine-readable description: <a href="${esc(`${ctx.siteUrl}/api/openapi.json`)}">OpenAPI 3.0</a>. Data release ${esc(ctx.dataset.dataVersion)}.</p>
<table><thead><tr><th>Method</th><th>Address</th><th>What it returns</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2>Licence</h2>
<p>Data: CC-BY-4.0. Credit line: <q>${esc(ctx.attribution)}</q> Link to <a href="${esc(ctx.siteUrl)}">${esc(ctx.siteUrl)}</a> and say whether you changed the data. SDKs: MIT.</p>
</body></html>
`;
}
