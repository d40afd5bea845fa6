import { collectClinics } from "../dataset/store.js";
import type { Dataset } from "../dataset/types.js";
import { CitiesByState, CitiesList, ClinicsByCity, NetworksList, StatesList } from "../schema/documents.js";
import { ErrorBody, IndexDocument } from "../schema/index-document.js";
import { Stats } from "../schema/stats.js";
import { type BuildOptions, createContext } from "./context.js";
import { docsPage } from "./documents/docs-page.js";
import { indexDocument } from "./documents/index-document.js";
import { citiesByState, citiesList, clinicsByCity, networksList, statesList } from "./documents/lists.js";
import { openApiDocument } from "./documents/openapi.js";
import { statsDocument } from "./documents/stats.js";
import { renderDownloads } from "./downloads/render.js";
import { groupDataset } from "./model.js";
import { OutputTree, type WriteResult, writeTreeAtomically } from "./output.js";
import { Checker } from "./validate.js";

export type { BuildOptions } from "./context.js";

/** Path of the not-found body inside the output folder; the server answers unknown paths with it. */
export const NOT_FOUND_DOCUMENT = "404.json";

/**
 * Turns a canonical data set into the complete output tree (documents, OpenAPI, docs page, bulk downloads), validating every
 * document against its schema. Pure: same data set and options, same bytes.
 * @example const tree = renderSite(generateSample(), { siteUrl: "https://urgentcare.example.org" });
 */
export async function renderSite(source: Dataset, options: BuildOptions): Promise<OutputTree> {
  const dataset = { ...source, clinics: await collectClinics(source.clinics) };
  const ctx = createContext(dataset, options);
  const check = new Checker();
  if (!check.checkDataset(dataset)) check.throwIfAny();
  const model = groupDataset(dataset);
  const tree = new OutputTree();
  const api = (path: string, value: unknown) => tree.json(`api/v1${path}`, value);

  api("/states.json", check.parse("states.json", StatesList, statesList(ctx, model)));
  api("/cities.json", check.parse("cities.json", CitiesList, citiesList(ctx, model)));
  api("/networks.json", check.parse("networks.json", NetworksList, networksList(ctx, model)));
  api("/stats.json", check.parse("stats.json", Stats, statsDocument(ctx, model)));
  for (const s of model.states) {
    const path = `/cities/${s.slug}.json`;
    api(path, check.parse(path, CitiesByState, citiesByState(ctx, model, s)));
  }
  for (const city of model.cities) {
    const path = `/clinics/${city.state.slug}/${city.slug}.json`;
    api(path, check.parse(path, ClinicsByCity, clinicsByCity(ctx, city)));
  }
  const datasets = renderDownloads(ctx, model, check, tree);
  api("/index.json", check.parse("index.json", IndexDocument, indexDocument(ctx, datasets)));
  tree.json(
    "api/openapi.json",
    openApiDocument(ctx, { manifestUrl: datasets.manifest_url, licenseUrl: datasets.license_url }),
  );
  tree.add("docs/index.html", docsPage(ctx));
  tree.json(
    NOT_FOUND_DOCUMENT,
    check.parse(NOT_FOUND_DOCUMENT, ErrorBody, {
      status: 404,
      code: "not_found",
      message: "No document exists at this path.",
    }),
  );
  check.throwIfAny();
  return tree;
}

/** Renders the site and writes it atomically into `outDir`. */
export async function buildSite(
  dataset: Dataset,
  outDir: string,
  options: BuildOptions,
): Promise<WriteResult> {
  return writeTreeAtomically(outDir, await renderSite(dataset, options), options.compression);
}
