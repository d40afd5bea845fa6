/**
 * A brand of the network dictionary: its published name, the spellings its clinics' names appear under, where it
 * has clinics (its footprint, USPS codes) and, where it matters, the years the brand applied (a brand acquired or
 * renamed applies to records dated in its own years only).
 */
export interface BrandEntry {
  name: string;
  /** Word runs that name the brand in a clinic name, matched whole, ignoring case and punctuation. */
  variants: readonly string[];
  /** How the brand writes itself: words of a name equal to one of these (ignoring case) are re-spelled. */
  spellings?: readonly string[];
  /** States where the brand has clinics; a name matched elsewhere is another organisation, unless `distinctive`. */
  states: readonly string[];
  /**
   * The brand's name is its own: no other organisation goes by it, so a clinic named with it is this brand in any
   * state (a footprint goes out of date as a chain grows; a national chain lost 6 % of its clinics to it).
   */
  distinctive?: boolean;
  /** First and last year the brand applied (inclusive); a record dated outside them is not matched. */
  since?: number;
  until?: number;
  /** Wikidata item of the brand (CC0), only when verified. */
  wikidata?: string;
}

/** USPS codes from a space-separated list. */
const codes = (list: string): string[] => list.split(" ");

const EAST = codes("CT DE DC MD MA NJ NY PA RI VA");
/** Where Doctors Express franchises were, before and after AFC bought the brand. */
const DOCTORS_EXPRESS = codes("AZ CT FL GA IL MA MD NC NJ NY OH PA SC TX VA");

/**
 * US urgent-care brands. Curated from the brands' own location lists as known to the maintainers (2024);
 * footprints are deliberately the states where the brand is known to operate, so that a same-named clinic
 * elsewhere is not claimed. Generic phrases ("express care", "premier urgent care", "first choice", "Baptist
 * Health" — several unrelated systems) are never entries.
 */
