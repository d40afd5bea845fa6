/**
 * A lookup table published as a few site files: its keys in order, cut into files of about `LOOKUP_FILE_BYTES`
 * each (a file holds a run of consecutive keys and is named after its first), with `index.json` listing those first
 * keys. A lookup reads the index once, then the one file whose run can hold the key — a few KB, kept offline once
 * read. The near-me box's ZIP codes and town names are such tables (`assets/zips/`, `assets/places/`): one file per
 * ZIP prefix or name prefix made thousands of files of a few hundred bytes, each a disk block of its own and two
 * compressed siblings, most of a small build's disk and files.
 */
import { getJson } from "./documents.js";

/** About how large (bytes of JSON) a file of a lookup table is made: a few KB over the wire once compressed. */
export const LOOKUP_FILE_BYTES = 8192;

/**
 * The file whose run of keys can hold `key`: the last first key that is not after it; null before the first file.
 * @example lookupFile(["000", "210", "787"], "78701") // "787"
 */
export function lookupFile(index: readonly string[], key: string): string | null {
  let lo = 0;
  let hi = index.length - 1;
  let found: string | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const first = index[mid] as string;
    if (first <= key) {
      found = first;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The value of `key` in the lookup table published under `dir` (a URL ending in `/`), or undefined when it has none.
 * @example await lookup<[number, number]>("/assets/zips/", "78701") // [30.2705, -97.7431]
 */
export async function lookup<T>(dir: string, key: string): Promise<T | undefined> {
  const file = lookupFile(await getJson<string[]>(`${dir}index.json`), key);
  if (file === null) return undefined;
  const values = await getJson<Record<string, T>>(`${dir}${file}.json`);
  return Object.hasOwn(values, key) ? values[key] : undefined;
}
