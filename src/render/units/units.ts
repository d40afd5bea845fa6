import type { Decision, Ledger } from "../ledger/ledger.js";
import type { StateInput, StateUnitKind, Unit, UnitKind, UnitTarget } from "./kind.js";
import { retiredFiles } from "./registry.js";

/**
 * The one place where a unit is decided and rendered: the ledger compares its content key with the previous
 * release's, and the unit writes its files only when the ledger says to render it (a carried unit's files are never
 * named: they stay as the previous release wrote them). The files of retired units go from the output.
 * @example const units = new Units(ledger, target); await units.state(input, STATE_UNIT_KINDS); units.removeRetired();
 */
export class Units {
  readonly #ledger: Ledger<UnitKind>;
  readonly target: UnitTarget;

  constructor(ledger: Ledger<UnitKind>, target: UnitTarget) {
    this.#ledger = ledger;
    this.target = target;
  }

  /** Decides one unit, and renders it when it is new or changed (or when every unit is rendered again). */
  async put(unit: Unit): Promise<Decision> {
    const decision = this.#ledger.decide(unit.kind, unit.key, unit.content, unit.extra);
    if (decision.render) await unit.render(decision.ctx, this.target);
    return decision;
  }

  /** Decides and renders every unit of one US state, kind after kind. */
  async state(input: StateInput, kinds: readonly StateUnitKind[]): Promise<void> {
    for (const kind of kinds) for (const unit of kind.units(input)) await this.put(unit);
  }

  /** Removes the files of the units the ledger retired since the last call (gone, or rendered in another shape). */
  removeRetired(): void {
    for (const r of this.#ledger.takeRetired())
      for (const path of retiredFiles(r)) this.target.out.remove(path);
  }
}
