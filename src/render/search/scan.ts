import type { RenderPlan } from "../plan/plan.js";
import type { SearchTuple } from "../plan/state-units.js";
import { readUnits, unitsFile } from "../plan/units.js";
import type { Summary } from "../summary.js";
import { toIndexed } from "./full.js";
import { type Entry, entryBytes } from "./layout.js";
import { clinicKeys } from "./tokens.js";

/**
 * Every clinic of this release listed under any of `words`, read back from the units this release's plan wrote
 * (each clinic's search tuple): what a common key needs when the clinics it kept beyond its listed ones run out, or
 * when it stops being common or pairable. Rare, and as costly as reading every clinic once.
 * @example const lists = await scanKeys(plan, summary, new Set(["care"])); lists.get("care")?.length
 */
export async function scanKeys(
  plan: RenderPlan,
  summary: Summary,
  words: ReadonlySet<string>,
): Promise<Map<string, Entry[]>> {
  const dir = plan.bookkeeping;
  if (dir === null) throw new Error("search: no render bookkeeping to read the clinics from");
  const out = new Map<string, Entry[]>([...words].map((w) => [w, []]));
  for (const state of summary.states) {
    for (const u of (await readUnits(unitsFile(dir, state.state.code))).values()) {
      if (u.kind !== "clinic") continue;
      const clinic = toIndexed(JSON.parse(u.extra) as SearchTuple);
      for (const [k, field] of clinicKeys(clinic)) {
        const list = out.get(k);
        if (list) list.push({ clinic, field, bytes: entryBytes(clinic) });
      }
    }
  }
  return out;
}
