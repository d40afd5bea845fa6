import { CANONICAL_COLUMNS, type CanonicalColumn, LIST_SEPARATOR } from "../../dataset/canonical-columns.js";
import { formatWeekly } from "../../dataset/hours-text.js";
import { type ExportRow, evidenceText } from "./rows.js";

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

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"): `=`, `+`, `-`, `@`, tab and
 * carriage return, and their full-width forms, which some spreadsheets also accept.
 */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/**
 * A text cell made inert for spreadsheets, as OWASP recommends: a value that starts like a formula gets a leading
 * `'`, which spreadsheets show as text and never evaluate. Numbers are written by `num` and never pass here. Our
 * `canonical` import profile removes that one `'` again when it reads our CSV.
 * @example textCell("=HYPERLINK(\"http://x\")") // "'=HYPERLINK(\"http://x\")"
 * @example textCell("Acme") // "Acme"
 */
export function textCell(value: string | null): string | null {
  return value !== null && FORMULA_START.test(value) ? `'${value}` : value;
}

/** Text of each canonical column for one row, before quoting. */
export function csvCells(row: ExportRow): Record<CanonicalColumn, string | null> {
  const { clinic: c, record: r } = row;
  return {
    id: c.id,
    name: textCell(c.name),
    network: textCell(c.network),
    address: textCell(c.address),
    neighborhood: textCell(c.neighborhood),
    latitude: c.coordinates === null ? null : num(r.latitude),
    longitude: c.coordinates === null ? null : num(r.longitude),
    coordinates: c.coordinates,
    phone: textCell(c.phone),
    timezone: c.hours?.timezone ?? null,
    hours: c.hours === null ? null : formatWeekly(c.hours.weekly),
    services: textCell(joinList(c.services, `clinic ${c.id} services`)),
    insurance: textCell(joinList(c.insurance, `clinic ${c.id} insurance`)),
    rating: num(c.rating),
    reviews_count: num(c.reviews_count),
    website: textCell(c.website),
    url: c.url,
    state: row.state.slug,
    state_code: row.state.code,
    state_name: row.state.name,
    city: row.city.slug,
    city_name: textCell(row.city.name),
    coordinates_source: c.coordinates_source,
    street: textCell(r.street),
    zip: r.zip,
    record_date: r.date,
    source_ids: textCell(joinList(r.source_ids, `clinic ${c.id} source_ids`)),
    network_evidence: textCell(evidenceText(r)),
    npi: c.npi,
    sources: textCell(JSON.stringify(r.sources)),
    kind: c.kind,
    evidence_level: c.evidence_level,
    evidence: textCell(JSON.stringify(r.evidence)),
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
