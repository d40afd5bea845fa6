import type { ClinicStore } from "../../dataset/types.js";

/**
 * The store with each network name that is spelled two ways given its one spelling (`NetworkSlugs.spellings`): the
 * states are resolved apart, so a name is settled once all of them are, and their records take it as they are read.
 * @example respelled(store, new Map([["Swiftwell Urgent Care", "SwiftWell Urgent Care"]]))
 */
export function respelled(store: ClinicStore, spellings: ReadonlyMap<string, string>): ClinicStore {
  if (spellings.size === 0) return store;
  return {
    size: store.size,
    async load(state) {
      return (await store.load(state)).map((r) => {
        const network = r.network === null ? undefined : spellings.get(r.network);
        return network === undefined ? r : { ...r, network };
      });
    },
    dispose: () => store.dispose(),
  };
}
