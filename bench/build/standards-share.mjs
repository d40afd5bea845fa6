// What the standards (FHIR Bulk Publish, HSDS, GeoJSON: docs/fhir.md, docs/hsds.md, docs/geojson.md) add to a
// release: their files and bytes in the release's tree, and those a release wrote (new, or with other bytes than the
// release before's), read from the trees' files.tsv; and their time, as the same inputs built again without them
// (`UCD_RENDER_OMIT=standards`) against the build with them.
import { createReadStream } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** The standards' files, siblings included. */
const STANDARDS =
  /^(?:fhir\/|hsds\/|downloads\/geojson\/|downloads\/urgent-care-clinics-[^/]+\.geojson(?:\.gz)?$)/;

/** The render part left out to measure them. */
export const WITHOUT_STANDARDS = "standards";

/** Every standards file of a release's tree: path → `bytes\tsha256`. */
export async function standardsFiles(site) {
  const out = new Map();
  const input = createReadStream(join(site, "files.tsv"));
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line.startsWith("#")) continue;
    const [path, bytes, sha] = line.split("\t");
    if (STANDARDS.test(path)) out.set(path, `${bytes}\t${sha}`);
  }
  return out;
}

/** Files and MiB of a map of `standardsFiles`, and of those that `before` did not hold with the same bytes. */
export function standardsShare(now, before = new Map()) {
  let files = 0;
  let bytes = 0;
  let writtenFiles = 0;
  let writtenBytes = 0;
  for (const [path, entry] of now) {
    const size = Number(entry.split("\t")[0]);
    files++;
    bytes += size;
    if (before.get(path) !== entry) {
      writtenFiles++;
      writtenBytes += size;
    }
  }
  return { files, mb: bytes / 2 ** 20, writtenFiles, writtenMb: writtenBytes / 2 ** 20 };
}

/** Runs `run()` with the standards left out of the render. */
export async function withoutStandards(run) {
  const before = process.env.UCD_RENDER_OMIT;
  process.env.UCD_RENDER_OMIT = WITHOUT_STANDARDS;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.UCD_RENDER_OMIT;
    else process.env.UCD_RENDER_OMIT = before;
  }
}
