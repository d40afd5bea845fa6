/**
 * The previous release's files by path, in a hash table of fixed-size slots in one SharedArrayBuffer, so that every
 * compute worker can ask, for a body it has just hashed, whether the previous release has those very bytes at that
 * path — and then not compress or write it, but keep the previous release's file (`./compute-pool.ts`). A slot
 * holds 64 bits of the path's hash and the first 64 bits of the file's SHA-256, 16 bytes: 64 MiB for the 3.2
 * million files of a million clinics (a Map of the paths and hashes would hold several times that). A match of
 * the 64 bits is checked against the whole SHA-256 when the manifests are merged (`./manifest-merge.ts`).
 *
 * Plain JavaScript in a string, so that the table is filled here and read in the workers by the same code.
 */
export const FILE_INDEX_SOURCE = `
function pathHash(path) {
  let a = 0x811c9dc5, b = 0x9747b28c;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  // A slot whose first word is 0 is empty: the first half of a path's hash is never 0.
  return [(a >>> 0) || 1, b >>> 0];
}
function slotOf(table, h) {
  const mask = table.length / 4 - 1;
  let at = h[0] & mask;
  while (table[at * 4] !== 0 && (table[at * 4] !== h[0] || table[at * 4 + 1] !== h[1])) at = (at + 1) & mask;
  return at * 4;
}
function indexSet(table, path, sha256) {
  const h = pathHash(path);
  const at = slotOf(table, h);
  table[at] = h[0];
  table[at + 1] = h[1];
  table[at + 2] = parseInt(sha256.slice(0, 8), 16);
  table[at + 3] = parseInt(sha256.slice(8, 16), 16);
}
/** The first 16 hex digits of the SHA-256 of the file at path, or null when the table has no file there. */
function indexGet(table, path) {
  const at = slotOf(table, pathHash(path));
  if (table[at] === 0) return null;
  return table[at + 2].toString(16).padStart(8, "0") + table[at + 3].toString(16).padStart(8, "0");
}
`;

interface IndexCode {
  indexSet(table: Uint32Array, path: string, sha256: string): void;
  indexGet(table: Uint32Array, path: string): string | null;
}

const code = new Function(`${FILE_INDEX_SOURCE}; return { indexSet, indexGet };`)() as IndexCode;

/**
 * Slots filled at most: with linear probing that full, finding a file takes ~3 probes and missing one ~13 on
 * average (the textbook estimates, not measured here).
 */
const LOAD = 0.8;

/**
 * A table for `count` files: the next power of two of slots that keeps it at most LOAD full.
 * @example const table = newFileIndex(3); fileIndexSet(table, "a.json", sha); fileIndexGet(table, "a.json") // sha.slice(0, 16)
 */
export function newFileIndex(count: number): Uint32Array {
  let slots = 8;
  while (slots * LOAD < count) slots *= 2;
  return new Uint32Array(new SharedArrayBuffer(slots * 16));
}

export const fileIndexSet: IndexCode["indexSet"] = code.indexSet;
export const fileIndexGet: IndexCode["indexGet"] = code.indexGet;
