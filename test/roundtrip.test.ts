// Round trip: our own bulk downloads (written by src/build/downloads) → `canonical` import → the same API tree.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { renderSite } from "../src/build/build.js";
import { createContext } from "../src/build/context.js";
import { toCsv } from "../src/build/downloads/csv.js";
import { documentLines, toJson, toNdjson } from "../src/build/downloads/json.js";
import { toParquet } from "../src/build/downloads/parquet.js";
import { exportRows } from "../src/build/downloads/rows.js";
import { groupDataset } from "../src/build/model.js";
import { Checker } from "../src/build/validate.js";
import { collectClinics } from "../src/dataset/store.js";
import type { Dataset } from "../src/dataset/types.js";
import { importFiles } from "../src/ingest/import.js";
import { CANONICAL_PROFILE } from "../src/ingest/profiles/index.js";
import { sampleDataset } from "./helpers/sample-site.js";
import { HIFLD_FIXTURE, scratch } from "./ingest/helpers.js";

const OPTIONS = { siteUrl: "https://urgentcare.example.org", generatedAt: "2026-05-01T00:00:00Z" };

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

/**
 * The API documents of a build: path → parsed document. The round trip compares data, so the re-imported data
 * set is built with the original's source and ingest report (what names the files, not what they hold).
 */
async function apiTree(dataset: Dataset): Promise<Map<string, unknown>> {
  const tree = await renderSite(dataset, OPTIONS);
  const docs = new Map<string, unknown>();
  for (const [path, file] of tree.files) {
    if (path.startsWith("api/v1/") && path.endsWith(".json"))
      docs.set(path, JSON.parse(file.body.toString("utf8")));
  }
  return docs;
}

const withProvenanceOf = (back: Dataset, original: Dataset): Dataset => ({
  ...back,
  source: original.source,
  report: original.report,
});

async function exportFiles(
  source: Dataset,
  stem: string,
): Promise<Record<"csv" | "json" | "ndjson" | "parquet", string>> {
  const dataset = { ...source, clinics: await collectClinics(source.clinics) };
  const ctx = createContext(dataset, OPTIONS);
  const rows = exportRows(ctx, groupDataset(dataset), new Checker());
  const lines = documentLines(rows);
  // Like the downloads folder: the files beside a manifest that records where the data comes from.
  await mkdir(join(tmp.dir, stem));
  await tmp.file(`${stem}/manifest.json`, JSON.stringify({ source: source.source }));
  return {
    csv: await tmp.file(`${stem}/${stem}.csv`, toCsv(rows)),
    json: await tmp.file(`${stem}/${stem}.json`, toJson(lines)),
    ndjson: await tmp.file(`${stem}/${stem}.ndjson`, toNdjson(lines)),
    parquet: await tmp.file(`${stem}/${stem}.parquet`, toParquet(rows, [])),
  };
}

async function reimport(path: string, dataVersion: string): Promise<Dataset> {
  const { dataset, log } = await importFiles({ inputs: [path], dataVersion, tmpDir: tmp.dir });
  expect(log.problems).toEqual([]);
  if (!dataset) throw new Error("re-import failed");
  return dataset;
}

function expectSameTree(a: Map<string, unknown>, b: Map<string, unknown>): void {
  expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  for (const [path, doc] of a) expect(b.get(path), path).toEqual(doc);
}

describe("canonical export → import → identical API tree", () => {
  const sample = sampleDataset();
  let original: Map<string, unknown>;
  let files: Awaited<ReturnType<typeof exportFiles>>;
  beforeAll(async () => {
    original = await apiTree(sample);
    files = await exportFiles(sample, "sample");
  });

  test.each(["csv", "json", "ndjson", "parquet"] as const)(
    "the sample (8,600 clinics with hours, lists, ratings) via %s",
    async (format) => {
      const back = await reimport(files[format], sample.dataVersion);
      expect(back.source.synthetic).toBe(false);
      const ids = async (d: Dataset) => (await collectClinics(d.clinics)).map((c) => c.id).sort();
      expect(await ids(back)).toEqual(await ids(sample));
      expectSameTree(original, await apiTree(withProvenanceOf(back, sample)));
    },
  );

  test("the profile is detected from the header", async () => {
    const { files: read, dataset } = await importFiles({
      inputs: [files.csv],
      dataVersion: sample.dataVersion,
    });
    await dataset?.clinics.dispose();
    expect(read[0]?.profile).toBe(CANONICAL_PROFILE.name);
  });

  test("an imported HIFLD data set (nulls, merged records, repaired fields) via csv", async () => {
    const { dataset } = await importFiles({ inputs: [HIFLD_FIXTURE], tmpDir: tmp.dir });
    if (!dataset) throw new Error("fixture did not import");
    const exported = await exportFiles(dataset, "hifld");
    const back = await reimport(exported.csv, dataset.dataVersion);
    expectSameTree(await apiTree(dataset), await apiTree(withProvenanceOf(back, dataset)));
    // The chain of sources survives: HIFLD's layer first, then our export of it.
    expect(back.source.upstream.map((u) => u.name)).toEqual([
      ...dataset.source.upstream.map((u) => u.name),
      "HIFLD Urgent Care Facilities",
    ]);
    expect(join(exported.csv)).toMatch(/hifld\.csv$/);
  });
});
