/** A task started now and awaited later: `result()` resolves or rethrows; `done` settles either way. */
export interface Settled<T> {
  done: Promise<unknown>;
  result: () => Promise<T>;
}

/**
 * Holds a task's failure until it is awaited (not an unhandled rejection while the caller goes on with other work).
 * @example const removing = settled(rm(old, { recursive: true })); await render(); await removing.result();
 */
export function settled<T>(task: Promise<T>): Settled<T> {
  const done = task.then(
    () => undefined,
    () => undefined,
  );
  return { done, result: () => task };
}
