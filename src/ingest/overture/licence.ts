/**
 * Which licences of Overture's sources let a record into our CC-BY-4.0 release. Overture publishes the places theme
 * under CDLA-Permissive-2.0 and names, since its September 2025 releases, each record's sources with their own
 * licence (`sources[].license`, an SPDX identifier). A record is published only when every source it names is
 * under a licence that allows redistribution, with or without changes, under terms of our choosing as long as the
 * credit is kept — which the credit in `index.json`, `/about/` and `downloads/LICENSE.txt` does:
 * - `CDLA-Permissive-2.0` (Overture itself, Meta, Microsoft, PinMeTo…): results may be shared under any terms;
 *   the licence asks for its text or a link to it with the data (LICENSE.txt carries the link);
 * - `CDLA-Permissive-1.0`, `CC0-1.0`, `PDDL-1.0`: no condition, or less than ours;
 * - `CC-BY-4.0`, `ODC-By-1.0`: attribution, which the credit gives;
 * - `Apache-2.0` (Foursquare Open Source Places): redistribution with the licence and its notices kept, which
 *   the credit and LICENSE.txt's link do.
 * Any other licence — share-alike (`ODbL-1.0`, `CC-BY-SA-*`), non-commercial, proprietary, unknown text — keeps the
 * record out (`licence_incompatible`, reported). A source without a licence field is under the theme's licence,
 * CDLA-Permissive-2.0: the field did not exist before the September 2025 release, when every source was.
 */
export const COMPATIBLE_LICENCES: ReadonlySet<string> = new Set(
  [
    "CDLA-Permissive-2.0",
    "CDLA-Permissive-1.0",
    "CC0-1.0",
    "PDDL-1.0",
    "CC-BY-4.0",
    "ODC-By-1.0",
    "Apache-2.0",
  ].map((l) => l.toLowerCase()),
);

/**
 * The licences of a record's sources that keep it out of our release (empty when it may be published).
 * @example incompatibleLicences(["CDLA-Permissive-2.0", null, "ODbL-1.0"]) // ["ODbL-1.0"]
 */
export function incompatibleLicences(licences: readonly (string | null)[]): string[] {
  const bad = new Set<string>();
  for (const l of licences) {
    if (l === null || l.trim() === "") continue;
    if (!COMPATIBLE_LICENCES.has(l.trim().toLowerCase())) bad.add(l.trim());
  }
  return [...bad].sort();
}
