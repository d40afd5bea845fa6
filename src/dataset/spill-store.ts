import { rm } from "node:fs/promises";
import type { StateSpill } from "./state-spill.js";
import type { ClinicRecord, ClinicStore } from "./types.js";

/**
 * A store over clinics spilled to one file per state (the importer's output): `load` reads one state's file,
 * `dispose` removes the folder.
 * @example const store = spillStore(spill, folder); const texas = await store.load("TX"); await store.dispose();
 */
export function spillStore(spill: StateSpill<ClinicRecord>, folder: string): ClinicStore {
  let size = 0;
  for (const n of spill.states.values()) size += n;
  let disposed = false;
  return {
    size,
    async load(state) {
      if (disposed) throw new Error("clinic store used after dispose()");
      return spill.read(state);
    },
    async dispose() {
      disposed = true;
      spill.release();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
