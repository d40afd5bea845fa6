import { performance } from "node:perf_hooks";
import { DEFAULT_KEEP_RELEASES } from "../../dataset/releases.js";
import type { Dataset } from "../../dataset/types.js";
import { purge, purgeLine } from "../../deploy/purge.js";
import type { PublishResult } from "../../release/publish.js";
import { type Command, InputError, parse, UsageError } from "../args.js";
import {
  fileLines,
  formatProblem,
  IMPORT_OPTIONS,
  IMPORT_USAGE,
  runImport,
  summaryLines,
  writeReport,
} from "./import-options.js";

export const DEFAULT_SITE_URL = "http://127.0.0.1:8080";

const usage = `Usage: ucd build [options]

Builds the API documents, OpenAPI, search index, bulk downloads and the site (with precompressed copies)
as a new release of the output folder. With --input, publishes real data read from the files (see
docs/ingest.md); with no --input, builds the built-in synthetic sample. A failed build leaves the previous
output untouched.

Options:
${IMPORT_USAGE}
  --out DIR             output path (default: public): a link to the current release, switched in one step
  --site-url URL        public address of the site (default: ${DEFAULT_SITE_URL})
  --base-url URL        address of the API (default: {site-url}/api/v1)
  --generated-at ISO    generation time written into every document (default: $SOURCE_DATE_EPOCH, else now)
  --seed TEXT           seed of the synthetic sample (default: ucd-sample-v1)
  --compression LEVEL   max (brotli 11, for publishing) or fast (brotli 5) (default: max)
  --keep-releases N     releases kept listed with their dated downloads and changes (default: ${DEFAULT_KEEP_RELEASES})
  --allow-shrink        publish even if more than 10% of the previous release's clinics would be removed
  --allow-older         publish even if the data version is older than the published release's, or apply an
                        update (a weekly file) older than it: a rollback
  --purge URL           after publishing, BAN everything under URL's path from the cache there (Varnish with
                        \`ucd deploy-config varnish\`), so that no document of the old release is served
                        (repeatable; exit 1 if a purge fails, the release staying published)
  -h, --help            show this help`;

/** The options of `ucd build`. */
export const BUILD_OPTIONS = {
  out: { type: "string", default: "public" },
  "site-url": { type: "string", default: DEFAULT_SITE_URL },
  "base-url": { type: "string" },
  "generated-at": { type: "string" },
  seed: { type: "string" },
  compression: { type: "string", default: "max" },
  "keep-releases": { type: "string" },
  "allow-shrink": { type: "boolean", default: false },
  "allow-older": { type: "boolean", default: false },
  purge: { type: "string", multiple: true },
  ...IMPORT_OPTIONS,
} as const;

export const buildCommand: Command = {
  name: "build",
  summary: "build the static API into an output folder",
  usage,
  async run(argv) {
    const { values, tokens } = parse(argv, BUILD_OPTIONS);
    if (values.help) {
      console.log(usage);
      return 0;
    }
    const compression = values.compression;
    if (compression !== "max" && compression !== "fast")
      throw new UsageError(`--compression must be max or fast, not ${compression}`);
    const keep =
      values["keep-releases"] === undefined ? DEFAULT_KEEP_RELEASES : Number(values["keep-releases"]);
    if (!Number.isInteger(keep) || keep < 1)
      throw new UsageError(`--keep-releases must be a whole number ≥ 1, not ${values["keep-releases"]}`);
    const generatedAt = generationTime(values["generated-at"], process.env.SOURCE_DATE_EPOCH);
    checkUrl("--site-url", values["site-url"]);
    if (values["base-url"] !== undefined) checkUrl("--base-url", values["base-url"]);
    for (const url of values.purge ?? []) checkUrl("--purge", url);

    const started = performance.now();
    const { generateSample, publishRelease } = await pipeline();
    let imported = started;
    let dataset: Dataset;
    if (values.input === undefined) {
      for (const flag of ["profile", "report", "data-version", "taxonomy", "keep-kind"] as const) {
        if (values[flag] !== undefined) throw new UsageError(`--${flag} needs --input`);
      }
      dataset = generateSample(values.seed === undefined ? {} : { seed: values.seed });
    } else {
      if (values.seed !== undefined)
        throw new UsageError("--seed applies to the sample only, not with --input");
      const result = await runImport(values, values.out, tokens);
      const { log } = result;
      const fatal = log.problems.filter((p) => p.kind === "fatal");
      const refused = fatal.length > 0 || (values.strict && log.count("rejected") > 0);
      if (values.report !== undefined) await writeReport(values.report, result, !refused);
      console.error(`import: ${log.problems.length} problem(s)`);
      for (const line of fileLines(result.files)) console.error(line);
      for (const line of summaryLines(log)) console.error(line);
      if (fatal.length > 0 || !result.dataset) {
        throw new InputError(
          `build refused, ${values.out} left untouched:\n${fatal.map((p) => `  ${formatProblem(p)}`).join("\n")}`,
        );
      }
      if (refused) {
        await result.dataset.clinics.dispose();
        const rejected = log.problems.filter((p) => p.kind === "rejected");
        throw new InputError(
          `build refused (--strict): ${rejected.length} record(s) rejected, ${values.out} left untouched:\n${rejected
            .slice(0, 20)
            .map((p) => `  ${formatProblem(p)}`)
            .join(
              "\n",
            )}${rejected.length > 20 ? `\n  … and ${rejected.length - 20} more (see validate or --report)` : ""}`,
        );
      }
      dataset = result.dataset;
    }
    imported = performance.now();
    if (values.input !== undefined && !argv.some((a) => a === "--site-url" || a.startsWith("--site-url=")))
      console.error(
        `ucd: warning: no --site-url given: every link in the documents and pages (clinic urls, the attribution link, sitemap) will point at ${DEFAULT_SITE_URL}. Pass --site-url with the public address before publishing.`,
      );
    let result: PublishResult;
    try {
      result = await publishRelease(dataset, values.out, {
        siteUrl: values["site-url"],
        ...(values["base-url"] === undefined ? {} : { baseUrl: values["base-url"] }),
        generatedAt,
        compression,
        keepReleases: keep,
        allowShrink: values["allow-shrink"],
        allowOlder: values["allow-older"],
      });
    } finally {
      await dataset.clinics.dispose();
    }
    const ms = Math.round(performance.now() - started);
    console.error(
      `built ${dataset.clinics.size} clinics (${dataset.source.synthetic ? "synthetic sample" : dataset.source.name}) into ${values.out}: ${result.files} files (${result.reused} reused), ` +
        `${kb(result.bytes.raw)} raw, ${kb(result.bytes.gzip)} gzip, ${kb(result.bytes.brotli)} brotli, in ${ms} ms`,
    );
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const t = result.timings;
    console.error(
      `  units: ${result.units.rendered} rendered, ${result.units.carried} carried unchanged; written: ${result.written.files} files, ${kb(result.written.bytes)}`,
    );
    console.error(
      `  time: ${values.input === undefined ? "sample" : "import"} ${s(imported - started)}, compare ${s(t.compare)}, previous tree ${s(t.previous)}, render ${s(t.render)}, bookkeeping ${s(t.bookkeeping)}, switch ${s(t.publish)}, prune ${s(t.prune)}`,
    );
    for (const line of releaseLines(result)) console.error(line);
    let purgeFailed = false;
    for (const url of values.purge ?? []) {
      const purged = await purge(url, { prefix: true });
      console.error(purgeLine(purged));
      purgeFailed ||= !purged.ok;
    }
    if (purgeFailed)
      console.error("ucd: the release is published, but a cache may still serve the previous one");
    return purgeFailed ? 1 : 0;
  },
};

