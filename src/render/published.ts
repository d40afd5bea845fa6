import type { HistoryEntry } from "../dataset/releases.js";
import type { IndexDocument } from "../schema/index-document.js";

/**
 * What the release-wide outputs made that the site's pages about the whole release show: the downloads (the about
 * page, llms.txt), the release history (the about page) and, for the API reference's live examples, a document of
 * this build for each endpoint's path template. A value, made by the build loop once those outputs are written.
 */
export interface Published {
  /** The `datasets` section of index.json; absent when the build leaves the downloads out. */
  datasets?: IndexDocument["datasets"];
  /** The release history including this release, newest first. */
  history?: HistoryEntry[];
  /**
   * A document of this build for an endpoint's path template (`/search/t/{prefix}.json` → `/search/t/ca.json`),
   * or null when the build has none of that kind: the API reference's live examples.
   */
  examples?: Record<string, string | null>;
}
