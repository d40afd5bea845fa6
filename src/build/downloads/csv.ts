import { CANONICAL_COLUMNS, type CanonicalColumn, LIST_SEPARATOR } from "../../dataset/canonical-columns.js";
import { formatWeekly } from "../../dataset/hours-text.js";
import type { ExportRow } from "./rows.js";

/** Line terminator of the CSV download: CRLF, as RFC 4180 specifies. */
export const CSV_EOL = "\r\n";

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One RFC 4180 field: `null` is an empty field, text is quoted when it holds a comma, a quote, a line break or
 * leading/trailing white space (quotes doubled), and the empty string is `""` so that it stays distinct from null.
 * @example csvField('Dr. "Quick", MD') // '"Dr. ""Quick"", MD"'
 */
export function csvField(value: string | null): string {
  if (value === null) return "";
  if (value === "") return '""';
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A list field: items joined with LIST_SEPARATOR. Throws when an item is empty or holds the separator, since the
 * cell could then not be split back into the same list.
 * @example joinList(["X-ray", "Lab tests"]) // "X-ray|Lab tests"
 */
export function joinList(items: readonly string[], where: string): string {
  for (const item of items) {
    if (item === "" || item.includes(LIST_SEPARATOR)) {
      throw new Error(
        `${where}: list item ${JSON.stringify(item)} cannot be written to CSV (empty or contains "${LIST_SEPARATOR}")`,
      );
    }
  }
  return items.join(LIST_SEPARATOR);
}

const num = (n: number | null) => (n === null ? null : String(n));

/** Text of each canonical column for one row, before quoting. */
export function csvCells(row: ExportRow): Record<CanonicalColumn, string | null> {
  const { clinic: c, record: r } = row;
  return {
    id: c.id,
    name: c.name,
    network: c.network,
    address: c.address,
    neighborhood: c.neighborhood,
    latitude: c.coordinates === null ? null : num(r.latitude),
    longitude: c.coordinates === null ? null : num(r.longitude),
    coordinates: c.coordinates,
    phone: c.phone,
    timezone: c.hours?.timezone ?? null,
    hours: c.hours === null ? null : formatWeekly(c.hours.weekly),
    services: joinList(c.services, `clinic ${c.id} services`),
    insurance: joinList(c.insurance, `clinic ${c.id} insurance`),
    rating: num(c.rating),
    reviews_count: num(c.reviews_count),
    website: c.website,
    url: c.url,
    state: row.state.slug,
    state_code: row.state.code,
    state_name: row.state.name,
    city: row.city.slug,
    city_name: row.city.name,
    zip: row.record.zip,
  };
}

/** The header line of the CSV download (the canonical column layout), with its line end. */
export const CSV_HEADER = CANONICAL_COLUMNS.join(",") + CSV_EOL;

/**
 * One line of the CSV download, with its CRLF line end.
 * @example csvLine(row) // "k3v9q2m7x1ab,Bluepine Urgent Care - Downtown,…\r\n"
 */
export function csvLine(row: ExportRow): string {
  const cells = csvCells(row);
  return CANONICAL_COLUMNS.map((col) => csvField(cells[col])).join(",") + CSV_EOL;
}
