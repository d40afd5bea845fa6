import type { Place } from "../geo/places.js";
import { STATES } from "../geo/states.js";
import type { Rng } from "./rng.js";
import { BRAND_FORMS, BRAND_STEMS } from "./vocab.js";

/** A fictional network of the sample with the states it operates in and how strongly it is present. */
export interface SampleNetwork {
  name: string;
  states: Set<string>;
  weight: number;
}

/**
 * Fictional networks: a few national ones, regional ones spanning neighbouring states, and local ones in one
 * state. Every network's home state is chosen so that all 51 state entries see at least one network.
 */
export function sampleNetworks(rng: Rng, cities: readonly Place[], count: number): SampleNetwork[] {
  const centre = new Map<string, [number, number]>();
  for (const s of STATES) {
    const inState = cities.filter((c) => c.state === s.code);
    const lat = inState.reduce((a, c) => a + c.latitude, 0) / inState.length;
    const lng = inState.reduce((a, c) => a + c.longitude, 0) / inState.length;
    centre.set(s.code, [lat, lng]);
  }
  const nearestStates = (home: string, n: number): string[] => {
    const [lat, lng] = centre.get(home) as [number, number];
    return [...centre.entries()]
      .map(
        ([code, [a, b]]) =>
          [code, (a - lat) ** 2 + ((b - lng) * Math.cos((lat * Math.PI) / 180)) ** 2] as const,
      )
      .sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0]))
      .slice(0, n)
      .map(([code]) => code);
  };

  const stems = rng.sample(BRAND_STEMS, count);
  if (stems.length < count) throw new Error(`only ${stems.length} brand stems for ${count} networks`);
  return stems.map((stem, i) => {
    const name = `${stem} ${rng.pick(BRAND_FORMS)}`;
    const home = (STATES[i % STATES.length] as (typeof STATES)[number]).code;
    if (i < 10) {
      const states = new Set(rng.sample(STATES, rng.int(12, 30)).map((s) => s.code));
      states.add(home);
      return { name, states, weight: 6 };
    }
    if (i < 45) return { name, states: new Set(nearestStates(home, rng.int(2, 5))), weight: 3 };
    return { name, states: new Set([home]), weight: 2 };
  });
}
