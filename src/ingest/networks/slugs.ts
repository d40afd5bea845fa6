import { slugify } from "../../util/slug.js";
import { splitProvenance } from "../dedupe/index.js";
import type { Problem } from "../problems.js";

/** Names that differ in letter case only: one network ("SwiftWell Urgent Care", "Swiftwell Urgent Care"). */
const caseless = (name: string) => name.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * The slugs of the networks found so far: two networks whose names make one slug would need one address
 * (`/networks/{slug}`), which the build refuses; here that is found while importing, at the first clinic of the
 * second network, so that `validate` reports it with its file, row and field. Names that differ in letter case only
 * are one network spelled two ways (a chain's locator writes "SwiftWell", the registry "SWIFTWELL"): not a clash,
 * but one spelling for all of them (`spellings`).
 * @example const slugs = new NetworkSlugs(); slugs.check("Care+", ["a.csv:2"]); slugs.check("Care", ["a.csv:9"]) // a fatal problem at a.csv:9
 */
export class NetworkSlugs {
  readonly #names = new Map<string, { name: string; where: string }>();
  /** Each caseless name's spellings, with how many clinics each names, in the order first seen. */
  readonly #spellings = new Map<string, Map<string, number>>();

  /** Records a clinic's network; returns a problem the first time a second name takes a slug already taken. */
  check(name: string, provenance: readonly string[]): Problem | null {
    const spelled = this.#spellings.get(caseless(name)) ?? new Map<string, number>();
    spelled.set(name, (spelled.get(name) ?? 0) + 1);
    this.#spellings.set(caseless(name), spelled);
    const slug = slugify(name);
    const where = provenance[0] ?? ":0";
    const first = this.#names.get(slug);
    if (!first) {
      this.#names.set(slug, { name, where });
      return null;
    }
    if (caseless(first.name) === caseless(name)) return null;
    this.#names.set(slug, { name, where }); // one problem per name that clashes, not one per clinic
    const [file, row] = splitProvenance(where);
    return {
      file,
      row,
      field: "network",
      code: "network_slug_clash",
      message: `network "${name}" would have the address /networks/${slug} of network "${first.name}" (${first.where}): two networks cannot share one; name them alike if they are one network, or apart`,
      kind: "fatal",
    };
  }

  /**
   * The spelling each network name gives way to, for names spelled two ways: the spelling a source backs with a
   * Wikidata item (`backed`: a brand as the chain writes it), else the one most clinics carry, else the first seen.
   * Names spelled one way are not listed.
   */
  spellings(backed: (name: string) => boolean): Map<string, string> {
    const out = new Map<string, string>();
    for (const spelled of this.#spellings.values()) {
      if (spelled.size < 2) continue;
      const ranked = [...spelled].sort(([a, n], [b, m]) => Number(backed(b)) - Number(backed(a)) || m - n);
      const [chosen] = ranked[0] as [string, number];
      for (const [name] of ranked) if (name !== chosen) out.set(name, chosen);
    }
    return out;
  }
}
