import { slugify } from "../../util/slug.js";
import { splitProvenance } from "../dedupe/index.js";
import type { Problem } from "../problems.js";

/**
 * The slugs of the networks found so far: two networks whose names make one slug would need one address
 * (`/networks/{slug}`), which the build refuses; here that is found while importing, at the first clinic of the
 * second network, so that `validate` reports it with its file, row and field.
 * @example const slugs = new NetworkSlugs(); slugs.check("Care+", ["a.csv:2"]); slugs.check("Care", ["a.csv:9"]) // a fatal problem at a.csv:9
 */
export class NetworkSlugs {
  readonly #names = new Map<string, { name: string; where: string }>();

  /** Records a clinic's network; returns a problem the first time a second name takes a slug already taken. */
  check(name: string, provenance: readonly string[]): Problem | null {
    const slug = slugify(name);
    const where = provenance[0] ?? ":0";
    const first = this.#names.get(slug);
    if (!first) {
      this.#names.set(slug, { name, where });
      return null;
    }
    if (first.name === name) return null;
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
}
