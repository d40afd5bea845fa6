import { type Place, usPlaces } from "../geo/places.js";
import { STATES } from "../geo/states.js";

/**
 * The `total` cities of the sample: the most populous city of every state and DC, then the most populous
 * of the rest, skipping a second place of the same slug in one state.
 */
export function pickCities(total: number): Place[] {
  const places = usPlaces();
  const chosen: Place[] = [];
  const keys = new Set<string>();
  const take = (p: Place) => {
    const key = `${p.state}/${p.slug}`;
    if (keys.has(key)) return;
    keys.add(key);
    chosen.push(p);
  };
  for (const s of STATES) {
    const top = places.find((p) => p.state === s.code);
    if (!top) throw new Error(`no place for ${s.code}`);
    take(top);
  }
  for (const p of places) {
    if (chosen.length >= total) break;
    take(p);
  }
  return chosen;
}
