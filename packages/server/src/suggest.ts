/**
 * The nearest listed document to an API path that is not listed, for the 404's `suggestion` (issue 40): a slug's
 * close match or another spelling of it (`TX`, `Texas`, `texs` → `texas`), the `/api/v1` prefix a path lacks, and
 * where nothing is close, the list the slug should come from (a state's cities document, the states list).
 *
 * The names are indexed once per release load, from the manifest as it is read (`SuggestionsBuilder`): per folder
 * of `api/v1/`, its documents and its subfolders, bucketed by length. Bounded for any build: a folder of more than
 * `MAX_NAMES` names is not indexed (no close match there; the lists still are suggested), nor are the folders of ids
 * and search shards (a near id is another clinic). A lookup walks the path's few segments; a close match compares
 * with the names of a folder whose length is within the allowed distance, at most `FUZZY_PER_SECOND` times a second
 * per process (past that, a 404 gets the exact and USPS spellings, and the lists, but no close match).
 */

/** The API's root folder, as the manifest names it. */
const ROOT = "api/v1/";

/** Folders whose names are not slugs: clinic ids, search shards. */
const NOT_INDEXED = ["api/v1/clinic/", "api/v1/search/"];

/** Most names indexed in one folder; a larger folder is left out (memory stays bounded on a 1M-clinic build). */
export const MAX_NAMES = 4096;

/** Most close-match searches a second, per process (each compares with up to a folder's names). */
export const FUZZY_PER_SECOND = 200;

/** Longest name compared for a close match. */
const MAX_NAME_LENGTH = 64;

/** The `.json` of an API document's name. */
const JSON_EXT = /\.json$/i;

/** A name as a slug: lower case, words joined by one hyphen (`New York` → `new-york`). */
function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Edits allowed between a name of `length` characters and a close match. */
function allowedEdits(length: number): number {
  return length < 3 ? 0 : length < 6 ? 1 : 2;
}

/** Three rows of the distance table, reused (names are at most `MAX_NAME_LENGTH` + 2 characters long). */
const ROWS = [0, 1, 2].map(() => new Int32Array(MAX_NAME_LENGTH + 4));

/**
 * The optimal-string-alignment distance between `a` and `b` (insertions, deletions, substitutions, swaps of two
 * neighbours), or `limit + 1` once it must exceed `limit`: only the diagonal band of width `2 × limit + 1` of the
 * table is filled, so a comparison costs about `(2 × limit + 1) × length` steps. Both at most
 * `MAX_NAME_LENGTH + 2` characters long.
 * @example editDistance("texs", "texas", 2); // 1
 */
export function editDistance(a: string, b: string, limit: number): number {
  const n = a.length;
  const m = b.length;
  const over = limit + 1;
  if (Math.abs(n - m) > limit) return over;
  let [older, previous, current] = ROWS as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= Math.min(m, limit); j++) previous[j] = j;
  if (limit + 1 <= m) previous[limit + 1] = over;
  for (let i = 1; i <= n; i++) {
    const lo = Math.max(1, i - limit);
    const hi = Math.min(m, i + limit);
    current[lo - 1] = lo === 1 ? i : over;
    let least = current[lo - 1] as number;
    const ai = a.charCodeAt(i - 1);
    for (let j = lo; j <= hi; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = (previous[j - 1] as number) + (ai === bj ? 0 : 1);
      const deletion = (previous[j] as number) + 1;
      if (deletion < d) d = deletion;
      const insertion = (current[j - 1] as number) + 1;
      if (insertion < d) d = insertion;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        const swap = (older[j - 2] as number) + 1;
        if (swap < d) d = swap;
      }
      current[j] = Math.min(d, over);
      if (d < least) least = d;
    }
    if (hi + 1 <= m) current[hi + 1] = over;
    if (least > limit) return over;
    [older, previous, current] = [previous, current, older];
  }
  const d = previous[m] as number;
  return d > limit ? over : d;
}

/** How many characters `a` and `b` begin with alike. */
function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * The characters a name holds, as bits (a–z, 0–9 folded onto 26–31, the rest onto one): a name whose set differs from
 * another's in more than `2 × edits` bits is more than `edits` edits away, which rules most names out at once.
 */
function lettersOf(name: string): number {
  let bits = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    bits |= 1 << (c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? 26 + ((c - 48) % 5) : 31);
  }
  return bits;
}

/** Bits set in `x`. */
function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The names of one folder of the same length, with their character sets. */
interface Bucket {
  names: string[];
  letters: number[];
}

/** The names of one folder: documents (without `.json`) or subfolders. */
class Names {
  readonly #all = new Set<string>();
  readonly #byLength = new Map<number, Bucket>();

