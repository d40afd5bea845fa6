import {
  execForServing,
  SERVE_OPTIONS,
  SERVE_OPTIONS_HELP,
  ServeUsageError,
  serve,
  serveSettings,
} from "@urgent-care-directory/server";
import { type Command, parse, UsageError } from "../args.js";

const usage = `Usage: ucd serve [DIR] [options]

Serves a build output folder (default: public) over HTTP on every core: the API, the site pages and the
downloads (the same server as the standalone \`ucd-server\` of @urgent-care-directory/server). A folder that
does not match its files.tsv is refused. A new build published in place or SIGHUP reloads it without
dropping a request; SIGTERM/SIGINT finish requests in flight and exit 0.

Options:
${SERVE_OPTIONS_HELP}
  -h, --help              show this help`;

/** Options of `serve` shared with `start`, and their help lines. */
export { SERVE_OPTIONS, SERVE_OPTIONS_HELP, serve };

/** `serveSettings` of the server package, with its usage errors as the CLI's. */
export function settingsFrom(values: Parameters<typeof serveSettings>[0]): ReturnType<typeof serveSettings> {
  try {
    return serveSettings(values);
  } catch (e) {
    if (e instanceof ServeUsageError) throw new UsageError(e.message);
    throw e;
  }
}

export const serveCommand: Command = {
  name: "serve",
  summary: "serve a build output folder over HTTP",
  usage,
  async run(argv) {
    const { values, positionals } = parse(argv, SERVE_OPTIONS, true);
    if (values.help) {
      console.log(usage);
      return 0;
    }
    if (positionals.length > 1) throw new UsageError(`serve takes one folder, got ${positionals.length}`);
    const settings = settingsFrom(values);
    execForServing(settings.workers); // a new Node with the serving flags, where Node can (23.11+)
    await serve(positionals[0] ?? "public", settings);
    return 0;
  },
};
