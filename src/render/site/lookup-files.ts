import { LOOKUP_FILE_BYTES } from "../../browser/lookup-files.js";

/** A file of the site: its path in the output folder and its body. */
export interface SiteFile {
  readonly file: string;
  readonly body: string;
}

/**
 * A lookup table as the site's files (`src/browser/lookup-files.ts` reads them): its entries in key order, cut into
 * files of at least `LOOKUP_FILE_BYTES` of JSON each (the last may be smaller), each named after its first key,
 * and `index.json`, the list of those first keys. Keys must be safe as file names (letters, digits, `_`).
 * @example lookupFiles("assets/zips", [["78701", [30.27, -97.74]]]) // [{ file: "assets/zips/index.json", body: '["78701"]' }, { file: "assets/zips/78701.json", … }]
 */
export function lookupFiles(dir: string, entries: Iterable<readonly [string, unknown]>): SiteFile[] {
  const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const files: SiteFile[] = [];
  const firsts: string[] = [];
  let run: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (run.length === 0) return;
    const first = firstKey(run[0] as string);
    firsts.push(first);
    files.push({ file: `${dir}/${first}.json`, body: `{${run.join(",")}}` });
    run = [];
    bytes = 0;
  };
  for (const [key, value] of sorted) {
    if (!/^[a-z0-9_]+$/.test(key)) throw new Error(`lookupFiles: ${JSON.stringify(key)} cannot name a file`);
    const member = `${JSON.stringify(key)}:${JSON.stringify(value)}`;
    run.push(member);
    bytes += member.length + 1;
    if (bytes >= LOOKUP_FILE_BYTES) flush();
  }
  flush();
  return [{ file: `${dir}/index.json`, body: JSON.stringify(firsts) }, ...files];
}

/** The key of a JSON member `"key":value` (keys hold no quote). */
const firstKey = (member: string) => member.slice(1, member.indexOf('"', 1));