export const NETWORKS: readonly BrandEntry[] = [
  {
    name: "AFC Urgent Care",
    distinctive: true,
    variants: ["afc urgent care", "american family care", "afc doctors express"],
    spellings: ["AFC"],
    states: codes(
      "AL AR AZ CO CT DE FL GA IL IN KS KY LA MA MD MI MO MS NC NH NJ NY OH OK PA RI SC TN TX VA WA",
    ),
  },
  // Doctors Express became AFC after AFC bought it (December 2013): older records keep the old brand.
  {
    name: "AFC Urgent Care",
    variants: ["doctors express"],
    states: DOCTORS_EXPRESS,
    since: 2014,
  },
  {
    name: "Doctors Express",
    variants: ["doctors express"],
    states: DOCTORS_EXPRESS,
    until: 2013,
  },
  {
    name: "AdventHealth Centra Care",
    variants: ["centra care", "adventhealth centra care", "centracare"],
    spellings: ["AdventHealth"],
    states: codes("FL"),
  },
  { name: "CentraCare", variants: ["centracare"], spellings: ["CentraCare"], states: codes("MN") },
  {
    name: "BayCare Urgent Care",
    variants: ["baycare urgent care", "baycare"],
    spellings: ["BayCare"],
    states: codes("FL"),
  },
  { name: "Banner Urgent Care", variants: ["banner urgent care"], states: codes("AZ CO NV WY NE") },
  {
    name: "Carbon Health",
    distinctive: true,
    variants: ["carbon health"],
    states: codes("AZ CA CO FL NV NY OH OR TX WA"),
    since: 2015,
  },
  {
    name: "CareNow",
    variants: ["carenow", "care now urgent care", "carenow urgent care"],
    spellings: ["CareNow"],
    states: codes("CO FL GA KS MO NH NV SC TN TX UT VA"),
  },
  {
    name: "CareSpot",
    distinctive: true,
    variants: ["carespot", "care spot urgent care"],
    spellings: ["CareSpot"],
    states: codes("FL TN GA CA"),
  },
  {
    name: "CareWell Urgent Care",
    variants: ["carewell urgent care"],
    spellings: ["CareWell"],
    states: codes("MA NH"),
    since: 2012,
  },
  {
    name: "CityMD",
    distinctive: true,
    variants: ["citymd", "city md"],
    spellings: ["CityMD"],
    states: codes("NY NJ"),
    since: 2010,
  },
  {
    name: "Concentra",
    distinctive: true,
    variants: ["concentra"],
    states: codes(
      "AL AZ CA CO CT FL GA IL IN KS KY LA MA MD MI MN MO NC NE NJ NM NV NY OH OK OR PA RI SC TN TX UT VA WA WI",
    ),
  },
  { name: "Doctors Care", variants: ["doctors care"], states: codes("SC TN") },
  {
    name: "Fast Pace Health",
    distinctive: true,
    variants: ["fast pace health", "fast pace urgent care", "fastpace"],
    states: codes("AL IN KY LA MS TN"),
    since: 2009,
  },
  {
    name: "FastMed Urgent Care",
    distinctive: true,
    variants: ["fastmed", "fast med urgent care"],
    spellings: ["FastMed"],
    states: codes("AZ NC TX"),
  },
  {
    name: "GoHealth Urgent Care",
    distinctive: true,
    variants: ["gohealth", "go health urgent care"],
    spellings: ["GoHealth"],
    states: codes("AR CA CT KY MO NC NJ NY OR PA TX VA WA"),
    since: 2014,
  },
  {
    name: "Intermountain InstaCare",
    distinctive: true,
    variants: ["instacare", "intermountain instacare"],
    spellings: ["InstaCare"],
    states: codes("UT ID"),
  },
  {
    name: "MedExpress",
    variants: ["medexpress", "med express urgent care"],
    spellings: ["MedExpress"],
    states: codes("AZ DE FL GA IL MA MD MI MS NC NJ NY OH PA SC TN VA WV"),
  },
  { name: "MedFirst", variants: ["medfirst"], spellings: ["MedFirst"], states: codes("TX") },
  {
    name: "MedSpring Urgent Care",
    distinctive: true,
    variants: ["medspring"],
    spellings: ["MedSpring"],
    states: codes("TX IL"),
    since: 2013,
  },
  {
    name: "Med7 Urgent Care",
    distinctive: true,
    variants: ["med7", "med 7 urgent care"],
    spellings: ["Med7"],
    states: codes("CA"),
  },
  {
    name: "MinuteClinic",
    distinctive: true,
    variants: ["minuteclinic", "minute clinic"],
    spellings: ["MinuteClinic"],
    states: codes(
      "AL AZ CA CO CT DC DE FL GA IA IL IN KS KY LA MA MD MI MN MO MS NC NH NJ NM NV NY OH OK OR PA RI SC TN TX VA WA WI",
    ),
  },
  {
    name: "MultiCare Indigo Urgent Care",
    variants: ["indigo urgent care", "multicare indigo"],
    spellings: ["MultiCare"],
    states: codes("WA"),
  },
  {
    name: "NextCare Urgent Care",
    distinctive: true,
    variants: ["nextcare", "next care urgent care"],
    spellings: ["NextCare"],
    states: codes("AZ CO KS MO NC NM OK TX VA WY"),
  },
  {
    name: "Optum Urgent Care",
    variants: ["optum urgent care"],
    states: codes("AZ CA CO CT FL MA NJ NV NY OR TX WA"),
  },
  { name: "Patient First", variants: ["patient first"], states: codes("DE MD NJ PA VA") },
  {
    name: "Physicians Immediate Care",
    distinctive: true,
    variants: ["physicians immediate care"],
    states: codes("IL IN MI OH WI"),
  },
  {
    name: "PM Pediatrics",
    distinctive: true,
    variants: ["pm pediatrics", "pm pediatric urgent care"],
    spellings: ["PM"],
    states: [...EAST, ...codes("AZ IL TX")],
    since: 2005,
  },
  {
    name: "Righttime Medical Care",
    variants: ["righttime medical care", "righttime", "right time medical care"],
    spellings: ["Righttime"],
    states: codes("MD"),
  },
  {
    name: "Sutter Walk-In Care",
    variants: ["sutter walk in care", "sutter walkin care"],
    states: codes("CA"),
  },
  {
    name: "Texas MedClinic",
    distinctive: true,
    variants: ["texas medclinic", "texas med clinic"],
    spellings: ["MedClinic"],
    states: codes("TX"),
  },
  // U.S. HealthWorks joined Concentra in 2018: its records are its own before that.
  {
    name: "U.S. HealthWorks",
    distinctive: true,
    variants: ["us healthworks", "u s healthworks", "ushealthworks"],
    spellings: ["HealthWorks"],
    states: codes("AZ CA CO GA ID KS OR TX UT WA"),
    until: 2018,
  },
  { name: "Urgent Team", variants: ["urgent team"], states: codes("AL GA MO MS TN"), since: 2014 },
  { name: "Velocity Urgent Care", variants: ["velocity urgent care"], states: codes("VA") },
  // Five Star Urgent Care took the WellNow name in 2019.
  {
    name: "WellNow Urgent Care",
    distinctive: true,
    variants: ["wellnow", "well now urgent care"],
    spellings: ["WellNow"],
    states: codes("IL IN MI NY OH PA"),
    since: 2019,
  },
  { name: "Five Star Urgent Care", variants: ["five star urgent care"], states: codes("NY PA"), until: 2019 },
  {
    name: "WellStreet Urgent Care",
    distinctive: true,
    variants: ["wellstreet", "well street urgent care"],
    spellings: ["WellStreet"],
    states: codes("GA MI"),
  },
  {
    name: "Xpress Wellness Urgent Care",
    distinctive: true,
    variants: ["xpress wellness"],
    states: codes("KS OK TX"),
  },
  {
    name: "ZoomCare",
    distinctive: true,
    variants: ["zoomcare", "zoom care"],
    spellings: ["ZoomCare"],
    states: codes("ID OR WA"),
  },
  { name: "Piedmont Urgent Care", variants: ["piedmont urgent care"], states: codes("GA") },
  {
    name: "Novant Health Urgent Care",
    variants: ["novant health urgent care", "novant health gohealth"],
    states: codes("NC SC VA"),
  },
  { name: "Urgent Care for Children", variants: ["urgent care for children"], states: codes("AL") },
];
