import { CitiesList, NetworksList, StatesList } from "../../schema/documents.js";
import { ErrorBody, IndexDocument } from "../../schema/index-document.js";
import { Stats } from "../../schema/stats.js";
import type { BuildContext } from "../context.js";
import { indexDocument } from "../documents/index-document.js";
import { citiesList, networksList, statesList } from "../documents/lists.js";
import type { Json } from "../documents/openapi.js";
import { statsDocument } from "../documents/stats.js";
import type { OutputWriter } from "../output/writer.js";
import { apiFile } from "../paths.js";
import type { Summary } from "../summary.js";
import type { Checker } from "../validate.js";

/** Path of the not-found body inside the output folder; the server answers unknown API paths with it. */
export const NOT_FOUND_DOCUMENT = "404.json";

/**
 * The API documents about the whole data set: the lists, stats, OpenAPI and the 404 body; and index.json, which
 * lists the downloads (`datasets`: none when the build leaves the downloads out, and then no index.json).
 * @example await writeCatalogue(out, check, { ctx, summary, openapi, datasets });
 */
export async function writeCatalogue(
  out: OutputWriter,
  check: Checker,
  o: { ctx: BuildContext; summary: Summary; openapi: Json; datasets: IndexDocument["datasets"] | null },
): Promise<void> {
  const { ctx, summary } = o;
  const api = (path: string, value: unknown) => out.json(apiFile(path), value);
  await api("/states.json", check.parse("states.json", StatesList, statesList(ctx, summary)));
  await api("/cities.json", check.parse("cities.json", CitiesList, citiesList(ctx, summary)));
  await api("/networks.json", check.parse("networks.json", NetworksList, networksList(ctx, summary)));
  await api("/stats.json", check.parse("stats.json", Stats, statsDocument(ctx, summary)));
  if (o.datasets)
    await api("/index.json", check.parse("index.json", IndexDocument, indexDocument(ctx, o.datasets)));
  await out.json("api/openapi.json", o.openapi);
  await out.json(
    NOT_FOUND_DOCUMENT,
    check.parse(NOT_FOUND_DOCUMENT, ErrorBody, {
      status: 404,
      code: "not_found",
      message: "No document exists at this path.",
    }),
  );
}
