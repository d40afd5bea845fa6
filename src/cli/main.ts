import { BuildError } from "../render/validate.js";
import { type Command, InputError, UsageError } from "./args.js";
import { buildCommand } from "./commands/build.js";
import { deployConfigCommand } from "./commands/deploy-config.js";
import { purgeCommand } from "./commands/purge.js";
import { serveCommand } from "./commands/serve.js";
import { startCommand } from "./commands/start.js";
import { validateCommand } from "./commands/validate.js";

const COMMANDS: Command[] = [
  buildCommand,
  validateCommand,
  serveCommand,
  startCommand,
  deployConfigCommand,
  purgeCommand,
];

const usage = `Usage: ucd <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(15)}${c.summary}`).join("\n")}

Run \`ucd <command> --help\` for the options of a command.
Exit codes: 0 success, 1 bad input or failed build, 2 bad usage.`;

/** Runs the CLI and returns its exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    console.log(usage);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  try {
    if (!command) throw new UsageError(`unknown command: ${name}`);
    return await command.run(rest);
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`ucd: ${e.message}\n\n${command?.usage ?? usage}`);
      return 2;
    }
    if (e instanceof BuildError || e instanceof InputError) {
      console.error(`ucd: ${e.message}`);
      return 1;
    }
    const err = e as NodeJS.ErrnoException;
    console.error(`ucd: ${err.code ? `${err.code}: ` : ""}${err.message}`);
    return 1;
  }
}
