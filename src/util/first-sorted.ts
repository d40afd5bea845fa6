/**
 * The first `k` of `items` in `compare`'s order: what `[...items].sort(compare).slice(0, k)` gives (equal items in
 * the order they came, as the stable sort keeps them), without sorting them all. The ones kept so far stay sorted;
 * an item after the k-th is dropped with one comparison. O(n log k) for items in no particular order, where the sort
 * is O(n log n): a common search key of 500,000 clinics listing its best 200. Sorts a copy when `k` is a large
 * share of the items (inserting would cost more).
 * @example firstSorted([5, 1, 4, 2, 3], 2, (a, b) => a - b) // [1, 2]
 */
export function firstSorted<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  if (Array.isArray(items) && k * 8 >= items.length) return [...(items as T[])].sort(compare).slice(0, k);
  const out: T[] = [];
  for (const item of items) {
    if (out.length === k) {
      if (compare(item, out[k - 1] as T) >= 0) continue;
      out.pop();
    }
    // After every kept item that is not greater: equal items keep their arrival order.
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(out[mid] as T, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    out.splice(lo, 0, item);
  }
  return out;
}
