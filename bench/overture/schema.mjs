// @ts-check
// The layout of Overture Maps places GeoParquet files, release 2026-01-21.0 (schema v1.15): the columns, their
// nesting and types as the release's files carry them (Spark's three-level lists `list`/`element`, `names.common`
// a map, `bbox` the GeoParquet 1.1 covering column), WKB points, and the `geo` key-value metadata. Taken from the
// schema's Pydantic models (OvertureMaps/schema, packages/overture-schema-places-theme and -core: `Place`,
// `Categories`, `Brand`, `Address`, `SourceItem`, `Names`) and the places guide's column table
// (docs.overturemaps.org/guides/places); written again here, not copied.

/** @typedef {import("hyparquet").SchemaElement} SchemaElement */

/** The release whose layout this is: the date in `overture:release` and in the ground truth. */
export const RELEASE = "2026-01-21.0";

/** @param {string} name @returns {SchemaElement} */
const text = (name) => ({ name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" });
/** @param {string} name @param {"FLOAT" | "DOUBLE" | "INT32"} type @returns {SchemaElement} */
const number = (name, type) => ({ name, type, repetition_type: "OPTIONAL" });
/**
 * A struct of the given fields (each a list of schema elements: a leaf, or a nested group with its children).
 * @param {string} name
 * @param {SchemaElement[][]} fields
 * @returns {SchemaElement[]}
 */
const struct = (name, fields) => [
  { name, repetition_type: "OPTIONAL", num_children: fields.length },
  ...fields.flat(),
];
/**
 * A three-level list (`name` / `list` / `element`), as Spark writes Overture's lists.
 * @param {string} name
 * @param {SchemaElement[]} element the element: one leaf, or a struct with its fields
 * @returns {SchemaElement[]}
 */
const list = (name, element) => [
  { name, repetition_type: "OPTIONAL", converted_type: "LIST", num_children: 1 },
  { name: "list", repetition_type: "REPEATED", num_children: 1 },
  { .../** @type {SchemaElement} */ (element[0]), name: "element" },
  ...element.slice(1),
];
/** @param {string} name @returns {SchemaElement[]} */
const map = (name) => [
  { name, repetition_type: "OPTIONAL", converted_type: "MAP", num_children: 1 },
  { name: "key_value", repetition_type: "REPEATED", num_children: 2 },
  { name: "key", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "REQUIRED" },
  text("value"),
];
/** `names` of a place or a brand: the primary name, translations by language, and naming rules. */
const names = (/** @type {string} */ name) =>
  struct(name, [
    [text("primary")],
    map("common"),
    list(
      "rules",
      struct("element", [
        [text("variant")],
        [text("language")],
        struct("perspectives", [[text("mode")], list("countries", [text("element")])]),
        [text("value")],
        list("between", [number("element", "DOUBLE")]),
        [text("side")],
      ]),
    ),
  ]);

/** The columns of a places file, in the release's order. */
export const PLACE_COLUMNS = [
  "id",
  "geometry",
  "bbox",
  "version",
  "sources",
  "names",
  "categories",
  "confidence",
  "websites",
  "socials",
  "emails",
  "phones",
  "brand",
  "addresses",
  "operating_status",
  "basic_category",
  "taxonomy",
];

/** The Parquet schema of a places file (root first). */
export const PLACES_SCHEMA = (() => {
  /** @type {SchemaElement[][]} */
  const columns = [
    [text("id")],
    [{ name: "geometry", type: "BYTE_ARRAY", repetition_type: "OPTIONAL" }],
    struct("bbox", [
      [number("xmin", "FLOAT")],
      [number("xmax", "FLOAT")],
      [number("ymin", "FLOAT")],
      [number("ymax", "FLOAT")],
    ]),
    [number("version", "INT32")],
    list(
      "sources",
      struct("element", [
        [text("property")],
        [text("dataset")],
        [text("license")],
        [text("record_id")],
        [text("update_time")],
        [number("confidence", "DOUBLE")],
        list("between", [number("element", "DOUBLE")]),
      ]),
    ),
    names("names"),
    struct("categories", [[text("primary")], list("alternate", [text("element")])]),
    [number("confidence", "DOUBLE")],
    list("websites", [text("element")]),
    list("socials", [text("element")]),
    list("emails", [text("element")]),
    list("phones", [text("element")]),
    struct("brand", [[text("wikidata")], names("names")]),
    list(
      "addresses",
      struct("element", [
        [text("freeform")],
        [text("locality")],
        [text("postcode")],
        [text("region")],
        [text("country")],
      ]),
    ),
    [text("operating_status")],
    [text("basic_category")],
    struct("taxonomy", [
      [text("primary")],
      list("hierarchy", [text("element")]),
      list("alternates", [text("element")]),
    ]),
  ];
  return [{ name: "schema", num_children: columns.length }, ...columns.flat()];
})();

/**
 * The GeoParquet 1.1 `geo` metadata of a places file: WKB points in OGC:CRS84 (the default, so no `crs`), the
 * bounding box of the file, and the `bbox` column as the covering.
 * @param {[number, number, number, number]} extent xmin, ymin, xmax, ymax
 */
export function geoMetadata(extent) {
  return JSON.stringify({
    version: "1.1.0",
    primary_column: "geometry",
    columns: {
      geometry: {
        encoding: "WKB",
        geometry_types: ["Point"],
        bbox: extent,
        covering: {
          bbox: {
            xmin: ["bbox", "xmin"],
            ymin: ["bbox", "ymin"],
            xmax: ["bbox", "xmax"],
            ymax: ["bbox", "ymax"],
          },
        },
      },
    },
  });
}

/**
 * A point as WKB (ISO, little-endian: byte order 1, type 1, x, y): 21 bytes.
 * @param {number} longitude
 * @param {number} latitude
 * @example wkbPoint(-97.74, 30.27).length // 21
 */
export function wkbPoint(longitude, latitude) {
  const b = new Uint8Array(21);
  const v = new DataView(b.buffer);
  v.setUint8(0, 1);
  v.setUint32(1, 1, true);
  v.setFloat64(5, longitude, true);
  v.setFloat64(13, latitude, true);
  return b;
}
