import type { StateGroup } from "../group.js";
import type { Ledger } from "../ledger/ledger.js";
import { clinicUnits, type SearchTuple, searchTuple } from "../units/clinic.js";
import type { UnitKind } from "../units/kind.js";
import { toIndexed } from "./full.js";
import type { IndexedClinic } from "./tokens.js";

/**
 * What the index has to take in from this release's clinics: each clinic whose search tuple differs from the one
 * the previous release indexed (`extra` of its unit), as it was (`removed`) and as it is (`added`), and each
 * clinic the previous release indexed that this one does not list in the same state (`removed`: a clinic that
 * moved state is removed there and added here). Unchanged clinics cost one comparison of two strings.
 * @example const changes = new IndexChanges(); changes.state(group, ledger); changes.removed.size
 */
export class IndexChanges {
  readonly removed = new Map<string, IndexedClinic>();
  readonly added = new Map<string, IndexedClinic>();

  /** Takes one state's clinics, after the ledger decided them (and before it ends the state). */
  state(group: StateGroup, ledger: Ledger<UnitKind>): void {
    const code = group.state.state.code;
    for (const city of group.cities) {
      for (const rc of city.clinics) {
        const tuple = searchTuple(code, city, rc);
        const before = ledger.previous(clinicUnits, rc.clinic.id);
        if (before && before.extra === JSON.stringify(tuple)) continue;
        if (before) this.removed.set(rc.clinic.id, toIndexed(JSON.parse(before.extra) as SearchTuple));
        this.added.set(rc.clinic.id, toIndexed(tuple));
      }
    }
    for (const u of ledger.previousOf(clinicUnits))
      if (!ledger.decided(clinicUnits, u.key))
        this.removed.set(u.key, toIndexed(JSON.parse(u.extra) as SearchTuple));
  }
}
