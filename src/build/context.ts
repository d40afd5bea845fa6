import type { FlatDataset as Dataset } from "../dataset/types.js";
import type { Meta } from "../schema/meta.js";

export interface BuildOptions {
  /** Public address of the site, without a trailing slash, e.g. `https://urgentcare.example.org`. */
  siteUrl: string;
  /** Address of the API; defaults to `{siteUrl}/api/v1`. */
  baseUrl?: string;
  /** Generation timestamp written into every document; defaults to the data date at midnight UTC (reproducible). */
  generatedAt?: string;
  /** Brotli effort of the precompressed copies: "max" (quality 11, for publishing) or "fast" (quality 5). */
  compression?: "max" | "fast";
}

/** Everything the document builders share: resolved addresses, the data set and the common meta block. */
export interface BuildContext {
  siteUrl: string;
  baseUrl: string;
  generatedAt: string;
  dataset: Dataset;
  attribution: string;
  /** Absolute URL of a path relative to the API base (`/states.json`). */
  api(path: string): string;
  meta(selfPath: string): Meta;
}

export const SERVICE_NAME = "Urgent Care Directory";
export const LICENSE = {
  id: "CC-BY-4.0",
  name: "Creative Commons Attribution 4.0 International",
  url: "https://creativecommons.org/licenses/by/4.0/",
} as const;

export function createContext(dataset: Dataset, options: BuildOptions): BuildContext {
  const siteUrl = trimSlash(options.siteUrl);
  const baseUrl = trimSlash(options.baseUrl ?? `${siteUrl}/api/v1`);
  if (!/\/api\/v1$/.test(new URL(baseUrl).pathname))
    throw new Error(`base URL must end in /api/v1: ${baseUrl}`);
  const generatedAt = options.generatedAt ?? `${dataset.dataVersion}T00:00:00Z`;
  const year = dataset.dataVersion.slice(0, 4);
  const attribution = `Data: ${SERVICE_NAME} (${year}), ${siteUrl}, licensed CC-BY-4.0${dataset.source.synthetic ? " (synthetic sample data)" : ""}. State whether you changed the data.`;
  const api = (path: string) => `${baseUrl}${path}`;
  return {
    siteUrl,
    baseUrl,
    generatedAt,
    dataset,
    attribution,
    api,
    meta: (selfPath) => ({
      synthetic: dataset.source.synthetic,
      api_version: "v1",
      data_version: dataset.dataVersion,
      generated_at: generatedAt,
      source: dataset.source,
      license: LICENSE,
      attribution,
      links: {
        self: api(selfPath),
        index: api("/index.json"),
        openapi: `${siteUrl}/api/openapi.json`,
        site: siteUrl,
      },
    }),
  };
}

function trimSlash(url: string): string {
  const u = new URL(url); // throws on a malformed address
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error(`not an http(s) address: ${url}`);
  return url.replace(/\/+$/, "");
}
