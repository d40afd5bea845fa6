// Types of scripts/site-check.mjs, for the TypeScript tests that use it.
export declare const PENDING_FAMILIES: string[];

export interface SiteReport {
  base: string;
  siteUrl: string;
  /** Site path of each page reached → its Content-Type. */
  pages: Map<string, string>;
  /** Other files reached (HEAD or GET 200): API documents, downloads, assets. */
  others: Set<string>;
  /** `STATUS path` of every link or listed document that did not answer 200. */
  broken: string[];
  /** Links into a family the build does not write yet (PENDING_FAMILIES). */
  excused: Set<string>;
  pending: string[];
  /** Pages whose Content-Type is not text/html. */
  notHtml: string[];
  /** Page files (`…/index.html` of files.tsv) that no link reached; null without `dir`. */
  unreachable: string[] | null;
  /** API documents fetched and validated. */
  documents: number;
  /** `path: errors` of API documents invalid against their OpenAPI schema, or not JSON. */
  invalid: string[];
  /** API documents no OpenAPI path describes. */
  undescribed: string[];
  /** Site paths named by a `url` field of an API document. */
  urls: Set<string>;
  /** `url`s of pages (ending in `/`) that are not among the 200 HTML pages reached. */
  urlsNotPages: string[];
  /** `url`s of files that are not files of the folder (only with `dir`). */
  urlsNotFiles: string[];
  ms: number;
}

export declare function linksOf(html: string, base: string): string[];
export declare function checkSite(
  base: string,
  options?: { dir?: string; concurrency?: number },
): Promise<SiteReport>;
export declare function problemsOf(report: SiteReport): string[];
export declare function summaryOf(report: SiteReport): string[];
