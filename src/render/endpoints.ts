/** The endpoint catalogue: one list feeds index.json, the OpenAPI paths and the API reference page. */
export interface EndpointSpec {
  /** Path template relative to the API base, or to the site for the OpenAPI document. */
  path: string;
  relativeTo: "base" | "site";
  operationId: string;
  summary: string;
  description: string;
  /** Component schema of the 200 response. */
  response: string;
  parameters: Array<{
    name: string;
    description: string;
    example: string;
    /** Regular expression of the value; default: a slug. */
    pattern?: string;
  }>;
  errors: number[];
}

const STATE = {
  name: "state",
  description: "State slug: the full name, lowercase, words joined by hyphens.",
  example: "new-york",
};
const CITY = { name: "city", description: "City slug, unique within its state.", example: "buffalo" };
const NETWORK = {
  name: "network",
  description: "Network slug, as in networks.json (`slug`).",
  example: "carenow",
};
const PREFIX = {
  name: "prefix",
  description:
    "Key prefix of a shard, as listed in the search index (`leaves`, or a proper prefix of a leaf for a head).",
  example: "bl",
  pattern: "^[a-z0-9-]+_?$",
};

export const ENDPOINTS: readonly EndpointSpec[] = [
  {
    path: "/index.json",
    relativeTo: "base",
    operationId: "getIndex",
    summary: "API metadata and endpoint catalogue",
    description:
      "Name, version, status, licence and attribution rules, the endpoint catalogue, SDKs and bulk downloads.",
    response: "IndexDocument",
    parameters: [],
    errors: [404],
  },
  {
    path: "/stats.json",
    relativeTo: "base",
    operationId: "getStats",
    summary: "Coverage and data-quality figures",
    description:
      "Totals, per-state figures, field completeness and the records read, rejected, repaired and merged by the build.",
    response: "Stats",
    parameters: [],
    errors: [404],
  },
  {
    path: "/states.json",
    relativeTo: "base",
    operationId: "listStates",
    summary: "All 50 states plus DC",
    description: "Every state with its city and clinic counts and coverage metrics.",
    response: "StatesList",
    parameters: [],
    errors: [404],
  },
  {
    path: "/cities.json",
    relativeTo: "base",
    operationId: "listCities",
    summary: "All cities",
    description: "Every city with its clinics path, clinic count and centre.",
    response: "CitiesList",
    parameters: [],
    errors: [404],
  },
  {
    path: "/cities/{state}.json",
    relativeTo: "base",
    operationId: "listCitiesOfState",
    summary: "Cities of one state",
    description: "The state and its cities. 404 when the state slug is unknown.",
    response: "CitiesByState",
    parameters: [STATE],
    errors: [404],
  },
  {
    path: "/clinics/{state}/{city}.json",
    relativeTo: "base",
    operationId: "listClinicsOfCity",
    summary: "Clinics of one city",
    description: "The city and all its clinics. 404 when the state or city slug is unknown.",
    response: "ClinicsByCity",
    parameters: [STATE, CITY],
    errors: [404],
  },
  {
    path: "/networks.json",
    relativeTo: "base",
    operationId: "listNetworks",
    summary: "All networks and brands",
    description: "Every network with its clinic count and the states it operates in.",
    response: "NetworksList",
    parameters: [],
    errors: [404],
  },
  {
    path: "/clinic/{id}.json",
    relativeTo: "base",
    operationId: "getClinic",
    summary: "One clinic",
    description:
      "The clinic with its state, city and ZIP (`clinic.place`), its network entry and links to its city document and page. 404 when no clinic has this id.",
    response: "ClinicDocument",
    parameters: [
      {
        name: "id",
        description: "Clinic id (`Clinic.id`).",
        example: "k3v9q2m7x1ab",
        pattern: "^[a-z0-9]+$",
      },
    ],
    errors: [404],
  },
  {
    path: "/networks/{network}.json",
    relativeTo: "base",
    operationId: "getNetwork",
    summary: "One network and its clinics",
    description:
      "The network entry and its clinics with their state and city, first page. A network with more clinics than `page.size` continues at `page.next`. 404 when the network slug is unknown.",
    response: "NetworkDocument",
    parameters: [NETWORK],
    errors: [404],
  },
  {
    path: "/networks/{network}/{page}.json",
    relativeTo: "base",
    operationId: "getNetworkPage",
    summary: "A further page of a network's clinics",
    description:
      "Page 2 and after of a network's document (see `page.pages`). 404 for an unknown network or a page beyond the last.",
    response: "NetworkDocument",
    parameters: [
      NETWORK,
      { name: "page", description: "Page number, 2 or more.", example: "2", pattern: "^[1-9][0-9]*$" },
    ],
    errors: [404],
  },
  {
    path: "/search/index.json",
    relativeTo: "base",
    operationId: "getSearchIndex",
    summary: "Root of the static search index",
    description:
      "Lists the shards of the search index, the common keys and the states; a query reads it (once) and then one shard. See the search documentation.",
    response: "SearchIndex",
    parameters: [],
    errors: [404],
  },
  {
    path: "/search/t/{prefix}.json",
    relativeTo: "base",
    operationId: "getSearchLeaf",
    summary: "A leaf shard of the search index",
    description:
      "Every key starting with the prefix, with its clinics as compact hit records. 404 for a prefix that is not a leaf.",
    response: "SearchShard",
    parameters: [PREFIX],
    errors: [404],
  },
  {
    path: "/search/p/{prefix}.json",
    relativeTo: "base",
    operationId: "getSearchHead",
    summary: "A head shard of the search index",
    description:
      "The best clinics of every key starting with a prefix too short to have a leaf of its own. 404 for a prefix that is not an internal node.",
    response: "SearchShard",
    parameters: [PREFIX],
    errors: [404],
  },
  {
    path: "/releases.json",
    relativeTo: "base",
    operationId: "listReleases",
    summary: "Every kept release of the data",
    description:
      "Each release (newest first) with its data version, counts, sources, its changes document and its dated bulk downloads; the Atom feed of the same is linked as feed_url.",
    response: "ReleasesList",
    parameters: [],
    errors: [404],
  },
  {
    path: "/changes/{data_version}.json",
    relativeTo: "base",
    operationId: "getChanges",
    summary: "What changed in one release",
    description:
      "Against the release before: the clinics added, removed (their pages stay, saying so) and changed, each change with the names and old and new values of its fields. 404 for the first release and for releases no longer kept.",
    response: "ChangesDocument",
    parameters: [
      {
        name: "data_version",
        description: "A release's data version (YYYY-MM-DD), as releases.json lists it.",
        example: "2026-05-01",
        pattern: "^\\d{4}-\\d{2}-\\d{2}$",
      },
    ],
    errors: [404],
  },
  {
    path: "/api/openapi.json",
    relativeTo: "site",
    operationId: "getOpenApi",
    summary: "OpenAPI 3.0 description of the API",
    description: "This machine-readable description. It lives on the site, outside the versioned base path.",
    response: "OpenAPI",
    parameters: [],
    errors: [404],
  },
];
