import { vi } from "vitest";
import { main } from "../../src/cli/main.js";

/**
 * Runs the CLI in-process and captures what it prints (stdout as `out`, stderr as `err`).
 * @example const r = await ucd("validate", "--input", "a.csv"); expect(r.code).toBe(0);
 */
export async function ucd(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  const error = vi
    .spyOn(console, "error")
    .mockImplementation((...a: unknown[]) => void err.push(a.join(" ")));
  try {
    return { code: await main(argv), out: out.join("\n"), err: err.join("\n") };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
