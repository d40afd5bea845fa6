import { buildSite } from "../../build/build.js";
import { generateSample } from "../../sample/generate.js";
import { type Command, parse, portFrom } from "../args.js";
import { serve } from "./serve.js";

const usage = `Usage: ucd start [options]

Builds the built-in synthetic sample into public/ (fast compression) and serves it: what \`npm start\` runs.

Options:
  --host HOST   address to listen on (default: $HOST or 127.0.0.1)
  --port N      port to listen on (default: $PORT or 8080)
  --out DIR     output folder (default: public)
  -h, --help    show this help`;

export const startCommand: Command = {
  name: "start",
  summary: "build the sample and serve it (npm start)",
  usage,
  async run(argv) {
    const { values } = parse(argv, { host: { type: "string" }, port: { type: "string" }, out: { type: "string", default: "public" } });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    const host = values.host ?? process.env.HOST ?? "127.0.0.1";
    const port = portFrom(values.port ?? process.env.PORT, 8080);
    const shownHost = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;
    const started = Date.now();
    const dataset = generateSample();
    await buildSite(dataset, values.out, { siteUrl: `http://${shownHost}:${port}`, compression: "fast" });
    console.log(`built the synthetic sample (${dataset.clinics.length} clinics) in ${Date.now() - started} ms`);
    await serve(values.out, host, port);
    return 0;
  },
};
