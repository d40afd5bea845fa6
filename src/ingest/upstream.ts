import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Source } from "../schema/meta.js";
import type { Mapping } from "./profiles/index.js";

export type Upstream = Source["upstream"][number];

/** Reference data whose facts the importer publishes with the records; credited when used. */
export { REFERENCE_SOURCES } from "../geo/credits.js";

/**
 * The original sources of one input: the profile's own (HIFLD's layer, a mapping file's `upstream`), or, for our
 * own export, the chain recorded in the `manifest.json` of the downloads folder it sits in, followed by the export
 * itself. Null when our export is read without its manifest (the chain cannot be known; reported).
 * @example await upstreamOf(HIFLD_PROFILE, "hifld.csv") // [{ name: "Urgent Care Facilities", … }]
 */
export async function upstreamOf(mapping: Mapping, path: string): Promise<Upstream[] | null> {
  if (mapping.name !== "canonical") return mapping.upstream.map((u) => ({ ...u }));
  let manifest: { source?: { name?: unknown; upstream?: unknown } };
  try {
    manifest = JSON.parse(await readFile(join(dirname(path), "manifest.json"), "utf8"));
  } catch {
    return null;
  }
  const chain = Array.isArray(manifest.source?.upstream)
    ? (manifest.source.upstream as Upstream[]).map((u) => ({ ...u, date: u.date ?? null }))
    : [];
  const name =
    typeof manifest.source?.name === "string" ? manifest.source.name : "Urgent Care Directory export";
  return [
    ...chain,
    { name, publisher: "Urgent Care Directory", url: null, license: "CC-BY-4.0", date: null },
  ];
}

/** Sources in order of first mention, each once (by name), with the newest edition date any mention gives. */
export function uniqueSources(sources: readonly Upstream[]): Upstream[] {
  const byName = new Map<string, Upstream>();
  for (const s of sources) {
    const seen = byName.get(s.name);
    if (!seen) byName.set(s.name, { ...s });
    else if (s.date !== null && (seen.date === null || s.date > seen.date)) seen.date = s.date;
  }
  return [...byName.values()];
}
