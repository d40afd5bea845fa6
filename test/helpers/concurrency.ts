/**
 * `work` over every item, at most `limit` at a time; the results in the items' order. For reading thousands of
 * files of a build without one await after another.
 * @example const bodies = await mapLimit(paths, 64, (p) => readFile(p, "utf8"));
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
