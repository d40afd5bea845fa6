import { freshness } from "../../dataset/freshness.js";
import type { IndexDocument } from "../../schema/index-document.js";
import type { BuildContext } from "../context.js";
import { LICENSE, SERVICE_NAME } from "../context.js";
import { ENDPOINTS } from "../endpoints.js";
import { FEED_FILE } from "../releases/feed.js";
import { standardsLinks } from "../standards/links.js";

export const RELEASE_DATE = "2026-05-01";

export function indexDocument(ctx: BuildContext, datasets: IndexDocument["datasets"]): IndexDocument {
  return {
    name: `${SERVICE_NAME} API`,
    description:
      "A read-only public JSON API for a directory of US urgent care clinics, published as static documents." +
      (ctx.dataset.source.synthetic
        ? " This build serves the built-in synthetic sample: the clinics are fictional."
        : ""),
    version: "v1",
    status: "stable",
    release_date: RELEASE_DATE,
    base_url: ctx.baseUrl,
    site_url: ctx.siteUrl,
    documentation_url: `${ctx.siteUrl}/docs/`,
    openapi_url: `${ctx.siteUrl}/api/openapi.json`,
    releases_url: ctx.api("/releases.json"),
    feed_url: `${ctx.siteUrl}/${FEED_FILE}`,
    license: {
      id: LICENSE.id,
      url: LICENSE.url,
      attribution: ctx.attribution,
      requirements: [
        `Give credit with a line that names the service (${SERVICE_NAME}) and the year of the data (${ctx.dataset.dataVersion.slice(0, 4)}).`,
        `Link to ${ctx.siteUrl}.`,
        "Indicate whether you made changes to the data.",
      ],
      permitted_uses: [
        "Commercial and non-commercial use",
        "Redistribution with attribution",
        "Modification and derivative works",
        "Training of AI/ML models",
      ],
      sdk_license: "MIT",
    },
    authentication: {
      required: false,
      description: "None. The API is public and free: no key, sign-up or header is needed.",
    },
    rate_limit: {
      policy: "fair use",
      description:
        "No fixed quotas. Please cache (every document has an ETag; send If-None-Match), keep concurrency modest, and use the bulk downloads for whole-data-set work.",
    },
    cors: {
      allow_origin: "*",
      description: "Every origin may call the API from a browser; preflight requests are answered.",
    },
    endpoints: ENDPOINTS.map((e) => ({
      method: "GET",
      path: e.path,
      url: `${e.relativeTo === "base" ? ctx.baseUrl : ctx.siteUrl}${e.path}`,
      summary: e.summary,
      response: e.response,
      parameters: e.parameters.map((p) => ({ name: p.name, in: "path", description: p.description })),
      errors: e.errors,
    })),
    sdks: [
      {
        language: "TypeScript",
        package: "@urgent-care-directory/sdk",
        license: "MIT",
        install: "npm install @urgent-care-directory/sdk",
      },
    ],
    freshness: freshness(ctx.dataset, ctx.generatedAt),
    datasets,
    standards: standardsLinks(ctx),
    meta: ctx.meta("/index.json"),
  };
}
