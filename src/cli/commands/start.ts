import { type Command, parse } from "../args.js";
import { assertCanListen } from "../listen-check.js";
import { pipeline } from "./build.js";
import { SERVE_OPTIONS, SERVE_OPTIONS_HELP, serve, settingsFrom } from "./serve.js";

const usage = `Usage: ucd start [options]

Builds the built-in synthetic sample into public/ (fast compression) and serves it: what \`npm start\` runs.
A port that is taken fails at once, before anything is built or published.

Options:
  --out DIR               output folder (default: public)
${SERVE_OPTIONS_HELP}
  -h, --help              show this help`;

export const startCommand: Command = {
  name: "start",
  summary: "build the sample and serve it (npm start)",
  usage,
  async run(argv) {
    const { values } = parse(argv, { ...SERVE_OPTIONS, out: { type: "string", default: "public" } });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    const settings = settingsFrom(values);
    const shownHost = settings.host.includes(":")
      ? `[${settings.host}]`
      : settings.host === "0.0.0.0"
        ? "127.0.0.1"
        : settings.host;
    // Before building: a release published under a server already running there would replace what it serves.
    await assertCanListen(settings.host, settings.port);
    const started = Date.now();
    const { generateSample, publishRelease } = await pipeline();
    const dataset = generateSample();
    await publishRelease(dataset, values.out, {
      siteUrl: `http://${shownHost}:${settings.port}`,
      compression: "fast",
    });
    console.log(`built the synthetic sample (${dataset.clinics.size} clinics) in ${Date.now() - started} ms`);
    await serve(values.out, settings);
    return 0;
  },
};
