import { purge, purgeLine } from "../../deploy/purge.js";
import { type Command, parse, UsageError } from "../args.js";

const usage = `Usage: ucd purge URL [URL …] [--prefix]

Asks the cache at URL (Varnish with the VCL of \`ucd deploy-config varnish\`) to drop a document: PURGE drops
that URL in every encoding; with --prefix, BAN drops every document whose path starts with the URL's path
(\`ucd purge --prefix http://127.0.0.1:6081/\` drops everything). Only addresses in the VCL's purgers ACL may
purge. Exit 0 when every purge was accepted, 1 otherwise.

Options:
  --prefix              BAN everything under the URL's path instead of PURGE of the URL
  -h, --help            show this help`;

export const purgeCommand: Command = {
  name: "purge",
  summary: "drop documents from a cache in front of the server (PURGE or BAN)",
  usage,
  async run(argv) {
    const { values, positionals } = parse(argv, { prefix: { type: "boolean", default: false } }, true);
    if (values.help) {
      console.log(usage);
      return 0;
    }
    if (positionals.length === 0) throw new UsageError("purge needs a URL");
    let failed = 0;
    for (const url of positionals) {
      const result = await purge(url, { prefix: values.prefix });
      console.log(purgeLine(result));
      if (!result.ok) failed++;
    }
    return failed > 0 ? 1 : 0;
  },
};
