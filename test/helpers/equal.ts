import { isDeepStrictEqual } from "node:util";
import { expect } from "vitest";

/**
 * `expect(actual, message).toEqual(expected)` for checks run thousands of times (every clinic of the sample):
 * values that Node finds deeply and strictly equal — which implies `toEqual` — skip vitest's matcher, whose
 * bookkeeping and generic comparison cost ~100× more; any other pair goes through `toEqual`, which passes or
 * fails exactly as before, with its diff.
 * @example for (const row of rows) expectEqual(row, wanted(row.id), row.id);
 */
export function expectEqual(actual: unknown, expected: unknown, message?: string): void {
  if (isDeepStrictEqual(actual, expected)) return;
  expect(actual, message).toEqual(expected);
}
