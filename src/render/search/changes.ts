import type { StateGroup } from "../group.js";
import type { RenderPlan } from "../plan/plan.js";
import { type SearchTuple, searchTuple } from "../plan/state-units.js";
import { toIndexed } from "./full.js";
import type { IndexedClinic } from "./tokens.js";

/**
 * What the index has to take in from this release's clinics: each clinic whose search tuple differs from the one
 * the previous release indexed (`extra` of its unit), as it was (`removed`) and as it is (`added`), and each
 * clinic the previous release indexed that this one does not list in the same state (`removed`: a clinic that
 * moved state is removed there and added here). Unchanged clinics cost one comparison of two strings.
 * @example const changes = new IndexChanges(); changes.state(group, plan); changes.removed.size
 */
export class IndexChanges {
  readonly removed = new Map<string, IndexedClinic>();
  readonly added = new Map<string, IndexedClinic>();

  /** Takes one state's clinics, after the plan decided them (and before it ends the state). */
  state(group: StateGroup, plan: RenderPlan): void {
    const code = group.state.state.code;
    for (const city of group.cities) {
      for (const rc of city.clinics) {
        const tuple = searchTuple(code, city, rc);
        const before = plan.previous("clinic", rc.clinic.id);
        if (before && before.extra === JSON.stringify(tuple)) continue;
        if (before) this.removed.set(rc.clinic.id, toIndexed(JSON.parse(before.extra) as SearchTuple));
        this.added.set(rc.clinic.id, toIndexed(tuple));
      }
    }
    for (const u of plan.previousOf("clinic"))
      if (!plan.decided("clinic", u.key))
        this.removed.set(u.key, toIndexed(JSON.parse(u.extra) as SearchTuple));
  }
}
