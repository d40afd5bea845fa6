// One measured run, in its own process so that its peak RSS is its own (the harness preloads
// bench/import/peak-rss.mjs). Prints one line `RESULT {json}` on stdout.
//   duckdb DIR LIST   DuckDB's read_json of the run's extracted GeoJSON files (DIR/*.geojson) with the importer's
//                     filter (urgent care by category, listed spider or brand; no end_date): the features kept
//   ours REPO ZIP LIST  filterAllThePlaces of REPO's build on the run's ZIP (streamed, never extracted)
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const [mode, ...args] = process.argv.slice(2);
const print = (result) => console.log(`RESULT ${JSON.stringify(result)}`);

/**
 * The importer's filter in SQL over one feature `f` (JSON) of spider `spider`: a listed spider, the urgent-care
 * category (`healthcare:speciality` holding `urgent`), or a listed brand or operator; no `end_date`.
 * @param {{ spiders: { spider: string }[], brands: { wikidata: string }[] }} list
 */
export function filterSql(list) {
  const quoted = (xs) => xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(", ") || "NULL";
  const spiders = quoted(list.spiders.map((s) => s.spider));
  const brands = quoted(list.brands.map((b) => b.wikidata));
  return `(spider IN (${spiders})
      OR list_contains(string_split(json_extract_string(f, '$.properties."healthcare:speciality"'), ';'), 'urgent')
      OR json_extract_string(f, '$.properties."brand:wikidata"') IN (${brands})
      OR json_extract_string(f, '$.properties."operator:wikidata"') IN (${brands}))
    AND json_extract_string(f, '$.properties.end_date') IS NULL`;
}

if (mode === "duckdb") {
  const [dir, listFile] = args;
  const list = JSON.parse(await readFile(listFile, "utf8"));
  const { DuckDBInstance } = await import("@duckdb/node-api");
  const db = await DuckDBInstance.create(":memory:");
  const con = await db.connect();
  const threads = (await con.runAndReadAll("SELECT current_setting('threads') AS t")).getRowObjectsJS()[0]?.t;
  const files = `${dir.replaceAll("'", "''")}/*.geojson`;
  // Each file is one FeatureCollection: read as one record, its features unnested; the largest is far over
  // DuckDB's default object size.
  const sql = `SELECT count(*)::BIGINT AS n FROM (
      SELECT unnest(features) AS f, dataset_attributes."@spider" AS spider
      FROM read_json('${files}', format = 'unstructured', records = true, maximum_object_size = 2147483647,
        columns = {type: 'VARCHAR', dataset_attributes: 'STRUCT("@spider" VARCHAR)', features: 'JSON[]'})
    ) WHERE ${filterSql(list)}`;
  const started = performance.now();
  const rows = (await con.runAndReadAll(sql)).getRowObjectsJS();
  const seconds = (performance.now() - started) / 1000;
  print({ available: true, count: Number(rows[0]?.n), seconds, threads: Number(threads) });
} else if (mode === "ours") {
  const [repo, zip, listFile] = args;
  const url = (p) => new URL(p, pathToFileURL(`${repo}/`)).href;
  let filter;
  let parse;
  try {
    ({ filterAllThePlaces: filter } = await import(url("dist/ingest/alltheplaces/filter.js")));
    ({ UrgentCareList: parse } = await import(url("dist/ingest/alltheplaces/urgent-care.js")));
  } catch (e) {
    print({ available: false, reason: `dist/ingest/alltheplaces: ${e.message.split("\n")[0]}` });
    process.exit(0);
  }
  const list = parse.parse(JSON.parse(await readFile(listFile, "utf8")));
  const started = performance.now();
  const c = await filter(zip, { list });
  const seconds = (performance.now() - started) / 1000;
  // The count DuckDB's filter gives: urgent-care features without an end_date (in the US or not).
  print({ available: true, count: c.read + (c.leftOut.outside_us ?? 0), seconds, counts: c });
} else {
  console.error("usage: node bench/alltheplaces/filter-child.mjs duckdb DIR LIST | ours REPO ZIP LIST");
  process.exit(2);
}
