/** robots.txt and llms.txt: the site described for crawlers and for language models, in plain text. */
import type { BuildContext } from "../context.js";
import { LICENSE, SERVICE_NAME } from "../context.js";
import { ENDPOINTS } from "../endpoints.js";
import type { Published } from "../published.js";
import type { Summary } from "../summary.js";
import { SITEMAP_INDEX } from "./sitemap.js";

/** Everything may be crawled; the sitemap index files are named (one, `sitemap.xml`, for any real data set). */
export function robotsTxt(ctx: BuildContext, indexes: readonly string[] = [SITEMAP_INDEX]): string {
  return `User-agent: *\nAllow: /\n\n${indexes.map((f) => `Sitemap: ${ctx.page(`/${f}`)}\n`).join("")}`;
}

/** llms.txt (llmstxt.org): what the API is, its endpoints, its licence and how to credit it. */
export function llmsTxt(ctx: BuildContext, summary: Summary, published: Published): string {
  const synthetic = ctx.dataset.source.synthetic
    ? "\nThis build serves the built-in SYNTHETIC SAMPLE: every clinic, phone number and web site is fictional.\n"
    : "";
  const endpoints = ENDPOINTS.map(
    (e) =>
      `- [${e.summary}](${e.relativeTo === "base" ? ctx.api(e.path) : ctx.page(e.path)}): ${e.description}`,
  ).join("\n");
  const downloads = published.datasets
    ? `\n## Bulk downloads\n\n- [Manifest](${published.datasets.manifest_url}): every file (CSV, JSON, NDJSON, Parquet) with its size, SHA-256, rows and typed columns\n- [Licence](${published.datasets.license_url})\n`
    : "";
  return `# ${SERVICE_NAME}

> A directory of ${summary.clinics} US urgent care clinics in ${summary.cities.length} cities of the 50 states and DC, as a web site and a free read-only JSON API of static documents. No key, no sign-up, CORS open to every origin. Data release ${ctx.dataset.dataVersion}.
${synthetic}
Every clinic has a page (name, address, phone, opening hours in its time zone, services, insurance, network) and a JSON form. The API's base address is ${ctx.baseUrl}; every document carries \`meta\` with the data release, the licence and the credit line. Paths use lowercase slugs: state (\`new-york\`), city (unique within its state).

## API

- [API reference](${ctx.page("/docs/")}): every endpoint, every field, errors, caching and CORS
- [OpenAPI 3.0](${ctx.page("/api/openapi.json")})
${endpoints}

## Licence and attribution

The data is ${LICENSE.name} (${LICENSE.id}, ${LICENSE.url}). Commercial use, redistribution, changes and training of AI/ML models are permitted. Credit it with this line, link to ${ctx.siteUrl}, and say whether you changed the data:

${ctx.attribution}

The TypeScript SDK (@urgent-care-directory/sdk) is MIT.
${downloads}
## Pages

- [Find a clinic](${ctx.page("/")}): search, map and list of states
- [Near me](${ctx.page("/near-me/")}): the nearest clinics to the reader's position, a ZIP code or a city, open now or not
- [En español](${ctx.page("/es/")}): every page in Spanish, at the same path under /es/
- [Networks](${ctx.page("/networks/")})
- [About the data](${ctx.page("/about/")}): sources, completeness, downloads
- [Sitemap](${ctx.page(`/${SITEMAP_INDEX}`)})
`;
}
