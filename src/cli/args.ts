import { type ParseArgsConfig, parseArgs } from "node:util";

/** Bad usage of the command line: exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Input that cannot be built (bad data, unreadable file): exit code 1. */
export class InputError extends Error {
  override readonly name = "InputError";
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[]): Promise<number>;
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Strict option parsing: unknown options and missing values are usage errors. */
export function parse<O extends Options>(argv: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals,
      strict: true,
      // In order: an option's meaning may depend on its place (`--profile` right after an `--input`).
      tokens: true,
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export function portFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`invalid port: ${value}`);
  return port;
}
