import { type AtpCounts, type AtpReadOptions, features, runDate } from "./reader.js";
import { openRun } from "./run.js";

/**
 * The filter of the `alltheplaces` reader alone, as the benchmark measures it against DuckDB: a run's features
 * scanned, the urgent-care ones parsed and judged (closed, outside the US), their rows made, nothing else kept.
 * @example const counts = await filterAllThePlaces("output.zip"); counts.read
 */
export async function filterAllThePlaces(path: string, options: AtpReadOptions = {}): Promise<AtpCounts> {
  const run = await openRun(path);
  try {
    const it = features(
      run.files,
      runDate(path),
      () => {},
      options,
      () => null,
    );
    for (;;) {
      const next = await it.next();
      if (next.done) {
        const { newest: _newest, ...counts } = next.value;
        return counts;
      }
    }
  } finally {
    run.close();
  }
}
