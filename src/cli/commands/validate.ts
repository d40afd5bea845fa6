import { type Command, parse } from "../args.js";
import {
  fileLines,
  formatProblem,
  IMPORT_OPTIONS,
  IMPORT_USAGE,
  runImport,
  summaryLines,
  writeReport,
} from "./import-options.js";

const usage = `Usage: ucd validate --input FILE [--input FILE …] [options]

Reads the inputs exactly as \`build\` would and prints every problem as file:row:field: code: message,
then a summary by code. Writes nothing (except --report). Exit 1 when there are errors (a file that cannot
be read, missing columns, malformed rows; with --strict also any rejected record), 2 on bad usage.

Options:
${IMPORT_USAGE}
  --out DIR             check an update (weekly NPPES file, deactivation report) against the release
                        published there (default: an update is read on its own)
  -h, --help            show this help`;

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export const validateCommand: Command = {
  name: "validate",
  summary: "check input files and report every problem, writing nothing",
  usage,
  async run(argv) {
    const { values, tokens } = parse(argv, { ...IMPORT_OPTIONS, out: { type: "string" } });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    const result = await runImport(values, values.out, tokens);
    const { log } = result;
    for (const p of log.problems) console.log(formatProblem(p));
    const failed = log.errorCount > 0 || (values.strict === true && log.count("rejected") > 0);
    const d = result.dataset;
    console.log(
      `\n${log.problems.length} problem(s) in ${result.files.length} file(s)` +
        (d
          ? `: ${d.report.read} records read, ${d.clinics.size} would be published, ${sum(d.report.rejected)} rejected, ${sum(d.report.merged)} merged`
          : ": the files cannot be built"),
    );
    for (const line of fileLines(result.files)) console.log(line);
    for (const line of summaryLines(log)) console.log(line);
    if (values.report !== undefined) await writeReport(values.report, result, !failed);
    await d?.clinics.dispose();
    console.log(failed ? "validate: FAILED" : "validate: OK");
    return failed ? 1 : 0;
  },
};
