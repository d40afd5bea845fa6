// A worker thread that imports through the compiled modules (`dist/`), which the CLI runs and where the states
// stage can start its own worker thread. A thread of its own: the compiled schemas must not meet the sources' in
// the test's module cache (their ids are global to zod). workerData: { runs: [{ inputs, dataVersion, tmpDir,
// threads, previousOf? }] } — `previousOf` names an earlier run whose snapshot is `previous`. Posts each run's
// data set (clinics, cities, networks, report, record dates, source), its snapshot's files (hex), its problems,
// summary and reused rows.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";

const dist = new URL("../../dist/", import.meta.url);
const { importFiles } = await import(new URL("ingest/import.js", dist).href);
const { readSnapshot } = await import(new URL("ingest/snapshot.js", dist).href);
const { collectClinics } = await import(new URL("dataset/store.js", dist).href);
const { StateThread } = await import(new URL("ingest/stages/state-thread.js", dist).href);

const results = [];
const snapshots = [];
const datasets = [];
for (const run of workerData.runs) {
  const previous = run.previousOf === undefined ? undefined : await readSnapshot(snapshots[run.previousOf]);
  const { dataset, log, reused } = await importFiles({
    inputs: run.inputs,
    dataVersion: run.dataVersion,
    tmpDir: run.tmpDir,
    threads: run.threads,
    ...(previous ? { previous } : {}),
  });
  if (!dataset) throw new Error(`${run.inputs} did not import`);
  snapshots.push(dataset.snapshot);
  const snapshot = [];
  for (const name of (await readdir(dataset.snapshot)).sort())
    snapshot.push([name, (await readFile(join(dataset.snapshot, name))).toString("hex")]);
  results.push({
    reused,
    log: log.problems,
    summary: log.summary(),
    clinics: await collectClinics(dataset.clinics),
    cities: dataset.cities,
    networks: dataset.networks,
    report: dataset.report,
    recordDates: dataset.recordDates,
    source: dataset.source,
    snapshot,
  });
  datasets.push(dataset);
}
// Only now: a run's snapshot is read by the runs after it.
for (const d of datasets) await d.clinics.dispose();
parentPort?.postMessage({ threadAvailable: StateThread.available, results });
