/** The pages' strings in English (the words shared with the scripts are in `words.ts`). */

import type { Freshness } from "../dataset/freshness.js";
import { SAMPLE_SOURCE_NAME } from "../dataset/sources.js";
import type { PlaceKind, SourceType } from "../schema/evidence.js";
import type { SourceField } from "../schema/sources.js";
import { type Fragment, type Html, html } from "../util/html.js";
import type { Weekday } from "./words.js";

/** What each field of a clinic is called when its sources are listed. */
const FIELD_WORDS_EN: Record<SourceField, string> = {
  name: "name",
  address: "address",
  phone: "phone",
  coordinates: "location",
  website: "web site",
  hours: "hours",
  services: "services",
  insurance: "insurance",
  rating: "rating",
  neighborhood: "neighborhood",
  npi: "NPI",
};

/** How the pages say what kind of place a clinic is and how we know (`src/render/site/evidence.ts` composes them). */
const EVIDENCE_EN = {
  heading: "How we know",
  /** A kind within a sentence. */
  kindWords: {
    walk_in_urgent_care: "a walk-in urgent care centre",
    occupational_medicine: "occupational medicine",
    emergency_room: "an emergency room",
    telehealth: "telehealth",
    mobile: "care at home",
    administrative: "an office",
    hospital: "a hospital",
    physician_group: "a physician group",
  } as Record<PlaceKind, string>,
  kindLine: (label: string) => `Kind of place: ${label}. It is not a walk-in urgent care centre.`,
  /** A source as a sentence names it. */
  source: (type: SourceType, name: string, brand: string | null): string => {
    if (name === "CMS NPPES") return "CMS's NPI registry";
    if (name === "HIFLD Urgent Care Facilities") return "HIFLD's list of urgent care facilities";
    if (name === "Overture Maps places") return "Overture Maps' places data";
    if (type === "store_locator")
      return brand ? `${brand}'s own store locator` : "the chain's own store locator";
    if (name === SAMPLE_SOURCE_NAME) return "the synthetic sample (made up)";
    if (type === "synthetic") return "a second made-up list of the synthetic sample";
    return name;
  },
  /** When a source's record is dated, said for what the date is. */
  dated: (type: SourceType, name: string, date: string): string => {
    if (type === "registry") return `the registry entry was last updated on ${date}`;
    if (name === "HIFLD Urgent Care Facilities") return `HIFLD's record was last checked on ${date}`;
    if (name === "Overture Maps places") return `Overture's record was last updated on ${date}`;
    if (type === "store_locator") return `the locator's entry is dated ${date}`;
    return `${name}'s record is dated ${date}`;
  },
  listed: (sources: readonly string[], dates: readonly string[]) =>
    `Listed in ${sources.join(sources.length > 2 ? ", in " : " and in ").replace(/, in ([^,]*)$/, " and in $1")}${dates.length ? `; ${dates.join(", and ")}` : ""}.`,
  locator: "The chain lists it on its own locator.",
  confirmed: "Independent sources agree that it is there.",
  one: "Only one source lists it: call before you go.",
  against: (why: readonly string[], one: boolean) =>
    `${one ? "Only one source lists it, and something" : "Something"} says it may be another kind of place: ${why.join("; ")}. Call before you go.`,
  againstTaxonomy: (kind: string) => `the registry lists it first as ${kind}`,
  againstName: (kind: string) => `its name says ${kind}`,
  againstListed: "a source lists it as urgent care",
  againstOther: "a source says otherwise",
};

/** `n` with thousands separators: 8,600. */
export const count = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
/** States and DC, DC named apart from the states: "3 states and DC", "DC", "2 states". */
const where = (states: number, dc: boolean) =>
  states === 0 ? (dc ? "DC" : plural(0, "state")) : `${plural(states, "state")}${dc ? " and DC" : ""}`;

