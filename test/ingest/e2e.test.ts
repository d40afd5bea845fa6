import { join } from "node:path";
import { type RunningServer, startServer } from "@urgent-care-directory/server";
import { afterAll, beforeAll, expect, test } from "vitest";
import { importFiles } from "../../src/ingest/import.js";
import { renderSite } from "../../src/render/build.js";
import { ClinicsByCity, StatesList, Stats } from "../../src/schema/index.js";
import { WITHOUT_SITE } from "../helpers/sample-site.js";
import { HIFLD_FIXTURE, scratch } from "./helpers.js";

let server: RunningServer;
let tmp: Awaited<ReturnType<typeof scratch>>;

beforeAll(async () => {
  tmp = await scratch();
  const { dataset } = await importFiles({ inputs: [HIFLD_FIXTURE], tmpDir: tmp.dir });
  if (!dataset) throw new Error("fixture did not import");
  const out = join(tmp.dir, "public");
  // The API is what is served and read here; the site is built by the sample build and the site tests.
  await renderSite(dataset, out, {
    siteUrl: "https://uc.example.org",
    compression: "fast",
    parts: WITHOUT_SITE,
  });
  await dataset.clinics.dispose();
  server = await startServer({ dir: out, port: 0 });
});
afterAll(async () => {
  await server?.close();
  await tmp?.cleanup();
});

const get = async (path: string) => {
  const res = await fetch(`${server.url}/api/v1${path}`);
  return { status: res.status, body: (await res.json()) as unknown };
};

test("a HIFLD build served over HTTP: real, valid documents", async () => {
  const index = await get("/index.json");
  expect(index.status).toBe(200);
  expect((index.body as { meta: { synthetic: boolean } }).meta.synthetic).toBe(false);

  const states = StatesList.parse((await get("/states.json")).body);
  expect(states.count).toBe(51);
  expect(states.states.find((s) => s.code === "TX")?.clinic_count).toBe(5);

  const frisco = ClinicsByCity.parse((await get("/clinics/texas/frisco.json")).body);
  expect(frisco.meta.synthetic).toBe(false);
  expect(frisco.clinics[0]).toMatchObject({
    name: "CareNow Urgent Care - Frisco",
    network: "CareNow",
    coordinates: "33.1302,-96.8044",
    phone: "(972) 555-0101",
    hours: null,
    website: null,
  });
  expect(frisco.city.timezone).toBe("America/Chicago");

  const stats = Stats.parse((await get("/stats.json")).body);
  expect(stats.data_quality.synthetic).toBe(false);
  expect(stats.data_quality.records.read).toBe(
    stats.data_quality.records.published +
      stats.data_quality.records.rejected +
      stats.data_quality.records.merged,
  );
  expect(stats.data_quality.sources).toEqual([
    { name: "hifld-sample.csv", format: "csv", records: 32, date: "2023-06-12" },
  ]);

  expect((await get("/clinics/puerto-rico/san-juan.json")).status).toBe(404);
  expect((await get("/cities/kansas.json")).status).toBe(200);
});
