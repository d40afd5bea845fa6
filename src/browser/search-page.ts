/** The home page's search box over the SDK's search of the published index (a script of its own: only home needs it). */
import { createSearch } from "@urgent-care-directory/sdk/search";
import { pageInfo } from "./page.js";
import { enhanceSearch } from "./search-box.js";

const form = document.querySelector<HTMLFormElement>("form[data-search]");
if (form) {
  const info = pageInfo();
  const search = createSearch({ baseUrl: info.api });
  enhanceSearch(form, (text, options) => search(text, options), info);
}
