/** The home page's script: the search box, over the SDK's search of the published index. */
import { UrgentCareClient } from "@urgent-care-directory/sdk";
import { sdkSearch } from "./search-adapter.js";
import { enhanceSearch } from "./search-box.js";

const form = document.querySelector<HTMLFormElement>("form[data-search]");
const api = document.documentElement.dataset.api;
if (form && api) {
  const search = sdkSearch(new UrgentCareClient({ baseUrl: new URL(api, location.href).href }));
  if (search) enhanceSearch(form, search);
}