  add(name: string): void {
    if (this.#all.has(name)) return;
    this.#all.add(name);
    if (name.length > MAX_NAME_LENGTH + 2) return; // never near a name compared
    let bucket = this.#byLength.get(name.length);
    if (!bucket) {
      bucket = { names: [], letters: [] };
      this.#byLength.set(name.length, bucket);
    }
    bucket.names.push(name);
    bucket.letters.push(lettersOf(name));
  }

  get size(): number {
    return this.#all.size;
  }

  has(name: string): boolean {
    return this.#all.has(name);
  }

  /**
   * The name nearest to `slug` within the edits its length allows; of equals, the one that begins with more of it
   * (`state` → `states`, not `stats`), then the first in manifest order.
   */
  nearest(slug: string): string | null {
    const limit = allowedEdits(slug.length);
    if (limit === 0 || slug.length > MAX_NAME_LENGTH) return null;
    let best: string | null = null;
    let bestDistance = limit + 1;
    let bestPrefix = -1;
    const letters = lettersOf(slug);
    for (let length = slug.length - limit; length <= slug.length + limit; length++) {
      const bucket = this.#byLength.get(length);
      if (!bucket) continue;
      for (let k = 0; k < bucket.names.length; k++) {
        if (bitCount(letters ^ (bucket.letters[k] as number)) > 2 * limit) continue;
        const name = bucket.names[k] as string;
        const d = editDistance(slug, name, bestDistance);
        if (d > bestDistance || d > limit) continue;
        const prefix = commonPrefix(slug, name);
        if (d < bestDistance || prefix > bestPrefix) {
          best = name;
          bestDistance = d;
          bestPrefix = prefix;
        }
      }
    }
    return best;
  }
}

interface Folder {
  documents: Names;
  folders: Names;
}

/** A folder of more than `MAX_NAMES` names: known, but its names are not kept. */
const TOO_LARGE: Folder = { documents: new Names(), folders: new Names() };

let budgetSecond = 0;
let budgetLeft = FUZZY_PER_SECOND;

/** True when a close-match search may run now (see `FUZZY_PER_SECOND`). */
function fuzzyAllowed(): boolean {
  const second = Math.floor(Date.now() / 1000);
  if (second !== budgetSecond) {
    budgetSecond = second;
    budgetLeft = FUZZY_PER_SECOND;
  }
  return budgetLeft-- > 0;
}

/** Collects the names of the API's folders while the manifest is read (see `Suggestions`). */
export class SuggestionsBuilder {
  readonly #folders = new Map<string, Folder | null>();
  readonly #named = new Set<string>();

  /** Takes one listed path (manifest form, no leading slash); everything but the API's documents is skipped. */
  add(path: string): void {
    if (!path.startsWith(ROOT) || !path.endsWith(".json")) return;
    // A folder of ids or shards is named in its parent (so that `clinic/…` is not taken for `clinics/…`), but its
    // own names are not indexed (checked first: a large build lists a million of them).
    for (const skipped of NOT_INDEXED) {
      if (!path.startsWith(skipped)) continue;
      if (!this.#named.has(skipped)) {
        this.#named.add(skipped);
        const name = skipped.slice(0, -1);
        const parent = name.slice(0, name.lastIndexOf("/") + 1);
        this.#entry(parent)?.folders.add(name.slice(parent.length));
      }
      return;
    }
    let folder = ROOT;
    const segments = path.slice(ROOT.length).split("/");
    for (let i = 0; i < segments.length; i++) {
      if (NOT_INDEXED.includes(folder)) return;
      const last = i === segments.length - 1;
      const name = last ? (segments[i] as string).slice(0, -5) : (segments[i] as string);
      const entry = this.#entry(folder);
      if (entry === null) return; // too many names: left out
      (last ? entry.documents : entry.folders).add(name);
      if (entry.documents.size + entry.folders.size > MAX_NAMES) {
        this.#folders.set(folder, null);
        return;
      }
      folder = `${folder}${name}/`;
    }
  }

  /** The names of `folder`, made when first needed; null when it holds too many. */
  #entry(folder: string): Folder | null {
    let entry = this.#folders.get(folder);
    if (entry === undefined) {
      entry = { documents: new Names(), folders: new Names() };
      this.#folders.set(folder, entry);
    }
    return entry;
  }

