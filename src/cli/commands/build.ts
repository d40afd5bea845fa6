import { performance } from "node:perf_hooks";
import { buildSite } from "../../build/build.js";
import type { Dataset } from "../../dataset/types.js";
import { generateSample } from "../../sample/generate.js";
import { type Command, InputError, parse, UsageError } from "../args.js";
import {
  formatProblem,
  IMPORT_OPTIONS,
  IMPORT_USAGE,
  runImport,
  summaryLines,
  writeReport,
} from "./import-options.js";

export const DEFAULT_SITE_URL = "http://127.0.0.1:8080";

const usage = `Usage: ucd build [options]

Builds the static API (documents, OpenAPI, docs page, precompressed copies) into an output folder.
With --input, publishes real data read from the files (see docs/ingest.md); with no --input, builds the
built-in synthetic sample. A failed build leaves the previous output untouched.

Options:
${IMPORT_USAGE}
  --out DIR             output folder (default: public); replaced atomically
  --site-url URL        public address of the site (default: ${DEFAULT_SITE_URL})
  --base-url URL        address of the API (default: {site-url}/api/v1)
  --generated-at ISO    timestamp written into every document (default: the data date, for reproducible builds)
  --seed TEXT           seed of the synthetic sample (default: ucd-sample-v1)
  --compression LEVEL   max (brotli 11, for publishing) or fast (brotli 5) (default: max)
  -h, --help            show this help`;

export const buildCommand: Command = {
  name: "build",
  summary: "build the static API into an output folder",
  usage,
  async run(argv) {
    const { values } = parse(argv, {
      out: { type: "string", default: "public" },
      "site-url": { type: "string", default: DEFAULT_SITE_URL },
      "base-url": { type: "string" },
      "generated-at": { type: "string" },
      seed: { type: "string" },
      compression: { type: "string", default: "max" },
      ...IMPORT_OPTIONS,
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    const compression = values.compression;
    if (compression !== "max" && compression !== "fast")
      throw new UsageError(`--compression must be max or fast, not ${compression}`);
    const generatedAt = values["generated-at"];
    if (generatedAt !== undefined && Number.isNaN(Date.parse(generatedAt)))
      throw new UsageError(`--generated-at is not a timestamp: ${generatedAt}`);
    checkUrl("--site-url", values["site-url"]);
    if (values["base-url"] !== undefined) checkUrl("--base-url", values["base-url"]);

    const started = performance.now();
    let dataset: Dataset;
    if (values.input === undefined) {
      for (const flag of ["profile", "report", "data-version"] as const) {
        if (values[flag] !== undefined) throw new UsageError(`--${flag} needs --input`);
      }
      dataset = generateSample(values.seed === undefined ? {} : { seed: values.seed });
    } else {
      if (values.seed !== undefined)
        throw new UsageError("--seed applies to the sample only, not with --input");
      const result = await runImport(values);
      const { log } = result;
      const fatal = log.problems.filter((p) => p.kind === "fatal");
      const refused = fatal.length > 0 || (values.strict && log.count("rejected") > 0);
      if (values.report !== undefined) await writeReport(values.report, result, !refused);
      console.error(`import: ${log.problems.length} problem(s)`);
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
    if (dataset.clinics.size === 0) {
      await dataset.clinics.dispose();
      throw new InputError(`build refused: no clinic to publish, ${values.out} left untouched`);
    }
    let result: Awaited<ReturnType<typeof buildSite>>;
    try {
      result = await buildSite(dataset, values.out, {
        siteUrl: values["site-url"],
        ...(values["base-url"] === undefined ? {} : { baseUrl: values["base-url"] }),
        ...(generatedAt === undefined
          ? {}
          : { generatedAt: new Date(generatedAt).toISOString().replace(/\.000Z$/, "Z") }),
        compression,
      });
    } finally {
      await dataset.clinics.dispose();
    }
    const ms = Math.round(performance.now() - started);
    console.error(
      `built ${dataset.clinics.size} clinics (${dataset.source.synthetic ? "synthetic sample" : dataset.source.name}) into ${values.out}: ${result.files} files, ` +
        `${kb(result.bytes.raw)} raw, ${kb(result.bytes.gzip)} gzip, ${kb(result.bytes.brotli)} brotli, in ${ms} ms`,
    );
    return 0;
  },
};

function checkUrl(flag: string, value: string): void {
  try {
    const u = new URL(value);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error();
  } catch {
    throw new UsageError(`${flag} is not an http(s) address: ${value}`);
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
