/** The 50 states and the District of Columbia: the scope of the directory. */
export interface State {
  readonly code: string;
  readonly name: string;
  readonly slug: string;
}

const NAMES: ReadonlyArray<readonly [code: string, name: string]> = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
];

export const STATES: readonly State[] = NAMES.map(([code, name]) => ({
  code,
  name,
  slug: name.toLowerCase().replace(/\s+/g, "-"),
}));

const byCode = new Map(STATES.map((s) => [s.code, s]));
const byKey = new Map<string, State>();
for (const s of STATES) {
  byKey.set(s.code.toLowerCase(), s);
  byKey.set(s.name.toLowerCase(), s);
  byKey.set(s.slug, s);
}
byKey.set("washington dc", byCode.get("DC") as State);
byKey.set("washington d.c.", byCode.get("DC") as State);
byKey.set("d.c.", byCode.get("DC") as State);

/** Finds a state by USPS code, name or slug (any case); undefined when out of scope (e.g. PR, GU). */
export function findState(key: string): State | undefined {
  return byKey.get(key.trim().toLowerCase().replace(/\s+/g, " "));
}

export function stateByCode(code: string): State {
  const s = byCode.get(code);
  if (!s) throw new Error(`unknown state code ${code}`);
  return s;
}
