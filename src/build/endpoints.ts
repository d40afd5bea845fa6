/** The endpoint catalogue: one list feeds index.json, the OpenAPI paths and the docs page. */
export interface EndpointSpec {
  /** Path template relative to the API base, or to the site for the OpenAPI document. */
  path: string;
  relativeTo: "base" | "site";
  operationId: string;
  summary: string;
  description: string;
  /** Component schema of the 200 response. */
  response: string;
  parameters: Array<{ name: string; description: string; example: string }>;
  errors: number[];
}

const STATE = {
  name: "state",
  description: "State slug: the full name, lowercase, words joined by hyphens.",
  example: "new-york",
};
const CITY = { name: "city", description: "City slug, unique within its state.", example: "buffalo" };

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
