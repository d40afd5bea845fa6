// One measured run, in its own process so that its peak RSS is its own (the harness preloads
// bench/import/peak-rss.mjs). Prints one line `RESULT {json}` on stdout.
//   duckdb count FILE     DuckDB's read_parquet with the importer's filter, counting the places kept
//   duckdb rows FILE      the same, returning the fields the importer reads of each place kept
//   ours count REPO FILE  filterOverture of REPO's build
//   ours rows REPO FILE   readOverture of REPO's build (every kept place read, as the importer reads it)
//   merge REPO NPPES PLACES OUT   importFiles of both, the clinics' source ids written to OUT (JSON)
import { writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const [mode, ...args] = process.argv.slice(2);
const print = (result) => console.log(`RESULT ${JSON.stringify(result)}`);
const CATEGORIES = ["urgent_care_clinic"];
const MIN_CONFIDENCE = 0.5;
/** The licences the importer accepts (src/ingest/overture/licence.ts), lower case. */
const LICENCES = [
  "cdla-permissive-2.0",
  "cdla-permissive-1.0",
  "cc0-1.0",
  "pddl-1.0",
  "cc-by-4.0",
  "odc-by-1.0",
  "apache-2.0",
];

/** The importer's filter in SQL: wanted category, compatible licences, in the US or a territory, open, confident. */
export function filterSql() {
  const list = (xs) => xs.map((x) => `'${x}'`).join(", ");
  return `(categories.primary IN (${list(CATEGORIES)}) OR list_has_any(categories.alternate, [${list(CATEGORIES)}]))
    AND NOT coalesce(list_bool_or(list_transform(sources, s -> s.license IS NOT NULL AND trim(s.license) <> '' AND lower(trim(s.license)) NOT IN (${list(LICENCES)}))), false)
    AND coalesce(upper(list_filter(addresses, a -> a.country IS NOT NULL)[1].country) IN ('US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM'), true)
    AND coalesce(operating_status NOT IN ('permanently_closed', 'temporarily_closed'), true)
    AND (confidence IS NULL OR confidence >= ${MIN_CONFIDENCE})`;
}

if (mode === "duckdb") {
  const [what, file] = args;
  const { DuckDBInstance } = await import("@duckdb/node-api");
  const db = await DuckDBInstance.create(":memory:");
  const con = await db.connect();
  const threads = (await con.runAndReadAll("SELECT current_setting('threads') AS t")).getRowObjectsJS()[0]?.t;
  const f = `read_parquet('${file.replaceAll("'", "''")}')`;
  const started = performance.now();
  let count;
  if (what === "count") {
    const rows = (
      await con.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM ${f} WHERE ${filterSql()}`)
    ).getRowObjectsJS();
    count = Number(rows[0]?.n);
  } else {
    const sql = `SELECT id, names.primary AS name, ST_AsWKB(geometry) AS geometry, addresses, phones, websites,
      brand.names.primary AS brand, brand.wikidata AS wikidata, list_transform(sources, s -> s.update_time) AS updated
      FROM ${f} WHERE ${filterSql()}`;
    count = (await con.runAndReadAll(sql)).getRowObjectsJS().length;
  }
  const seconds = (performance.now() - started) / 1000;
  print({ available: true, count, seconds, threads: Number(threads) });
} else if (mode === "ours") {
  const [what, repo, file] = args;
  const module = (name) => new URL(`dist/ingest/overture/${name}.js`, pathToFileURL(`${repo}/`)).href;
  let run;
  try {
    if (what === "count") {
      const { filterOverture } = await import(module("filter"));
      run = async () => (await filterOverture(file)).kept;
    } else {
      const { readOverture } = await import(module("reader"));
      run = async () => {
        let n = 0;
        for await (const e of readOverture(file, () => {})) if (e.type === "row") n++;
        return n;
      };
    }
  } catch (e) {
    print({ available: false, reason: `dist/ingest/overture: ${e.message.split("\n")[0]}` });
    process.exit(0);
  }
  const started = performance.now();
  const count = await run();
  print({ available: true, count, seconds: (performance.now() - started) / 1000 });
} else if (mode === "merge") {
  const [repo, nppes, places, out] = args;
  const url = (p) => new URL(p, pathToFileURL(`${repo}/`)).href;
  const { importFiles } = await import(url("dist/ingest/import.js"));
  const { collectClinics } = await import(url("dist/dataset/store.js"));
  const started = performance.now();
  const r = await importFiles({ inputs: [nppes, places] });
  const seconds = (performance.now() - started) / 1000;
  if (!r.dataset) {
    print({
      available: false,
      reason: JSON.stringify(r.log.problems.filter((p) => p.kind === "fatal")).slice(0, 300),
    });
    process.exit(0);
  }
  const clinics = (await collectClinics(r.dataset.clinics)).map((c) => ({
    source_ids: c.source_ids,
    sources: c.sources.map((s) => ({ name: s.name, id: s.id, merged_ids: s.merged_ids })),
    zip: c.zip,
    coordinates_source: c.coordinates_source,
  }));
  await writeFile(out, JSON.stringify(clinics));
  const report = r.dataset.report;
  await r.dataset.clinics.dispose();
  print({
    available: true,
    seconds,
    clinics: clinics.length,
    read: report.read,
    merged: report.merged,
    rejected: report.rejected,
  });
} else {
  console.error(
    "usage: node bench/overture/filter-child.mjs duckdb count|rows FILE | ours count|rows REPO FILE | merge REPO NPPES PLACES OUT",
  );
  process.exit(2);
}