const SHORT_DAYS: Record<Weekday, string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Plain names of the US time zones the data uses; others are shown by their IANA name alone. */
const ZONES: Record<string, string> = {
  "America/New_York": "Eastern Time",
  "America/Detroit": "Eastern Time",
  "America/Indiana/Indianapolis": "Eastern Time",
  "America/Kentucky/Louisville": "Eastern Time",
  "America/Chicago": "Central Time",
  "America/Indiana/Knox": "Central Time",
  "America/Menominee": "Central Time",
  "America/North_Dakota/Center": "Central Time",
  "America/Denver": "Mountain Time",
  "America/Boise": "Mountain Time",
  "America/Phoenix": "Mountain Standard Time (no daylight saving)",
  "America/Los_Angeles": "Pacific Time",
  "America/Anchorage": "Alaska Time",
  "America/Juneau": "Alaska Time",
  "America/Adak": "Hawaii-Aleutian Time",
  "Pacific/Honolulu": "Hawaii Time",
};

export const pages = {
  /** The language's own name, for the language switch. */
  name: "English",
  service: "Urgent Care Directory",
  count,
  plural,
  clinics: (n: number) => plural(n, "clinic"),
  cities: (n: number) => plural(n, "city", "cities"),
  states: (n: number) => plural(n, "state"),
  networks: (n: number) => plural(n, "network"),
  /** 2026-05-01 → May 1, 2026 */
  date(iso: string): string {
    const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
    return `${MONTHS[m - 1]} ${d}, ${y}`;
  },
  percent: (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)}%`,
  /** Sizes: 4.3 MB */
  units: ["bytes", "KB", "MB", "GB", "TB"],
  decimal: ".",
  zone: (zone: string) => (ZONES[zone] ? `${ZONES[zone]} (${zone})` : zone),
  zoneShort: (zone: string) => ZONES[zone] ?? zone,
  /** The freshness notice (`freshness()` words it in English). */
  freshness: (f: Freshness, _synthetic: boolean) => f.notice,
  hours: {
    shortDays: SHORT_DAYS,
    closed: "Closed",
    unknown: "Not known",
    allDay: "Open 24 hours",
    everyDay: "Open 24 hours, every day",
    range: (from: string, to: string) => `${from} to ${to}`,
    days: (from: string, to: string) => `${from} to ${to}`,
    local: (zone: string) => `Times are local to the clinic: ${zone}. Hours on public holidays may differ.`,
    caption: "Regular opening hours",
    day: "Day",
    hours: "Hours",
  },
  layout: {
    skip: "Skip to main content",
    site: "Site",
    nav: { find: "Find a clinic", near: "Near me", about: "About the data", api: "API" },
    breadcrumb: "Breadcrumb",
    home: "Home",
    language: "Language",
    sampleLabel: "Sample data",
    sample: html`<strong>Synthetic sample data.</strong> Every clinic, network, address, phone number and web site on this site is fictional. Do not use it to find care.`,
    staleLabel: "How old the data is",
    feed: "Data releases",
    footer: (service: string, release: string, licence: Html) =>
      html`Data: ${service}, release ${release}, licensed ${licence}. Code: MIT.`,
    credit: "Credit line:",
    links: {
      about: "About the data",
      api: "API reference",
      downloads: "Downloads",
      llms: "llms.txt",
      feed: "Releases (Atom feed)",
    },
  },
  near: {
    heading: "Urgent care near you",
    use: "Use my location",
    privacy: "Your location never leaves this phone.",
    place: "Or a town, address, ZIP code or clinic",
    emergencyLabel: "Emergencies",
    emergency: html`<strong>Emergency? Call <a href="tel:911">911</a></strong>: chest pain, trouble breathing, stroke signs, heavy bleeding.`,
    find: "Find",
    needsScript: "Finding clinics near you needs JavaScript. Choose your state or city instead:",
    networkHeading: (name: string) => `${name} clinics near you`,
    pageTitle: "Urgent care near you",
    pageDescription:
      "The nearest urgent care clinics to you, open now or not, with their distance, phone number and directions.",
    browse: "Browse by state",
  },
  list: {
    phone: "Phone:",
    network: "Network:",
    hoursUnknown: "Opening hours not known",
    pager: "Pages of the list",
    page: (n: number) => `Page ${n}`,
    pageOf: (n: number, of: number) => `Page ${n} of ${of}`,
    previous: "Previous page",
    next: "Next page",
    range: (from: number, to: number, total: number) =>
      `Clinics ${count(from)} to ${count(to)} of ${count(total)}.`,
    continued: "(continued)",
  },
  home: {
    title: "Find an urgent care clinic",
    description: (clinics: number) =>
      `A directory of ${plural(clinics, "urgent care clinic")} in the United States, with addresses, phone numbers and opening hours. Free open data and API.`,
    /** `states` without DC; `dc` whether DC has clinics too: "across 50 states and DC". */
    lead: (clinics: number, cities: number, states: number, dc: boolean) =>
      `${plural(clinics, "clinic")} in ${plural(cities, "city", "cities")} across ${plural(states, "state")}${dc ? " and DC" : ""}, with addresses, phone numbers and opening hours.`,
    release: (date: string) => `Data release ${date}.`,
    byState: "Browse by state",
    byNetwork: "Browse by network",
    allNetworks: (n: number) => `All ${plural(n, "network")} and brands`,
    useData: "Use the data",
    useDataText: (about: string, api: string) =>
      html`The directory is open data (CC BY 4.0): read <a href="${about}">about the data and its downloads</a>, or use the free <a href="${api}">JSON API</a>.`,
    mapTitle: "Map of the United States: choose a state",
  },
  state: {
    title: (state: string) => `Urgent care clinics in ${state}`,
    description: (clinics: number, state: string) =>
      `${plural(clinics, "urgent care clinic")} in ${state}, by city, with addresses, phone numbers and opening hours.`,
    none: (state: string) => `No clinics in ${state} are listed in this release.`,
    lead: (clinics: number, cities: number, networks: number) =>
      `${plural(clinics, "clinic")} in ${plural(cities, "city", "cities")}${networks ? `, from ${plural(networks, "network")}` : ""}.`,
    cities: "Cities",
    networksIn: (state: string) => `Networks in ${state}`,
    here: (n: number) => `(${count(n)} here)`,
    json: "This state's cities as JSON:",
    mapTitle: (state: string, clinics: number) =>
      `Map of ${state} with its ${plural(clinics, "clinic")} as dots`,
  },
  city: {
    title: (place: string) => `Urgent care clinics in ${place}`,
    description: (clinics: number, place: string) =>
      `${plural(clinics, "urgent care clinic")} in ${place}: addresses, phone numbers, opening hours and which are open now.`,
    lead: (clinics: number, zone: string) => `${plural(clinics, "clinic")}. Opening hours are in ${zone}.`,
    clinics: "Clinics",
    json: "This city's clinics as JSON:",
    mapTitle: (place: string, dots: number) => `Map of ${place} with its ${plural(dots, "clinic")} as dots`,
  },
  clinic: {
    title: (name: string, city: string, code: string) => `${name}, ${city}, ${code}`,
    description: (name: string, place: string) =>
      `${name}: urgent care clinic in ${place}. Address, phone number and opening hours.`,
    address: "Address",
    neighbourhood: "Neighborhood",
    phone: "Phone",
    network: "Network",
    city: "City",
    website: "Web site",
    rating: "Rating",
    coordinates: "Coordinates",
    approximate: "(location approximate: the centre of the ZIP code area)",
    npi: "NPI",
    sources: "Where this comes from",
    sourcesUnknown: "Not recorded for this release.",
    source: (name: string, date: string | null, fields: readonly SourceField[]) =>
      `${name}${date ? `, record dated ${date}` : ", undated record"}${fields.length ? `: ${fields.map((f) => FIELD_WORDS_EN[f]).join(", ")}` : ""}`,
    approximateNote:
      "Its position on the map is approximate (the centre of its ZIP code area): go by the address.",
    ratingText: (rating: number, reviews: number | null) =>
      `${rating} out of 5${reviews === null ? "" : ` (${plural(reviews, "review")})`}`,
    actions: "Call or get directions",
    call: (phone: string) => `Call ${phone}`,
    directions: "Directions",
    otherMaps: (apple: string, osm: string | null): Fragment =>
      html`Also in <a href="${apple}">Apple Maps</a>${osm ? html` or on <a href="${osm}">OpenStreetMap</a>` : ""}.`,
    hours: "Opening hours",
    hoursUnknown: "Opening hours are not known. Call the clinic before you go.",
    services: "Services",
    servicesUnknown: "Not known.",
    insurance: "Insurance accepted",
    insuranceUnknown: "Not known. Ask the clinic.",
    json: (id: Html) => html`This clinic as JSON (id ${id}):`,
    evidence: EVIDENCE_EN,
  },
  network: {
    title: (name: string) => `${name}: urgent care clinics`,
    /** `states` without DC; `dc` whether the network has clinics in DC too. */
    description: (name: string, clinics: number, states: number, dc: boolean) =>
      `The ${plural(clinics, "clinic")} of ${name} in ${where(states, dc)}, with addresses, phone numbers and opening hours.`,
    lead: (clinics: number, states: number, dc: boolean) =>
      `${plural(clinics, "clinic")} in ${where(states, dc)}.`,
    byState: "Clinics by state",
    json: "This network as JSON:",
    indexTitle: "Networks and brands",
    indexDescription: (n: number) => `The ${plural(n, "network")} of urgent care clinics in the directory.`,
    indexLead: (networks: number, known: number, clinics: number) =>
      `${plural(networks, "network")} run ${plural(known, "clinic")} of the ${plural(clinics, "clinic")} listed; the others have no known network.`,
    indexJson: "Every network as JSON:",
    crumb: "Networks",
  },
  developers: "For developers",
  notFound: {
    title: "Page not found",
    description: "There is no page at this address.",
    typed:
      "If you typed the web address, check it is correct. If you pasted it, check you copied the entire address.",
    moved: (home: string) =>
      html`Clinics sometimes close or move: <a href="${home}">find a clinic from the home page</a>.`,
  },
  offline: {
    title: "You are offline",
    text: "This page was not saved on this phone. Pages you opened before, and the clinics you found near you, open without a connection.",
    home: "Go to the home page",
  },
  tombstone: {
    title: (name: string) => `${name} (no longer listed)`,
    description: (name: string, where: string, since: string) =>
      `${name} in ${where} is no longer listed in the directory since ${since}.`,
    label: "No longer listed",
    notice: (since: string, last: string) =>
      html`<strong>No longer listed since ${since}.</strong> This clinic was in the directory until the release of ${last}; it is not in the current data. It may have closed or moved. Call before you go.`,
    nearby: "Clinics nearby",
    away: (miles: string) => ` · ${miles} miles away`,
    none: "No clinic is listed near it.",
    all: (link: Html) => html`All clinics in ${link}.`,
    last: "Last known details",
    asOf: (date: string) => `As last listed on ${date}; they may be out of date.`,
    json: (code: Html) => html`This clinic as JSON, with ${code}:`,
  },
  about: {
    title: "About the data",
    description: (service: string) =>
      `Where the ${service}'s data comes from, how complete it is, its licence, how to credit it, and its downloads.`,
    lead: (clinics: number, cities: number, release: string) =>
      `${plural(clinics, "clinic")} in ${plural(cities, "city", "cities")}, release ${release}.`,
    licence: "Licence",
    licenceText: (licence: Html, id: string) =>
      html`The data is licensed under the ${licence} (${id}): you may use it for any purpose, commercial or not, share it and change it, including to train AI models, as long as you credit it, link to this site and say whether you changed it. Client code (the SDK) is MIT.`,
    creditHeading: "Credit line, ready to paste",
    sources: "Sources",
    builtFrom: "Built from:",
    timezoneNotice: (notice: Html) =>
      html`${notice} The time zones of cities and opening hours were looked up in its boundaries (a Produced Work, ODbL 1.0 §4.3); no boundary is published.`,
    publishedBy: (publisher: string) => `, published by ${publisher}`,
    edition: (date: string) => `, edition of ${date}`,
    inputFiles: "Input files of this release",
    nearMeSources: html`Near me finds towns and ZIP codes with files of this site, read on the phone: places from <a href="https://www.geonames.org/">GeoNames</a> (cities and US postal codes, CC BY 4.0) and the Census Bureau's ZIP Code Tabulation Areas (public domain).`,
    file: "File",
    format: "Format",
    records: "Records",
    date: "Date",
    notKnown: "not known",
    levelsHeading: "How we know each clinic",
    levelsIntro:
      "Only walk-in urgent care centres are listed. Every clinic says how we know it, from the sources that list it, at one of three levels:",
    level: {
      confirmed:
        "two independent sources list it (the NPI registry and HIFLD's list, say), or the chain lists it on its own store locator, and nothing says otherwise;",
      listed:
        "one source lists it — often a single entry of the NPI registry, which the provider files itself — or two do but something says it may be another kind of place: call before you go;",
      doubtful:
        "one source lists it and something says it may be another kind of place (the registry lists it first as a hospital or a physician group, say): call before you go.",
    } as Record<string, string>,
    registryDate:
      "A registry's date is the day the provider last edited its entry: it is no proof that a clinic exists or is open.",
    levelCounts: (counts: readonly (readonly [string, number])[]) =>
      `Of the clinics listed, ${counts.map(([level, n]) => `${count(n)} ${level}`).join(", ")}.`,
    leftOut:
      "Places the sources list under urgent care that are not walk-in centres are left out (each is in the build's report, with its reason and evidence):",
    noneLeftOut: "No place the sources list was left out for its kind.",
    quality: "How complete it is",
    qualityText: (q: {
      synthetic: boolean;
      records: {
        read: number;
        carried: number;
        published: number;
        rejected: number;
        merged: number;
        repaired: number;
      };
    }) =>
      `${
        q.synthetic
          ? "This is generated sample data: the figures below describe the sample, not real clinics."
          : `Of ${plural(q.records.read, "record")} read${q.records.carried ? ` and ${count(q.records.carried)} carried over from the last release (this release updates it)` : ""}, ${count(q.records.published)} were published as clinics.`
      } ${q.records.rejected ? `${plural(q.records.rejected, "record")} were rejected` : "No record was rejected"}, ${q.records.merged ? `${plural(q.records.merged, "record")} were merged into another as duplicates` : "none was merged as a duplicate"}, and ${plural(q.records.repaired, "published record")} had a field repaired.`,
    rejected: "Why records were rejected",
    merged: "Why records were merged",
    repaired: "What was repaired",
    reason: (code: string) => code.replace(/_/g, " "),
    completeness: "Share of clinics with each field known",
    field: "Field",
    knownFor: "Known for",
    fields: {
      coordinates: "Map position",
      phone: "Phone number",
      hours: "Opening hours",
      website: "Web site",
      rating: "Rating",
      network: "Network",
      address: "Address",
      neighborhood: "Neighborhood",
      services: "Services",
      insurance: "Insurance accepted",
      reviews_count: "Number of reviews",
    } as Record<string, string>,
    networkShare: (inNetwork: number, none: number) =>
      `${plural(inNetwork, "clinic")} belong to a known network; ${plural(none, "clinic")} have no known network (independent clinics, or brands the data does not name).`,
    evidenceIntro: "How a clinic's network is known:",
    evidence: {
      source_column: "the source names the network",
      brand: "a places data set names the clinic's brand",
      dictionary: "the name matches a known brand in its area",
      name_pattern: "several nearby clinics share the brand in their names, beside other evidence of it",
      registry_organisation: "the NPI registry lists it under one organisation with other places",
    } as Record<string, string>,
    evidenceCount: (kind: string, n: number) => `${kind}: ${plural(n, "clinic")}`,
    recordDates: (oldest: string, newest: string) =>
      `Records are dated between ${oldest} and ${newest}: the day each source last updated or checked them (for the NPI registry, the day the provider last edited its entry), not a sign that the clinic is open.`,
    everyFigure: (link: Html) => html`Every figure is also in ${link}.`,
    downloads: "Downloads",
    downloadsText:
      "The whole data set, one row per clinic. Dated names never change; the -latest names always hold the newest release. Check a file with its SHA-256.",
    size: "Size",
    rows: "Rows",
    sizeBytes: (n: number) => `(${count(n)} bytes)`,
    manifest: (manifest: string, licence: string) =>
      html`<a href="${manifest}">The manifest</a> lists every file with its columns and types; <a href="${licence}">LICENSE.txt</a> holds the licence and credit lines.`,
    noDownloads: "This build has no downloads.",
    releases: "Releases",
    releasesText: (feed: string, json: Html) =>
      html`Each release keeps the ones before it: what changed, and their dated downloads. Subscribe to <a href="${feed}">the Atom feed of releases</a>, or read ${json}.`,
    release: "Release",
    clinicsColumn: "Clinics",
    changes: "Changes",
    changeCounts: (added: number, removed: number, changed: number) =>
      `${count(added)} added, ${count(removed)} no longer listed, ${count(changed)} changed`,
    since: (version: string) => ` since ${version}`,
    first: "the first release",
  },
  docs: {
    title: "API reference",
    description: (service: string) =>
      `The ${service}'s free read-only JSON API: every endpoint, every field, errors, caching, CORS and the TypeScript SDK.`,
    heading: (title: string) => `${title} reference`,
    lead: (version: string) => `Version ${version}. No key, no sign-up; CORS open to every origin.`,
    /** Set when the reference's generated text (from the OpenAPI document) is in another language. */
    inEnglish: null as string | null,
    base: "Base address",
    index: "Index",
    release: "Data release",
    onThisPage: "On this page",
    conventions: "Conventions, errors, caching and CORS",
    sdk: "SDK quick start",
    sdkText: "The TypeScript SDK (MIT, no dependencies) runs in browsers, Node 20+, Deno and Bun:",
    endpoints: "Endpoints",
    schemas: "Fields of every document",
    schemasText:
      "Every field is always present; unknown values are null. Clients must ignore fields they do not know: fields are only ever added within v1.",
    errors: "Error bodies",
    errorsText: (link: Html) => html`Every error answer has a JSON body of type ${link}, for example:`,
    otherStatuses: html`Other statuses: 405 with an <code>Allow</code> header for methods other than GET, HEAD and OPTIONS; 400 for a malformed path; 414 and 431 for a request line or headers too long.`,
    field: "Field",
    type: "Type",
    description_: "Description",
    optional: "(optional)",
    typeIs: "Type:",
    parameters: "Path parameters",
    name: "Name",
    tryIt: "Try it:",
    noDocument: "Try it: no such document in this release yet.",
    answers: (schema: Fragment, error: Html) =>
      html`Answers 200 with ${schema}; 304 when your <code>If-None-Match</code> is current; 404 with an ${error} body when there is no such document.`,
    arrayOf: "array of",
    or: " or ",
    oneOf: ": one of",
    orNull: ", or null",
  },
};

export type PageMessages = typeof pages;
