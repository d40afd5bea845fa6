import {
  CitiesByState,
  CitiesList,
  ClinicsByCity,
  NetworksList,
  StatesList,
} from "../../schema/documents.js";
import { ErrorBody, IndexDocument } from "../../schema/index-document.js";
import { Stats } from "../../schema/stats.js";
import type { Emitter } from "../emitter.js";
import { apiFile, cityPath, statePath } from "../paths.js";
import { indexDocument } from "./index-document.js";
import { citiesByState, citiesList, clinicsByCity, networksList, statesList } from "./lists.js";
import { openApiDocument } from "./openapi.js";
import { statsDocument } from "./stats.js";

/** Path of the not-found body inside the output folder; the server answers unknown API paths with it. */
export const NOT_FOUND_DOCUMENT = "404.json";

/**
 * The documents of one state as it is rendered: its cities document and each city's clinics document (those of
 * units the plan carries stay as the previous release wrote them).
 */
export const stateDocuments: Emitter = ({ out, check, plan }) => ({
  async state(group) {
    const path = statePath(group.state.state.slug);
    const decision = plan.decision("state", group.state.state.slug);
    if (decision.render)
      await out.json(apiFile(path), check.parse(path, CitiesByState, citiesByState(decision.ctx, group)));
    for (const city of group.cities) {
      const cp = cityPath(city.city.state.slug, city.city.slug);
      const d = plan.decision("city", city.city.slug);
      if (d.render) await out.json(apiFile(cp), check.parse(cp, ClinicsByCity, clinicsByCity(d.ctx, city)));
    }
  },
});

/** The documents about the whole data set, written last: lists, stats, index, OpenAPI, the 404 body (the /docs/ page is the site's). */
export const catalogueDocuments: Emitter = ({ ctx, out, check, summary, published }) => ({
  async finish() {
    const api = (path: string, value: unknown) => out.json(apiFile(path), value);
    await api("/states.json", check.parse("states.json", StatesList, statesList(ctx, summary)));
    await api("/cities.json", check.parse("cities.json", CitiesList, citiesList(ctx, summary)));
    await api("/networks.json", check.parse("networks.json", NetworksList, networksList(ctx, summary)));
    await api("/stats.json", check.parse("stats.json", Stats, statsDocument(ctx, summary)));
    const datasets = published.datasets;
    if (!datasets) throw new Error("index.json needs the downloads: list the downloads emitter before it");
    await api("/index.json", check.parse("index.json", IndexDocument, indexDocument(ctx, datasets)));
    await out.json(
      "api/openapi.json",
      openApiDocument(ctx, { manifestUrl: datasets.manifest_url, licenseUrl: datasets.license_url }),
    );
    await out.json(
      NOT_FOUND_DOCUMENT,
      check.parse(NOT_FOUND_DOCUMENT, ErrorBody, {
        status: 404,
        code: "not_found",
        message: "No document exists at this path.",
      }),
    );
  },
});
