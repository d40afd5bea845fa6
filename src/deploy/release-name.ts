import { readFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { bookkeepingOf, readInfo } from "../release/info.js";

/**
 * The name of the release a build folder holds, written into the bucket's record so that a script refusing a stale
 * plan can say which release the bucket holds: the store's release id (`0003-2026-06-15`) when the folder is a
 * release's `site` (the output link resolved), else the data version and build time of its API index (a build
 * copied elsewhere, e.g. to CI), else null.
 * @example await releaseName("/srv/ucd/.public.releases/0003-2026-06-15/site") // "0003-2026-06-15"
 */
export async function releaseName(folder: string): Promise<string | null> {
  if (basename(folder) === "site") {
    const info = await readInfo(bookkeepingOf(dirname(folder)));
    if (info?.id) return clean(info.id);
  }
  try {
    const index = JSON.parse(await readFile(join(folder, "api/v1/index.json"), "utf8")) as {
      meta?: { data_version?: unknown; generated_at?: unknown };
    };
    const { data_version: version, generated_at: at } = index.meta ?? {};
    if (typeof version === "string" && typeof at === "string") return clean(`${version} (built ${at})`);
  } catch {}
  return null;
}

/** One line of plain text, of a bounded length: a name in a tab-separated header and in a shell message. */
function clean(name: string): string | null {
  const text = name
    .replace(/[\t\r\n]+/g, " ")
    .trim()
    .slice(0, 200);
  return text === "" || text === "-" ? null : text;
}
