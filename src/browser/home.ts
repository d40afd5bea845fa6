/** The home page's script: the search box, over the SDK's search of the published index. */
import { createSearch } from "@urgent-care-directory/sdk/search";
import { enhanceSearch } from "./search-box.js";

const form = document.querySelector<HTMLFormElement>("form[data-search]");
const api = document.documentElement.dataset.api;
if (form && api) {
  const search = createSearch({ baseUrl: new URL(api, location.href).href });
  enhanceSearch(form, (text, options) => search(text, options));
}
