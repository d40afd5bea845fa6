import { cityKey } from "../../dataset/identity.js";
import { neighbouringStates } from "../../geo/state-shapes.js";
import { BRAND_MIN_CITIES, BRAND_MIN_CLINICS } from "./brand-prefix.js";
import { words } from "./recognise.js";

interface PrefixInState {
  clinics: number;
  cities: Set<string>;
}

interface PrefixStats {
  spellings: Map<string, number>;
  states: Map<string, PrefixInState>;
}

/** A network inferred from "BRAND - LOCATION" names, with what shows it. */
export interface InferredNetwork {
  name: string;
  detail: string;
}

/**
 * Counts, over all records read, the "BRAND - LOCATION" brand prefixes per state and city: small (one entry per
 * distinct prefix and state), so the decision can be taken before the states are resolved one at a time.
 * @example const counts = new PrefixCounts(); counts.add("Acme Health", "TX", "Austin"); counts.decide()
 */
export class PrefixCounts {
  private readonly byKey = new Map<string, PrefixStats>();

  /** A new count holding this one's (so that a stage adds to its own copy, not to another stage's result). */
  copy(): PrefixCounts {
    const c = new PrefixCounts();
    for (const [key, s] of this.byKey)
      c.byKey.set(key, {
        spellings: new Map(s.spellings),
        states: new Map(
          [...s.states].map(([st, v]) => [st, { clinics: v.clinics, cities: new Set(v.cities) }]),
        ),
      });
    return c;
  }

  add(prefix: string, state: string, city: string): void {
    const key = words(prefix);
    let s = this.byKey.get(key);
    if (!s) {
      s = { spellings: new Map(), states: new Map() };
      this.byKey.set(key, s);
    }
    s.spellings.set(prefix, (s.spellings.get(prefix) ?? 0) + 1);
    let st = s.states.get(state);
    if (!st) {
      st = { clinics: 0, cities: new Set() };
      s.states.set(state, st);
    }
    st.clinics++;
    st.cities.add(cityKey(city));
  }

  /**
   * The networks the names show: for each prefix, the states where it opens names are joined into regions of
   * neighbouring states; a region with at least BRAND_MIN_CLINICS clinics in BRAND_MIN_CITIES cities is one
   * network. Two regions of one prefix are two organisations: each is named with its main state, "Acme Health (TX)".
   * Returns, by prefix key, the network of each state that has one.
   */
  decide(): Map<string, Map<string, InferredNetwork>> {
    const out = new Map<string, Map<string, InferredNetwork>>();
    for (const [key, s] of this.byKey) {
      const regions = regionsOf([...s.states.keys()].sort()).filter((states) => {
        const clinics = states.reduce((a, st) => a + (s.states.get(st)?.clinics ?? 0), 0);
        const cities = states.reduce((a, st) => a + (s.states.get(st)?.cities.size ?? 0), 0);
        return clinics >= BRAND_MIN_CLINICS && cities >= BRAND_MIN_CITIES;
      });
      if (regions.length === 0) continue;
      const spelling = [...s.spellings.entries()].sort(
        (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
      )[0]?.[0] as string;
      const byState = new Map<string, InferredNetwork>();
      for (const states of regions) {
        const main = [...states].sort(
          (a, b) => (s.states.get(b)?.clinics ?? 0) - (s.states.get(a)?.clinics ?? 0) || (a < b ? -1 : 1),
        )[0] as string;
        const clinics = states.reduce((a, st) => a + (s.states.get(st)?.clinics ?? 0), 0);
        const cities = states.reduce((a, st) => a + (s.states.get(st)?.cities.size ?? 0), 0);
        const name = regions.length > 1 ? `${spelling} (${main})` : spelling;
        const detail = `"${spelling} - …" names ${clinics} clinics in ${cities} cities of ${states.join(", ")}`;
        for (const st of states) byState.set(st, { name, detail });
      }
      out.set(key, byState);
    }
    return out;
  }
}

/** Groups states into regions of neighbouring states (connected components of the border graph). */
function regionsOf(states: readonly string[]): string[][] {
  const left = new Set(states);
  const regions: string[][] = [];
  for (const start of states) {
    if (!left.has(start)) continue;
    left.delete(start);
    const region = [start];
    for (let i = 0; i < region.length; i++) {
      for (const n of neighbouringStates(region[i] as string)) {
        if (left.has(n)) {
          left.delete(n);
          region.push(n);
        }
      }
    }
    regions.push(region.sort());
  }
  return regions;
}
