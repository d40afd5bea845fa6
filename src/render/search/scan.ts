import { readUnits, unitsFile } from "../ledger/bookkeeping.js";
import type { Ledger } from "../ledger/ledger.js";
import type { Summary } from "../summary.js";
import { clinicUnits, type SearchTuple } from "../units/clinic.js";
import type { UnitKind } from "../units/kind.js";
import { toIndexed } from "./full.js";
import { type Entry, entryBytes } from "./layout.js";
import { clinicKeys } from "./tokens.js";

/**
 * Every clinic of this release listed under any of `words`, read back from the units this release's ledger wrote
 * (each clinic's search tuple): what a common key needs when the clinics it kept beyond its listed ones run out, or
 * when it stops being common or pairable. Rare, and as costly as reading every clinic once.
 * @example const lists = await scanKeys(ledger, summary, new Set(["care"])); lists.get("care")?.length
 */
export async function scanKeys(
  ledger: Ledger<UnitKind>,
  summary: Summary,
  words: ReadonlySet<string>,
): Promise<Map<string, Entry[]>> {
  const dir = ledger.bookkeeping;
  if (dir === null) throw new Error("search: no render bookkeeping to read the clinics from");
  const out = new Map<string, Entry[]>([...words].map((w) => [w, []]));
  for (const state of summary.states) {
    const kinds = new Map([[clinicUnits.code, clinicUnits]]);
    for (const u of (await readUnits(unitsFile(dir, state.state.code), kinds)).values()) {
      const clinic = toIndexed(JSON.parse(u.extra) as SearchTuple);
      for (const [k, field] of clinicKeys(clinic)) {
        const list = out.get(k);
        if (list) list.push({ clinic, field, bytes: entryBytes(clinic) });
      }
    }
  }
  return out;
}
