import { BuildError } from "../render/validate.js";
import { printable } from "../util/printable.js";
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
      console.error(`ucd: ${printableLines(e.message)}\n\n${command?.usage ?? usage}`);
      return 2;
    }
    if (e instanceof BuildError || e instanceof InputError) {
      console.error(`ucd: ${printableLines(e.message)}`);
      return 1;
    }
    console.error(`ucd: ${printable(errorLine(e as NodeJS.ErrnoException))}`);
    return 1;
  }
}

/**
 * One line for an unexpected error: its message, led by its code unless the message already starts with it (the
 * file system's errors do: `ENOSPC: no space left on device, write`).
 * @example errorLine(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" })) // "ENOSPC: no space left on device, write"
 */
export function errorLine(err: NodeJS.ErrnoException): string {
  const message = String(err.message).split("\n")[0] ?? "";
  return err.code && !message.startsWith(`${err.code}:`) ? `${err.code}: ${message}` : message;
}

/** A message of several lines of our own, each made printable (they may quote input: names, columns, paths). */
const printableLines = (message: string) => message.split("\n").map(printable).join("\n");
