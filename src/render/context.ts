import type { Dataset } from "../dataset/types.js";
import type { Meta } from "../schema/meta.js";
import type { Compression } from "./output/compress.js";
import { type NetworkCounts, type Stamp, stampId, stampOf } from "./stamp.js";

export interface BuildOptions {
  /** Public address of the site, without a trailing slash, e.g. `https://urgentcare.example.org`. */
  siteUrl: string;
  /** Address of the API; defaults to `{siteUrl}/api/v1`. */
  baseUrl?: string;
  /**
   * Generation time written into every document (UTC, `YYYY-MM-DDTHH:MM:SSZ`): the true build time unless fixed
   * (the CLI fixes it from `--generated-at` or `SOURCE_DATE_EPOCH`, for reproducible builds). Default: now.
   */
  generatedAt?: string;
  /** Effort of the precompressed copies: "max" for publishing, "fast" for local use. Default "max". */
  compression?: Compression;
}

/**
 * Everything the document builders share: resolved addresses, the data set and the common meta block. Its
 * `dataset` facts (source, data version, record dates), `generatedAt`, `attribution` and `meta` are those of its
 * `stamp`: the release being rendered, or, through `at`, the earlier release a unit was last rendered in.
 */
export interface BuildContext {
  siteUrl: string;
  baseUrl: string;
  generatedAt: string;
  dataset: Dataset;
  /** The release-wide facts this context renders with (`src/render/stamp.ts`). */
  stamp: Stamp;
  /** The same build seen with another stamp (a unit whose content has not changed since an earlier release). */
  at(stamp: Stamp): BuildContext;
  /** Ready-to-paste credit line (the attribution the licence asks for). */
  attribution: string;
  /** Absolute URL of a path relative to the API base (`/states.json`). */
  api(path: string): string;
  /** Absolute URL of a site path (`/clinics/texas/`). */
  page(path: string): string;
  meta(selfPath: string): Meta;
}

export const SERVICE_NAME = "Urgent Care Directory";
export const LICENSE = {
  id: "CC-BY-4.0",
  name: "Creative Commons Attribution 4.0 International",
  url: "https://creativecommons.org/licenses/by/4.0/",
} as const;

/**
 * The resolved addresses, credit line and meta block of one build.
 * @example const ctx = createContext(dataset, { siteUrl: "https://urgentcare.example.org", generatedAt: "2026-05-01T00:00:00Z" });
 */
export function createContext(
  dataset: Dataset,
  options: BuildOptions,
  networks: Record<string, NetworkCounts> = {},
): BuildContext {
  const siteUrl = trimSlash(options.siteUrl);
  const baseUrl = trimSlash(options.baseUrl ?? `${siteUrl}/api/v1`);
  if (!/\/api\/v1$/.test(new URL(baseUrl).pathname))
    throw new Error(`base URL must end in /api/v1: ${baseUrl}`);
  const generatedAt = isoSeconds(options.generatedAt ?? new Date().toISOString());
  const stamp = stampOf(dataset, generatedAt, networks);
  const seen = new Map<string, BuildContext>();
  const root = stamped(dataset, siteUrl, baseUrl, stamp, (other) => {
    if (stampId(other) === stampId(stamp)) return root;
    let ctx = seen.get(stampId(other));
    if (!ctx) {
      const view: Dataset = {
        ...dataset,
        source: other.source,
        dataVersion: other.data_version,
        recordDates: other.record_dates,
      };
      ctx = stamped(view, siteUrl, baseUrl, other, root.at);
      seen.set(stampId(other), ctx);
    }
    return ctx;
  });
  return root;
}

function stamped(
  dataset: Dataset,
  siteUrl: string,
  baseUrl: string,
  stamp: Stamp,
  at: (stamp: Stamp) => BuildContext,
): BuildContext {
  const generatedAt = stamp.generated_at;
  const attribution = creditLine(dataset, siteUrl);
  const api = (path: string) => `${baseUrl}${path}`;
  return {
    siteUrl,
    baseUrl,
    generatedAt,
    dataset,
    stamp,
    at,
    attribution,
    api,
    page: (path) => `${siteUrl}${path}`,
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

/**
 * The credit line: the service, the year of the data, the site, the licence, and the original sources the data
 * set is built from (so that a public-domain or openly licensed upstream is named with it).
 * @example creditLine(dataset, "https://urgentcare.example.org")
 * // "Data: Urgent Care Directory (2009), https://urgentcare.example.org, licensed CC-BY-4.0; based on HIFLD Urgent Care Facilities (public domain). State whether you changed the data."
 */
export function creditLine(dataset: Dataset, siteUrl: string): string {
  const year = dataset.dataVersion.slice(0, 4);
  const synthetic = dataset.source.synthetic ? " (synthetic sample data)" : "";
  const upstream = dataset.source.upstream.length
    ? `; based on ${dataset.source.upstream.map((u) => `${u.name}${u.date ? ` of ${u.date}` : ""}${u.license ? ` (${u.license})` : ""}`).join(", ")}`
    : "";
  return `Data: ${SERVICE_NAME} (${year}), ${siteUrl}, licensed ${LICENSE.id}${synthetic}${upstream}. State whether you changed the data.`;
}

function trimSlash(url: string): string {
  const u = new URL(url); // throws on a malformed address
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error(`not an http(s) address: ${url}`);
  return url.replace(/\/+$/, "");
}

/** `2026-05-01T10:00:00.123Z` → `2026-05-01T10:00:00Z`: documents carry whole seconds. */
function isoSeconds(text: string): string {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new Error(`not a timestamp: ${text}`);
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.000Z$/, "Z");
}
