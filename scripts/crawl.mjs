#!/usr/bin/env node
// node scripts/crawl.mjs BASE_URL [--dir OUT] [--concurrency N]
// Crawls a served site from `/` (0 broken links, every page text/html, every `url` of the API documents a 200
// page) and validates every API document reached against the site's `api/openapi.json`. With --dir (the folder
// served), also every API document and page file `files.tsv` lists. Prints a summary and the problems; exits 1
// on any problem, 2 on a usage error. See scripts/site-check.mjs.
import { parseArgs } from "node:util";
import { checkSite, problemsOf, summaryOf } from "./site-check.mjs";

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { dir: { type: "string" }, concurrency: { type: "string", default: "8" } },
  });
} catch (e) {
  console.error(`crawl: ${e.message}`);
  process.exit(2);
}
const { values, positionals } = parsed;
const concurrency = Number(values.concurrency);
if (positionals.length !== 1 || !/^https?:\/\//.test(positionals[0]) || !(concurrency >= 1)) {
  console.error("usage: node scripts/crawl.mjs BASE_URL [--dir OUT] [--concurrency N]");
  process.exit(2);
}

try {
  const report = await checkSite(positionals[0], { concurrency, ...(values.dir ? { dir: values.dir } : {}) });
  const problems = problemsOf(report);
  for (const line of summaryOf(report)) console.log(line);
  for (const line of problems.slice(0, 50)) console.log(`  PROBLEM ${line}`);
  if (problems.length > 50) console.log(`  … and ${problems.length - 50} more`);
  console.log(problems.length ? `crawl: ${problems.length} problems` : "crawl: ok");
  process.exit(problems.length ? 1 : 0);
} catch (e) {
  console.log(`crawl: crashed: ${e.stack ?? e}`);
  process.exit(1);
}
