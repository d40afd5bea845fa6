import { stateAt } from "./state-shapes.js";
import { zipCentroids } from "./zip-centroids.js";

let byPrefix: Map<string, string> | undefined;

/**
 * The state of a ZIP code, from the ZIP table: the USPS gives each 3-digit prefix to one state (`829` → WY), so a
 * ZIP's state is its prefix's, whatever state its area's centre lies in (82930, Evanston WY, has its ZCTA centre in
 * Utah). A prefix's state is the one that holds most of its ZCTA centres (Census 2021 Gazetteer, public domain;
 * outlines of us-atlas): of 896 prefixes, 67 have a centre or two across a line or at sea, never most of them.
 * Undefined for a prefix of no state (Puerto Rico's 006–009, military mail) or without any ZCTA. Computed once, on
 * first use (~0.3 s).
 * @example zipState("82930") // "WY"
 * @example zipState("00901") // undefined (Puerto Rico)
 */
export function zipState(zip: string): string | undefined {
  byPrefix ??= prefixStates();
  return byPrefix.get(zip.slice(0, 3));
}

function prefixStates(): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const z of zipCentroids()) {
    const state = stateAt(z.latitude, z.longitude);
    if (state === undefined) continue;
    const prefix = z.zip.slice(0, 3);
    const c = counts.get(prefix) ?? new Map<string, number>();
    counts.set(prefix, c);
    c.set(state, (c.get(state) ?? 0) + 1);
  }
  const out = new Map<string, string>();
  for (const [prefix, c] of counts) {
    // Most centres; a tie (never seen in the 2021 table) goes to the first state by code, for a stable answer.
    const [state] = [...c].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] as [string, number];
    out.set(prefix, state);
  }
  return out;
}
