import { publishRelease } from "../../release/publish.js";
import { generateSample } from "../../sample/generate.js";
import { type Command, parse } from "../args.js";
import { SERVE_OPTIONS, serve, serveSettings } from "./serve.js";

const usage = `Usage: ucd start [options]

Builds the built-in synthetic sample into public/ (fast compression) and serves it: what \`npm start\` runs.

Options:
  --out DIR               output folder (default: public)
  --host HOST             address to listen on (default: $HOST or 127.0.0.1)
  --port N                port to listen on (default: $PORT or 8080)
  --workers N             worker processes (default: $WORKERS or the number of cores)
  --mode fast|node        raw-socket server (fast, default) or the node:http fallback (node)
  --access-log            one JSON line per response on stdout
  --max-connections N     connections per worker before answering 503 (default 10000)
  --headers-timeout MS    time a client gets to send its request head (default 10000)
  --grace MS              time in-flight requests get on shutdown (default 10000)
  --no-watch              reload on SIGHUP only, not when the folder is replaced
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
    const settings = serveSettings(values);
    const shownHost = settings.host.includes(":")
      ? `[${settings.host}]`
      : settings.host === "0.0.0.0"
        ? "127.0.0.1"
        : settings.host;
    const started = Date.now();
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
