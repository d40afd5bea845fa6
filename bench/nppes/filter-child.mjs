// One measured filter run, in its own process so that its peak RSS is its own (the harness preloads
// bench/import/peak-rss.mjs): `duckdb FILE` counts the urgent-care organisation rows with DuckDB's read_csv;
// `ours REPO FILE` calls filterNppes from REPO's build. Prints one line `RESULT {json}` on stdout.
import { pathToFileURL } from "node:url";

const [mode, ...args] = process.argv.slice(2);
const SLOTS = Array.from({ length: 15 }, (_, i) => `"Healthcare Provider Taxonomy Code_${i + 1}"`).join(", ");
const print = (result) => console.log(`RESULT ${JSON.stringify(result)}`);

if (mode === "duckdb") {
  const [file] = args;
  const { DuckDBInstance } = await import("@duckdb/node-api");
  const db = await DuckDBInstance.create(":memory:");
  const con = await db.connect();
  const threads = (await con.runAndReadAll("SELECT current_setting('threads') AS t")).getRowObjectsJS()[0]?.t;
  const started = performance.now();
  const sql = `SELECT count(*)::BIGINT AS n FROM read_csv('${file.replaceAll("'", "''")}', header = true, all_varchar = true)
    WHERE "Entity Type Code" = '2' AND ('261QU0200X' IN (${SLOTS}))`;
  const rows = (await con.runAndReadAll(sql)).getRowObjectsJS();
  const seconds = (performance.now() - started) / 1000;
  print({ available: true, count: Number(rows[0]?.n), seconds, threads: Number(threads) });
} else if (mode === "ours") {
  const [repo, file] = args;
  const module = new URL("dist/ingest/nppes/filter.js", pathToFileURL(`${repo}/`));
  let filterNppes;
  try {
    ({ filterNppes } = await import(module.href));
    if (typeof filterNppes !== "function") throw new Error("it exports no filterNppes function");
  } catch (e) {
    const missing = e.code === "ERR_MODULE_NOT_FOUND" && e.message.includes("filter.js");
    print({
      available: false,
      reason: missing
        ? "dist/ingest/nppes/filter.js missing"
        : `dist/ingest/nppes/filter.js: ${e.message.split("\n")[0]}`,
    });
    process.exit(0);
  }
  const started = performance.now();
  const r = await filterNppes(file, { taxonomies: ["261QU0200X"] });
  const seconds = (performance.now() - started) / 1000;
  print({
    available: true,
    count: r.matched,
    seconds,
    lines: r.lines,
    candidates: r.candidates,
    bytes: r.bytes,
  });
} else {
  console.error("usage: node bench/nppes/filter-child.mjs duckdb FILE | ours REPO FILE");
  process.exit(2);
}
