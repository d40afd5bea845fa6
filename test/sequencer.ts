import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** How a test file imports test/helpers/sample-build.ts, which makes it wait for the suite's sample build. */
const WAITS_FOR_SAMPLE = /from "(?:\.\.?\/)+(?:test\/)?helpers\/sample-build\.js"/;

/**
 * Vitest's order (longest first, from the last run's durations), except that the files that wait for the
 * sample build come after all the others: those run while the build does.
 */
export class SampleLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = new Set(sorted.filter((f) => WAITS_FOR_SAMPLE.test(readFileSync(f.moduleId, "utf8"))));
    return [...sorted.filter((f) => !waits.has(f)), ...waits];
  }
}
