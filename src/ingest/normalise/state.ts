import { findState, type State } from "../../geo/states.js";

const TERRITORIES = new Map<string, string>(
  [
    ["PR", "Puerto Rico"],
    ["GU", "Guam"],
    ["VI", "U.S. Virgin Islands"],
    ["AS", "American Samoa"],
    ["MP", "Northern Mariana Islands"],
    ["UM", "U.S. Minor Outlying Islands"],
    ["FM", "Micronesia"],
    ["MH", "Marshall Islands"],
    ["PW", "Palau"],
    ["AA", "Armed Forces Americas"],
    ["AE", "Armed Forces Europe"],
    ["AP", "Armed Forces Pacific"],
  ].flatMap(([code, name]) => [
    [code as string, name as string],
    [(name as string).toUpperCase(), name as string],
  ]),
);
TERRITORIES.set("VIRGIN ISLANDS", "U.S. Virgin Islands");
/** Canadian provinces and territories: real exports near the border carry a few. */
for (const [code, name] of [
  ["AB", "Alberta"],
  ["BC", "British Columbia"],
  ["MB", "Manitoba"],
  ["NB", "New Brunswick"],
  ["NL", "Newfoundland and Labrador"],
  ["NF", "Newfoundland and Labrador"],
  ["NS", "Nova Scotia"],
  ["NT", "Northwest Territories"],
  ["NU", "Nunavut"],
  ["ON", "Ontario"],
  ["PE", "Prince Edward Island"],
  ["QC", "Quebec"],
  ["PQ", "Quebec"],
  ["SK", "Saskatchewan"],
  ["YT", "Yukon"],
] as const) {
  TERRITORIES.set(code, `${name}, Canada`);
  TERRITORIES.set(name.toUpperCase(), `${name}, Canada`);
}
for (const name of [
  "MEXICO",
  "BAJA CALIFORNIA",
  "CHIHUAHUA",
  "SONORA",
  "COAHUILA",
  "NUEVO LEON",
  "TAMAULIPAS",
])
  TERRITORIES.set(name, `${name.charAt(0)}${name.slice(1).toLowerCase()}, Mexico`);
TERRITORIES.set("US VIRGIN ISLANDS", "U.S. Virgin Islands");

export type StateResult = { state: State } | { outOfScope: string } | { invalid: true };

/**
 * A USPS code, state name or slug, in any case, to one of the 50 states or DC; territories (PR, GU, VI, …)
 * and Canadian provinces (ON, BC, Quebec, …) are recognised as out of scope rather than invalid or missing.
 * @example normaliseState("tx") // { state: { code: "TX", name: "Texas", slug: "texas" } }
 * @example normaliseState("PR") // { outOfScope: "Puerto Rico" }
 */
export function normaliseState(text: string): StateResult {
  const state = findState(text) ?? findState(text.replace(/\./g, ""));
  if (state) return { state };
  const territory = TERRITORIES.get(text.trim().toUpperCase().replace(/\s+/g, " "));
  return territory ? { outOfScope: territory } : { invalid: true };
}