  /** The index, with `codes` (USPS code, lower case → state slug) for the state names. */
  done(codes: ReadonlyMap<string, string>): Suggestions {
    const folders = new Map<string, Folder>();
    for (const [path, entry] of this.#folders) folders.set(path, entry ?? TOO_LARGE);
    return new Suggestions(folders, codes);
  }
}

/**
 * The USPS codes of `states.json` (`{states: [{code, slug}]}`), lower case → slug; empty when it cannot be read.
 * @example stateCodes(Buffer.from('{"states":[{"code":"TX","slug":"texas"}]}')).get("tx"); // "texas"
 */
export function stateCodes(body: Buffer | null | undefined): Map<string, string> {
  const codes = new Map<string, string>();
  if (!body) return codes;
  try {
    const states = (JSON.parse(body.toString("utf8")) as { states?: unknown }).states;
    if (!Array.isArray(states)) return codes;
    for (const s of states as { code?: unknown; slug?: unknown }[])
      if (typeof s.code === "string" && typeof s.slug === "string") codes.set(s.code.toLowerCase(), s.slug);
  } catch {
    // no codes: the other spellings still work
  }
  return codes;
}

/** See the module's comment. */
export class Suggestions {
  constructor(
    private readonly folders: ReadonlyMap<string, Folder>,
    private readonly codes: ReadonlyMap<string, string>,
  ) {}

  /** An index of nothing (a site without an API). */
  static readonly none = new Suggestions(new Map(), new Map());

  /**
   * The listed document nearest to `key` (a decoded URL path that is not listed), as a URL path, or null. `listed`
   * confirms a path is served (the lists suggested when nothing is close).
   * @example suggestions.for("/api/v1/cities/TX.json", (p) => site.has(p)); // "/api/v1/cities/texas.json"
   */
  for(key: string, listed: (path: string) => boolean): string | null {
    const query = key.search(/[?#]/);
    const path = query < 0 ? key : key.slice(0, query);
    // The path under /api/v1, whatever prefix it came with: /api/v1/x, /api/x, /v1/x, /x.
    const rest = /^\/(?:api\/)?(?:v\d+\/)?(.*)$/.exec(path)?.[1] ?? "";
    const segments = rest.split("/");
    if (segments.length > 1 && segments[segments.length - 1] === "") segments.pop(); // `…/texas/`
    if (segments.length === 0 || segments.length > 4 || segments.some((s) => s === "")) return null;
    const found = this.#resolve(segments, listed);
    return found !== null && found !== path && listed(found) ? found : null;
  }

  #resolve(segments: string[], listed: (path: string) => boolean): string | null {
    let folder = ROOT;
    for (let i = 0; i < segments.length; i++) {
      const entry = this.folders.get(folder);
      if (entry === undefined) return null;
      if (entry === TOO_LARGE) return i === segments.length - 1 ? this.#listFor(folder, null, listed) : null;
      const segment = segments[i] as string;
      if (i === segments.length - 1) {
        const document = this.#match(segment.replace(JSON_EXT, ""), entry.documents);
        if (document !== null) return `/${folder}${document}.json`;
        // A folder named where a document was meant (`clinics/texas.json`), or no close name: the list to pick from.
        return this.#listFor(folder, this.#match(segment.replace(JSON_EXT, ""), entry.folders), listed);
      }
      const next = this.#match(segment, entry.folders);
      if (next === null) return this.#listFor(folder, null, listed);
      folder = `${folder}${next}/`;
    }
    return null;
  }

  /** A name of `names` meaning `segment`: itself, its slug, the state of a USPS code, or the nearest. */
  #match(segment: string, names: Names): string | null {
    if (names.has(segment)) return segment;
    const slug = slugOf(segment);
    if (names.has(slug)) return slug;
    const state = this.codes.get(slug);
    if (state !== undefined && names.has(state)) return state;
    return fuzzyAllowed() ? names.nearest(slug) : null;
  }

  /**
   * Where to look when no name of `folder` is near: a state's cities document for a city of `clinics/{state}/` (or
   * for `clinics/{state}.json`), the states list for a state, the networks list for a network.
   */
  #listFor(folder: string, subfolder: string | null, listed: (path: string) => boolean): string | null {
    const state = /^api\/v1\/clinics\/([^/]+)\/$/.exec(folder)?.[1];
    if (state !== undefined) return `/api/v1/cities/${state}.json`;
    if (folder === "api/v1/clinics/" && subfolder !== null) return `/api/v1/cities/${subfolder}.json`;
    if (folder === "api/v1/clinics/" || folder === "api/v1/cities/") return "/api/v1/states.json";
    if (folder === "api/v1/networks/") return "/api/v1/networks.json";
    const index = `/${folder}index.json`;
    return folder !== ROOT && listed(index) ? index : null;
  }
}
