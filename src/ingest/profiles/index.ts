import { readFile } from "node:fs/promises";
import { ATP_MARKERS, ATP_PROFILE } from "./alltheplaces.js";
import { CANONICAL_MARKERS, CANONICAL_PROFILE } from "./canonical.js";
import { HIFLD_MARKERS, HIFLD_PROFILE } from "./hifld.js";
import { Mapping } from "./mapping.js";
import { NPPES_MARKERS, NPPES_PROFILE } from "./nppes.js";
import { OVERTURE_MARKERS, OVERTURE_PROFILE } from "./overture.js";

export { ATP_PROFILE } from "./alltheplaces.js";
export { CANONICAL_PROFILE } from "./canonical.js";
export { HIFLD_PROFILE } from "./hifld.js";
export { columnsOf, defineMapping, MAPPABLE_FIELDS, type MappableField, Mapping } from "./mapping.js";
export { NPPES_PROFILE } from "./nppes.js";
export { OVERTURE_PROFILE } from "./overture.js";

/** The built-in profiles by name. */
export const BUILT_IN_PROFILES: Readonly<Record<string, Mapping>> = {
  hifld: HIFLD_PROFILE,
  canonical: CANONICAL_PROFILE,
  nppes: NPPES_PROFILE,
  overture: OVERTURE_PROFILE,
  alltheplaces: ATP_PROFILE,
};

/** A mapping file that cannot be used; the CLI turns it into a usage error. */
export class MappingFileError extends Error {
  override readonly name = "MappingFileError";
}

/**
 * Resolves `--profile`: a built-in name, or the path of a JSON mapping file.
 * @example await loadProfile("hifld") // HIFLD_PROFILE
 * @example await loadProfile("mappings/texas-registry.json")
 */
export async function loadProfile(nameOrFile: string): Promise<Mapping> {
  const builtIn = BUILT_IN_PROFILES[nameOrFile];
  if (builtIn) return builtIn;
  if (!nameOrFile.toLowerCase().endsWith(".json")) {
    throw new MappingFileError(
      `unknown profile "${nameOrFile}": use hifld, canonical, nppes, overture, alltheplaces or a mapping file ending in .json`,
    );
  }
  let text: string;
  try {
    text = await readFile(nameOrFile, "utf8");
  } catch (e) {
    throw new MappingFileError(`cannot read mapping file ${nameOrFile}: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new MappingFileError(`mapping file ${nameOrFile} is not JSON: ${(e as Error).message}`);
  }
  const result = Mapping.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`).join("; ");
    throw new MappingFileError(`mapping file ${nameOrFile} is invalid: ${issues}`);
  }
  return result.data;
}

/**
 * Recognises a built-in profile from the column names (case-insensitive); undefined when neither fits.
 * @example detectProfile(["OBJECTID", "ID", "NAME", …, "X", "Y"]) // HIFLD_PROFILE
 */
export function detectProfile(columns: readonly string[]): Mapping | undefined {
  const have = new Set(columns.map((c) => c.trim().toLowerCase()));
  const all = (markers: readonly string[]) => markers.every((m) => have.has(m.toLowerCase()));
  if (all(CANONICAL_MARKERS)) return CANONICAL_PROFILE;
  if (all(HIFLD_MARKERS)) return HIFLD_PROFILE;
  if (all(NPPES_MARKERS)) return NPPES_PROFILE;
  if (all(OVERTURE_MARKERS)) return OVERTURE_PROFILE;
  if (all(ATP_MARKERS)) return ATP_PROFILE;
  return undefined;
}