/**
 * The sample generator and the release pipeline, loaded once a build runs rather than for `--help` or a usage
 * error: their modules (geography, schemas, renderers) take a third of a second to load.
 */
export async function pipeline() {
  const [{ generateSample }, { publishRelease }] = await Promise.all([
    import("../../sample/generate.js"),
    import("../../release/publish.js"),
  ]);
  return { generateSample, publishRelease };
}

/** What the published release changed and how ids were kept, for the person who ran the build. */
export function releaseLines(result: PublishResult): string[] {
  const { comparison, release } = result;
  const lines = [`release ${release.id} published`];
  if (!comparison.base || !comparison.changes)
    return [...lines, "  the first release of this output: no changes to report"];
  const c = comparison.changes;
  lines.push(
    `  against ${comparison.base.dataVersion}: ${c.added.length} added, ${c.removed.length} no longer listed (kept as tombstones), ${c.changed.length} changed`,
    `  ids kept by rule: ${Object.entries(comparison.matchedByRule)
      .map(([rule, n]) => `${rule} ${n}`)
      .join(", ")}`,
  );
  if (comparison.ambiguous.length) {
    lines.push(`  ${comparison.ambiguous.length} ambiguous match(es), given new ids rather than guessed:`);
    for (const a of comparison.ambiguous.slice(0, 20))
      lines.push(`    ${a.state} "${a.name}" (${a.id}) could be ${a.candidates.join(" or ")} by ${a.rule}`);
    if (comparison.ambiguous.length > 20) lines.push(`    … and ${comparison.ambiguous.length - 20} more`);
  }
  return lines;
}

/**
 * The generation time of a build: `--generated-at` when given, else `SOURCE_DATE_EPOCH` (seconds since the epoch,
 * the reproducible-builds convention), else now.
 * @example generationTime(undefined, "1777593600", new Date()) // "2026-05-01T00:00:00Z"
 */
export function generationTime(
  flag: string | undefined,
  epoch: string | undefined,
  now = new Date(),
): string {
  let ms = now.getTime();
  if (flag !== undefined) {
    ms = Date.parse(flag);
    if (Number.isNaN(ms)) throw new UsageError(`--generated-at is not a timestamp: ${flag}`);
  } else if (epoch !== undefined && epoch !== "") {
    if (!/^\d{1,12}$/.test(epoch))
      throw new UsageError(`SOURCE_DATE_EPOCH is not a number of seconds: ${epoch}`);
    ms = Number(epoch) * 1000;
  }
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.000Z$/, "Z");
}

function checkUrl(flag: string, value: string): void {
  try {
    const u = new URL(value);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error();
  } catch {
    throw new UsageError(`${flag} is not an http(s) address: ${value}`);
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
