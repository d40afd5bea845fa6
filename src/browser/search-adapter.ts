/**
 * The one place that knows how the home page's search box reaches the search index: the SDK's
 * `client.search(text, { limit, state })`, which reads the static index files the API publishes (the index the
 * API, the SDK and the site share). Until the SDK has `search`, `sdkSearch` answers null and the search box
 * stays hidden (the list of states and the map still lead to every clinic).
 */
import type { UrgentCareClient } from "@urgent-care-directory/sdk";

/** One hit, as the site uses it (the SDK's hits carry at least these fields). */
export interface SearchHit {
  id: string;
  name: string;
  network: string | null;
  city: { slug: string; name: string };
  state: { slug: string; code: string; name: string };
  zip: string | null;
  /** The clinic's page. */
  url: string;
}

export type SearchFunction = (text: string, options: { limit: number }) => Promise<readonly SearchHit[]>;

type Searchable = {
  search?: (text: string, options: { limit: number; state?: string }) => Promise<readonly SearchHit[]>;
};

/** The client's search, or null when this SDK has none. */
export function sdkSearch(client: UrgentCareClient): SearchFunction | null {
  const search = (client as unknown as Searchable).search;
  if (typeof search !== "function") return null;
  return (text, options) => search.call(client, text, options);
}
