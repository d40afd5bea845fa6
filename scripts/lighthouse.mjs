#!/usr/bin/env node
// The site on a phone, measured: Lighthouse (the `lighthouse` npm package) against Debian's Chromium, with its mobile
// emulation and its default (simulated) throttling of a mid-range phone on a slow 4G connection, on the home page,
// the heaviest city page, the heaviest clinic page and the near-me results (`/near-me/#zip=…`), in English and in
// Spanish. Builds the sample (or reads `--dir`), serves it with the project's own server (its headers: CSP,
// compression, caching), and prints one Markdown table of the four category scores, with LCP, TBT and CLS.
//
//   npm run lighthouse [-- --dir public] [--runs 3] [--json results.json]
//
// With --runs N every page is measured N times and the median run (by Performance) is reported. The scores asked
// of every page: Performance ≥ 95, Accessibility, Best Practices and SEO 100; the exit code is 1 when one is not met.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startServer } from "@urgent-care-directory/server";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    dir: { type: "string" },
    runs: { type: "string", default: "1" },
    json: { type: "string" },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
  },
});
const runs = Math.max(1, Number(args.runs));
const MIN = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

/** A free port on the loopback: the site's address must be known before it is built (its canonical links). */
async function freePort() {
  const server = createServer();
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
let dir = args.dir ? resolve(args.dir) : null;
let scratch = null;
if (!dir) {
  // The sample, built for this address: canonical and hreflang links name the host Lighthouse loads.
  scratch = mkdtempSync(join(tmpdir(), "ucd-lighthouse-"));
  const out = join(scratch, "site");
  const build = spawnSync(
    process.execPath,
    [
      join(repo, "bin/ucd.js"),
      "build",
      "--out",
      out,
      "--site-url",
      origin,
      "--generated-at",
      "2026-05-01T00:00:00Z",
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  if (build.status !== 0) process.exit(1);
  dir = realpathSync(out);
}

/** The heaviest page of a kind (by brotli size), from the tree manifest. */
function heaviest(pattern) {
  const lines = readFileSync(join(dir, "files.tsv"), "utf8").split("\n");
  const sizes = new Map(lines.map((l) => l.split("\t")).map(([p, b]) => [p, Number(b)]));
  let best = null;
  for (const [path] of sizes)
    if (pattern.test(path) && (!best || (sizes.get(`${path}.br`) ?? 0) > (sizes.get(`${best}.br`) ?? 0)))
      best = path;
  return `/${best.replace(/index\.html$/, "")}`;
}

const city = heaviest(/^clinics\/[^/]+\/[^/]+\/index\.html$/);
// A clinic's page is `{id}.html` (the former `{id}/index.html` redirects to it).
const clinic = heaviest(/^clinics\/[^/]+\/[^/]+\/[a-z0-9]{12}\.html$/);
// A ZIP code of the heaviest city's area: the first clinic's.
const cityDoc = JSON.parse(readFileSync(join(dir, `api/v1${city.replace(/\/$/, ".json")}`), "utf8"));
const zip = /\b(\d{5})\s*$/.exec(cityDoc.clinics.find((c) => c.address)?.address ?? "")?.[1] ?? "10001";
const pages = [
  ["Home", "/"],
  ["City", city],
  ["Clinic", clinic],
  ["Near-me results", `/near-me/#zip=${zip}`],
];

const server = await startServer({ dir, port, host: "127.0.0.1" });
const chrome = await chromeLauncher.launch({
  chromePath: args.chromium,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
  ],
});
const rows = [];
let failed = false;
try {
  for (const [name, path] of pages)
    for (const lang of ["en", "es"]) {
      const url = `${origin}${lang === "es" ? "/es" : ""}${path}`;
      const results = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          formFactor: "mobile",
          screenEmulation: {
            mobile: true,
            width: 412,
            height: 823,
            deviceScaleFactor: 1.75,
            disabled: false,
          },
          throttlingMethod: "simulate",
        });
        results.push(result.lhr);
      }
      results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const lhr = results[Math.floor(results.length / 2)];
      const score = (c) => Math.round((lhr.categories[c].score ?? 0) * 100);
      const failing = Object.entries(MIN).filter(([c, min]) => score(c) < min);
      if (failing.length) failed = true;
      const below = Object.values(lhr.categories)
        .filter((c) => c.score !== null && c.score < 1)
        .flatMap((c) =>
          c.auditRefs
            .filter((r) => r.weight > 0 && (lhr.audits[r.id].score ?? 1) < 1)
            .map((r) => `${r.id} (${lhr.audits[r.id].displayValue ?? lhr.audits[r.id].score})`),
        );
      rows.push({
        page: name,
        lang,
        path: new URL(url).pathname + new URL(url).hash,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcp: lhr.audits["largest-contentful-paint"].displayValue,
        tbt: lhr.audits["total-blocking-time"].displayValue,
        cls: lhr.audits["cumulative-layout-shift"].displayValue,
        below,
      });
      process.stderr.write(
        `${name} (${lang}): ${score("performance")} ${score("accessibility")} ${score("best-practices")} ${score("seo")}\n`,
      );
    }
} finally {
  await chrome.kill();
  await server.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}

const version = JSON.parse(readFileSync(join(repo, "node_modules/lighthouse/package.json"), "utf8")).version;
const browser = spawnSync(args.chromium, ["--version"], { encoding: "utf8" }).stdout.trim();
console.log(
  `Lighthouse ${version}, ${browser}, mobile emulation, simulated throttling (slow 4G, 4× CPU); ${runs === 1 ? "one run" : `median of ${runs} runs`} per page\n`,
);
console.log("| Page | Language | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS |");
console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows)
  console.log(
    `| ${r.page} (\`${r.path}\`) | ${r.lang} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcp} | ${r.tbt} | ${r.cls} |`,
  );
const short = rows.filter((r) => r.below.length);
if (short.length) {
  console.log("\nAudits below full marks:");
  for (const r of short) console.log(`- ${r.page} (${r.lang}): ${r.below.join(", ")}`);
}
if (args.json) writeFileSync(args.json, JSON.stringify(rows, null, 2));
process.exit(failed ? 1 : 0);
