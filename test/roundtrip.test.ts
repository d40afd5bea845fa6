// Round trip: our own bulk downloads → `canonical` import → the same API tree.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectClinics } from "../src/dataset/store.js";
import type { Dataset } from "../src/dataset/types.js";
import { importFiles } from "../src/ingest/import.js";
import { CANONICAL_PROFILE } from "../src/ingest/profiles/index.js";
import { renderSite } from "../src/render/build.js";
import { expectEqual } from "./helpers/equal.js";
import { sampleSite } from "./helpers/sample-build.js";
import { API_BUILD, sampleDataset } from "./helpers/sample-site.js";
import { HIFLD_FIXTURE, scratch } from "./ingest/helpers.js";

const FORMATS = ["csv", "json", "ndjson", "parquet"] as const;

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

/** The API documents of a built folder: path → parsed document. */
async function apiTree(dir: string): Promise<Map<string, unknown>> {
  const docs = new Map<string, unknown>();
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.name.endsWith(".json"))
        docs.set(relative(dir, full), JSON.parse(await readFile(full, "utf8")));
    }
  };
  await walk(join(dir, "api/v1"));
  return docs;
}

let builds = 0;
/** Builds a data set's API (no site: the round trip compares API trees) into a fresh folder of the scratch space. */
async function build(dataset: Dataset): Promise<string> {
  const dir = join(tmp.dir, `build-${++builds}`);
  await renderSite(dataset, dir, API_BUILD);
  return dir;
}

/** The round trip compares data, so the re-imported data set keeps the original's source and ingest report. */
const withProvenanceOf = (back: Dataset, original: Dataset): Dataset => ({
  ...back,
  source: original.source,
  report: original.report,
  recordDates: original.recordDates,
});

/** Imports one file with the profile detected from its columns; returns the data set and that profile's name. */
async function reimport(
  path: string,
  dataVersion: string,
): Promise<Dataset & { profile: string | null | undefined }> {
  const { dataset, log, files } = await importFiles({ inputs: [path], dataVersion, tmpDir: tmp.dir });
  expect(log.problems).toEqual([]);
  if (!dataset) throw new Error("re-import failed");
  return { ...dataset, profile: files[0]?.profile };
}

function expectSameTree(a: Map<string, unknown>, b: Map<string, unknown>): void {
  expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  for (const [path, doc] of a) expectEqual(b.get(path), doc, path);
}

const download = (dir: string, ext: string) => join(dir, `downloads/urgent-care-clinics-latest.${ext}`);

/**
 * A data set's published content, in a fixed order: clinics without their provenance (which names the file read),
 * cities, networks, record dates.
 */
async function content(dataset: Dataset): Promise<unknown> {
  const clinics = (await collectClinics(dataset.clinics))
    .map(({ provenance: _, ...published }) => published)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const sorted = <T>(list: T[], key: (x: T) => string) =>
    [...list].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  return {
    clinics,
    cities: sorted(dataset.cities, (c) => `${c.state}/${c.slug}`),
    networks: sorted(dataset.networks, (n) => n.name),
    recordDates: dataset.recordDates,
  };
}

describe("canonical export → import → identical API tree", () => {
  const sample = sampleDataset();
  let original: unknown;
  beforeAll(async () => {
    original = await content(sample);
  });

  // The build is a function of the data set (the determinism tests pin that down), so the same data set means
  // the same API tree; the tree itself is compared for the HIFLD import below, which renders in a second.
  test.each(FORMATS)(
    "the sample (8,600 clinics with hours, lists, ratings) via %s: the canonical profile, detected, reads the same data set",
    async (format) => {
      const back = await reimport(download(sampleSite(), format), sample.dataVersion);
      expect(back.profile).toBe(CANONICAL_PROFILE.name);
      expect(back.source.synthetic).toBe(false);
      try {
        expectEqual(await content(back), original);
      } finally {
        await back.clinics.dispose();
      }
    },
  );

  test("an imported HIFLD data set (nulls, merged records, repaired fields) via csv", async () => {
    const { dataset } = await importFiles({ inputs: [HIFLD_FIXTURE], tmpDir: tmp.dir });
    if (!dataset) throw new Error("fixture did not import");
    const first = await build(dataset);
    const back = await reimport(download(first, "csv"), dataset.dataVersion);
    expectSameTree(await apiTree(first), await apiTree(await build(withProvenanceOf(back, dataset))));
    // The chain of sources survives: HIFLD's layer first, then our export of it.
    expect(back.source.upstream.map((u) => u.name)).toEqual([
      ...dataset.source.upstream.map((u) => u.name),
      "HIFLD Urgent Care Facilities",
    ]);
  });
});
