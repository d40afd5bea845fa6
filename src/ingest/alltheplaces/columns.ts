/** The columns of the rows the All The Places reader yields, mapped to canonical fields by the `alltheplaces` profile. */
export const ATP_ROW = {
  sourceId: "ATP Id",
  spider: "Spider",
  name: "Name",
  street: "Street",
  unit: "Unit",
  city: "City",
  state: "State",
  zip: "ZIP",
  phone: "Phone",
  website: "Website",
  latitude: "Latitude",
  longitude: "Longitude",
  brand: "Brand",
  brandWikidata: "Brand Wikidata",
  hours: "Opening Hours",
  observed: "Observed",
} as const;

/** The source name of All The Places records (`NormalisedRecord.source`), as the profile names it. */
export const ATP_SOURCE = "All The Places";
