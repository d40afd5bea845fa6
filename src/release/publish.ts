import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type RenderOptions, type RenderResult, renderSite } from "../build/build.js";
import { parseTreeManifest, TREE_MANIFEST } from "../build/output/tree-manifest.js";
import type { PreviousTree } from "../build/output/writer.js";
import { BuildError } from "../build/validate.js";
import type { Dataset } from "../dataset/types.js";
import {
  beginRelease,
  currentRelease,
  discard,
  openStore,
  pruneReleases,
  publish,
  type StoredRelease,
  withLock,
} from "./store.js";

export type PublishOptions = Omit<RenderOptions, "previous">;

export interface PublishResult extends RenderResult {
  release: StoredRelease;
}

/** Release folders kept on disk: the current one, the one before (servers may still be reading it), one more. */
export const KEEP_FOLDERS = 3;

/** What a release records about itself for the next one. */
interface ReleaseInfo {
  id: string;
  data_version: string;
  generated_at: string;
  compression: string;
  clinics: number;
}

/**
 * Builds a data set as a new release of `out` and publishes it in one step. A build that fails, or that would
 * publish no clinics, leaves the published release untouched.
 * @example await publishRelease(generateSample(), "public", { siteUrl: "http://127.0.0.1:8080", compression: "fast" });
 */
export async function publishRelease(
  dataset: Dataset,
  out: string,
  options: PublishOptions,
): Promise<PublishResult> {
  if (dataset.clinics.size === 0)
    throw new BuildError([
      { document: "dataset", path: "", message: "the data set holds no clinics: nothing would be published" },
    ]);
  const store = await openStore(out);
  return withLock(store, async () => {
    const compression = options.compression ?? "max";
    const previous = await currentRelease(store);
    const { id, temp } = await beginRelease(store, dataset.dataVersion);
    try {
      const result = await renderSite(dataset, temp.site, {
        ...options,
        previous: previous ? await previousTree(previous, compression) : null,
      });
      const info: ReleaseInfo = {
        id,
        data_version: dataset.dataVersion,
        generated_at: result.generatedAt,
        compression,
        clinics: result.clinics,
      };
      await writeFile(join(temp.state, "release.json"), `${JSON.stringify(info, null, 2)}\n`);
      const release = await publish(store, temp, id);
      await pruneReleases(store, KEEP_FOLDERS);
      return { ...result, release };
    } catch (e) {
      await discard(temp);
      throw e;
    }
  });
}

/** The files of a published release, when it was compressed the same way (its siblings can then be reused). */
async function previousTree(release: StoredRelease, compression: string): Promise<PreviousTree | null> {
  try {
    const info = JSON.parse(await readFile(join(release.state, "release.json"), "utf8")) as ReleaseInfo;
    if (info.compression !== compression) return null;
    const files = parseTreeManifest(await readFile(join(release.site, TREE_MANIFEST), "utf8"));
    const byPath = new Map(files.map((f) => [f.path, { bytes: f.bytes, sha256: f.sha256 }]));
    return { root: release.site, get: (path) => byPath.get(path) };
  } catch {
    return null; // no usable record of the previous release: render everything afresh
  }
}
