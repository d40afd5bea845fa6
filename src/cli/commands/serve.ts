import { startServer } from "@urgent-care-directory/server";
import { type Command, parse, portFrom, UsageError } from "../args.js";

const usage = `Usage: ucd serve [DIR] [options]

Serves a build output folder (default: public) over HTTP.

Options:
  --host HOST   address to listen on (default: $HOST or 127.0.0.1)
  --port N      port to listen on, 0 for any free one (default: $PORT or 8080)
  -h, --help    show this help`;

export const serveCommand: Command = {
  name: "serve",
  summary: "serve a build output folder over HTTP",
  usage,
  async run(argv) {
    const { values, positionals } = parse(argv, { host: { type: "string" }, port: { type: "string" } }, true);
    if (values.help) {
      console.log(usage);
      return 0;
    }
    if (positionals.length > 1) throw new UsageError(`serve takes one folder, got ${positionals.length}`);
    await serve(positionals[0] ?? "public", values.host ?? process.env.HOST ?? "127.0.0.1", portFrom(values.port ?? process.env.PORT, 8080));
    return 0;
  },
};

/** Starts the server, prints where the API is, and shuts down cleanly on SIGINT/SIGTERM. */
export async function serve(dir: string, host: string, port: number): Promise<void> {
  const running = await startServer({ dir, host, port });
  console.log(`serving ${dir} (${running.site.documents.size} documents)`);
  console.log(`  API index: ${running.url}/api/v1/index.json`);
  console.log(`  OpenAPI:   ${running.url}/api/openapi.json`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      console.log(`${signal}: closing`);
      const timer = setTimeout(() => process.exit(0), 10_000);
      timer.unref();
      running.close().then(resolve, resolve);
    };
    process.once("SIGINT", () => stop("SIGINT"));
    process.once("SIGTERM", () => stop("SIGTERM"));
  });
}
