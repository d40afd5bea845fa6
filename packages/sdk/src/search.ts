/**
 * The search on its own, for a browser bundle that needs nothing else of the client:
 * `import { createSearch } from "@urgent-care-directory/sdk/search"`. No retries and no ETag cache here: the
 * browser's HTTP cache applies. The client's `search` method runs the same core.
 * @module
 */
import { HttpError, InvalidResponseError, NetworkError, NotFoundError } from "./errors.js";
import { withHint } from "./not-found.js";
import { Searcher, type SearchHit, type SearchOptions } from "./search-core.js";

export {
  type MatchKind,
  type ParsedQuery,
  parseQuery,
  Searcher,
  type SearcherOptions,
  type SearchHit,
  type SearchLoader,
  type SearchOptions,
  searchWords,
} from "./search-core.js";

/** The part of `fetch` a standalone search uses. */
export type SearchFetch = (
  url: string,
  init: { headers: Record<string, string>; signal?: AbortSignal },
) => Promise<Response>;

/**
 * A search function over one API address with the platform `fetch` and nothing else of the client (no retries, no
 * ETag cache: the browser's HTTP cache applies): the smallest way to put a search box on a page.
 * @example
 * import { createSearch } from "@urgent-care-directory/sdk/search";
 * const search = createSearch({ baseUrl: "https://urgentcare.example.org/api/v1" });
 * for (const hit of await search("redfern walk-in", { limit: 5 })) console.log(hit.name, hit.url);
 */
export function createSearch(options: {
  baseUrl: string;
  fetch?: SearchFetch;
}): (text: string, options?: SearchOptions) => Promise<SearchHit[]> {
  const base = options.baseUrl.replace(/\/+$/, "");
  const searcher = new Searcher(async (path, signal) => {
    const url = base + path;
    let res: Response;
    try {
      const f = options.fetch ?? globalThis.fetch;
      res = await f(url, { headers: { accept: "application/json" }, ...(signal && { signal }) });
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      throw new NetworkError(url, false, { cause: e });
    }
    if (res.status === 404) throw withHint(new NotFoundError(url, null), base);
    if (!res.ok) throw new HttpError(res.status, url, null);
    try {
      return await res.json();
    } catch (e) {
      throw new InvalidResponseError(url, "body is not JSON", { cause: e });
    }
  });
  return (text, o) => searcher.search(text, o);
}
