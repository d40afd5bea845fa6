import { identityStreet } from "../../dataset/identity.js";
import type { Taxonomy } from "../../schema/evidence.js";
import { clinicId } from "../../util/id.js";
import { integral } from "../normalise/resaved.js";
import type { TextOptions } from "../readers/encoding.js";
import type { ReaderEvent, RowProblem, SourceFacts } from "../readers/types.js";
import type { NppesBundle, NppesFile } from "./bundle.js";
import {
  DBA_TYPE,
  DEACTIVATION,
  LOCATION,
  MAIN,
  MAIN_REQUIRED,
  OTHER_NAME,
  TAXONOMY_COLUMNS,
  taxonomyWords,
  URGENT_CARE_TAXONOMY,
} from "./columns.js";
import { deactivation, mainRow, type UrgentCareOrg } from "./main-row.js";
import { MAX_KEPT_RECORDS } from "./scan.js";
import { scanFile } from "./scan-file.js";

/** The columns of the rows the NPPES reader yields, mapped to canonical fields by the `nppes` profile. */
export const NPPES_ROW = {
  npi: "NPI",
  sourceId: "Source Id",
  name: "Name",
  street: "Street",
  street2: "Street 2",
  city: "City",
  state: "State",
  zip: "ZIP",
  phone: "Phone",
  lastUpdate: "Last Update Date",
  location: "Location",
  legalName: "Legal Name",
  otherNames: "Other Names",
  parent: "Parent Organization",
  taxonomies: "Taxonomies",
} as const;

/**
 * An entry's taxonomies as one cell of the reader's rows: `CODE@SLOT`, with `*` after the primary one, joined with
 * `|` in slot order (`193200000X@1*|261QU0200X@2`); `readTaxonomies` reads it back.
 * @example taxonomyCell([{ code: "261QU0200X", slot: 1, primary: true }]) // "261QU0200X@1*"
 */
export function taxonomyCell(taxonomies: readonly Taxonomy[]): string {
  return taxonomies.map((t) => `${t.code}@${t.slot}${t.primary ? "*" : ""}`).join("|");
}

export interface NppesReadOptions {
  /** Taxonomy codes of the clinics to keep (default: urgent care, 261QU0200X). */
  taxonomies?: readonly string[];
  /** NPIs the last release listed: their lines are read whatever they hold, so that removals have a reason. */
  watch?: ReadonlySet<number>;
  onProgress?: (label: string, bytes: number) => void;
  /** How to read files that are not UTF-8 (`--encoding`). */
  text?: TextOptions;
}

/**
 * Reads one NPPES input — the CMS ZIP bundle or its extracted CSV files — as rows of the `nppes` profile, streamed:
 * 1. the main file is scanned for lines holding a wanted taxonomy code (or a watched NPI); only those are parsed,
 *    and an active organisation (entity type 2) with the code in any of its 15 taxonomy slots is a clinic;
 * 2. the other-name file gives the "doing business as" names (type 3) of those NPIs when the main file has none;
 * 3. the practice-location file gives their secondary practice locations, each a clinic of its own with the
 *    organisation's name, its own address and phone, and a source id stable across months (`NPI/pl/<address key>`).
 * Rows not published are reported with their reason (deactivated NPI, individual provider, outside the US); the
 * other lines (not urgent care) are only counted. Ends with the input's `source` facts: the period's last day, and
 * for an update (weekly file, deactivation report) the NPIs it decides.
 * @example for await (const e of readNppes(await openZipBundle("NPPES_Data_Dissemination_November_2026.zip"), report)) …
 */
export async function* readNppes(
  bundle: NppesBundle,
  onRowProblem: RowProblem,
  options: NppesReadOptions = {},
): AsyncGenerator<ReaderEvent> {
  try {
    yield { type: "columns", columns: Object.values(NPPES_ROW) };
    const decided = new Set<string>();
    const notes = [...bundle.notes];
    let empty: string | undefined;
    let published = bundle.period?.to ?? null;
    if (bundle.deactivation) {
      const read = await readDeactivations(bundle.deactivation, decided, onRowProblem, options.text);
      notes.push(`${read.count} deactivated NPI(s) listed in ${bundle.deactivation.label}`);
      published ??= reportDate(bundle.deactivation.label) ?? read.newest;
    }
    if (bundle.main) {
      const taxonomies = new Set((options.taxonomies ?? [URGENT_CARE_TAXONOMY]).map((t) => t.toUpperCase()));
      const orgs: UrgentCareOrg[] = [];
      let rejected = 0;
      const main = bundle.main;
      const totals = await scanFile(
        main,
        {
          needles: [...taxonomies],
          ...(options.watch ? { watch: options.watch } : {}),
          maxKept: MAX_KEPT_RECORDS,
        },
        MAIN_REQUIRED,
        ({ line, fields }, at) => {
          const npiText = integral((fields[at(MAIN.npi)] ?? "").trim());
          const watched = options.watch?.has(Number(npiText)) ?? false;
          const row = mainRow(fields, at, line, taxonomies, watched);
          if (row.kind === "other") return;
          if (row.kind === "clinic") {
            decided.add(row.org.npi);
            orgs.push(row.org);
            return;
          }
          if (row.code !== "invalid_npi") decided.add(row.npi);
          rejected++;
          onRowProblem(line, row.code, row.message, main.label, row.field);
        },
        (line, code, message) => onRowProblem(line, code, message, main.label),
        (bytes) => options.onProgress?.(`scanning ${main.label}`, bytes),
        options.text,
      );
      notes.push(
        `${main.label}: ${(totals.lines - 1).toLocaleString("en-US")} rows scanned, ${orgs.length.toLocaleString("en-US")} organisation(s) with ${taxonomyWords([...taxonomies])}`,
      );
      if (orgs.length === 0 && rejected === 0 && bundle.kind === "full")
        empty = await nothingMatched(main, totals.lines - 1, taxonomies, options.text);
      const wanted = new Set(orgs.map((o) => Number(o.npi)));
      const others = bundle.othername
        ? await readOtherNames(bundle.othername, wanted, onRowProblem, options.text)
        : new Map<string, OtherName[]>();
      const places = bundle.pl
        ? await readLocations(bundle.pl, wanted, onRowProblem, options.text)
        : new Map();
      for (const org of orgs) {
        const names = others.get(org.npi) ?? [];
        const name = org.dba ?? pickDba(names.filter((n) => n.type === DBA_TYPE)) ?? org.legalName;
        const otherNames = [org.otherName ?? "", ...names.map((n) => n.name)].filter(
          (n, i, all) => n !== "" && n !== name && n !== org.legalName && all.indexOf(n) === i,
        );
        const base = {
          npi: org.npi,
          npiText: org.npiText,
          name,
          lastUpdate: org.lastUpdate,
          legalName: org.legalName,
          otherNames,
          parent: org.parent,
          taxonomies: taxonomyCell(org.taxonomies),
        };
        if (inUs(org.country, org.line, main.label, onRowProblem))
          yield row(org.line, main.label, base, org, org.npi, "primary");
        for (const p of places.get(org.npi) ?? []) {
          if (!inUs(p.country, p.line, p.file, onRowProblem)) continue;
          yield row(p.line, p.file, base, p, `${org.npi}/pl/${locationKey(p)}`, "secondary");
        }
      }
    }
    const facts: SourceFacts = {
      published,
      update: bundle.kind !== "full",
      npis: [...decided].sort(),
      notes,
      ...(empty === undefined ? {} : { empty }),
    };
    yield { type: "source", facts };
  } finally {
    bundle.close();
  }
}

interface Place {
  street: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
}

interface SecondaryPlace extends Place {
  line: number;
  file: string;
}

/** What every place of an organisation shares: its NPI, names, date and taxonomies. */
interface OrgCells {
  npi: string;
  /** The NPI as the file writes it (the normalise stage reports a re-save's repair). */
  npiText: string;
  name: string;
  lastUpdate: string;
  legalName: string;
  otherNames: string[];
  parent: string;
  taxonomies: string;
}

function row(
  line: number,
  file: string,
  org: OrgCells,
  place: Place,
  sourceId: string,
  location: "primary" | "secondary",
): ReaderEvent {
  return {
    type: "row",
    row: line,
    file,
    values: {
      // As the file writes it: the normalise stage reads a re-save's `1234567893.0` back, and counts the repair.
      [NPPES_ROW.npi]: org.npiText,
      [NPPES_ROW.sourceId]: sourceId,
      [NPPES_ROW.name]: org.name,
      [NPPES_ROW.street]: place.street,
      [NPPES_ROW.street2]: place.street2,
      [NPPES_ROW.city]: place.city,
      [NPPES_ROW.state]: place.state,
      [NPPES_ROW.zip]: place.zip,
      [NPPES_ROW.phone]: place.phone,
      [NPPES_ROW.lastUpdate]: org.lastUpdate,
      [NPPES_ROW.location]: location,
      [NPPES_ROW.legalName]: org.legalName,
      [NPPES_ROW.otherNames]: org.otherNames.join("|"),
      [NPPES_ROW.parent]: org.parent,
      [NPPES_ROW.taxonomies]: org.taxonomies,
    },
  };
}

/** A practice location outside the United States is out of the directory's scope (reported). */
function inUs(country: string, line: number, file: string, report: RowProblem): boolean {
  if (country === "" || country.toUpperCase() === "US") return true;
  report(line, "outside_us", `the practice location is outside the United States (country ${country})`, file);
  return false;
}

/**
 * The key of a secondary location in its source id: its street and ZIP code, so that it holds across months — and
 * across a re-save that wrote the ZIP `021341234` as `21341234.0`.
 */
function locationKey(p: Place): string {
  const digits = integral(p.zip);
  const zip = /^\d{7,8}$/.test(digits)
    ? digits.padStart(9, "0")
    : /^\d{3,4}$/.test(digits)
      ? digits.padStart(5, "0")
      : digits;
  return clinicId([identityStreet(`${p.street} ${p.street2}`), zip.slice(0, 5)]).slice(0, 8);
}

/** Lines of the main file read to say what it holds when no row matched (all of a small file, the start of a big one). */
const SURVEY_LINES = 200_000;

/**
 * Why a full main file gave no row: how many rows it has, how many are organisations, and their taxonomies, most
 * frequent first (of its first SURVEY_LINES lines), with what to try.
 */
async function nothingMatched(
  main: NppesFile,
  inFile: number,
  taxonomies: ReadonlySet<string>,
  text?: TextOptions,
): Promise<string> {
  let rows = 0;
  let orgs = 0;
  const counts = new Map<string, number>();
  await scanFile(
    main,
    { needles: [], all: true },
    [MAIN.npi, MAIN.entityType, TAXONOMY_COLUMNS[0] as string],
    ({ fields }, at) => {
      rows++;
      if (integral((fields[at(MAIN.entityType)] ?? "").trim()) !== "2") return rows < SURVEY_LINES;
      orgs++;
      for (const c of TAXONOMY_COLUMNS) {
        const code = (fields[at(c)] ?? "").trim().toUpperCase();
        if (code !== "") counts.set(code, (counts.get(code) ?? 0) + 1);
      }
      return rows < SURVEY_LINES;
    },
    () => {},
    undefined,
    text,
  );
  const of = rows >= inFile ? "" : ` (of the first ${rows.toLocaleString("en-US")})`;
  const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const listed = top
    .slice(0, 8)
    .map(([code, n]) => `${code} (${n.toLocaleString("en-US")})`)
    .join(", ");
  const more = top.length > 8 ? ` and ${top.length - 8} more` : "";
  const held =
    orgs === 0
      ? `none of them an organisation (entity type 2): only organisations are clinics`
      : `${orgs.toLocaleString("en-US")} of them organisations${of}, whose taxonomies are ${listed}${more}`;
  return `no organisation with ${taxonomyWords([...taxonomies])}: ${inFile.toLocaleString("en-US")} rows read, ${held}. Try --taxonomy with the code of the clinics you want (repeat it for several), or check that this is the NPPES file you meant`;
}

/** Of an organisation's other "doing business as" names, one that says urgent care, else the first. */
function pickDba(names: readonly OtherName[]): string | null {
  if (names.length === 0) return null;
  return (names.find((n) => /urgent/i.test(n.name)) ?? (names[0] as OtherName)).name;
}

/** A name of the other-name file, with its type code (`3`: doing business as; `4`: former; `5`: other). */
interface OtherName {
  name: string;
  type: string;
}

async function readOtherNames(
  file: NppesFile,
  wanted: ReadonlySet<number>,
  report: RowProblem,
  text?: TextOptions,
): Promise<Map<string, OtherName[]>> {
  const out = new Map<string, OtherName[]>();
  await scanFile(
    file,
    { needles: [], watch: wanted, maxKept: MAX_KEPT_RECORDS },
    Object.values(OTHER_NAME),
    ({ fields }, at) => {
      const npi = integral((fields[at(OTHER_NAME.npi)] ?? "").trim());
      const name = (fields[at(OTHER_NAME.name)] ?? "").trim();
      if (name === "") return;
      const other = { name, type: integral((fields[at(OTHER_NAME.type)] ?? "").trim()) };
      const list = out.get(npi);
      if (list) list.push(other);
      else out.set(npi, [other]);
    },
    (line, code, message) => report(line, code, message, file.label),
    undefined,
    text,
  );
  return out;
}

async function readLocations(
  file: NppesFile,
  wanted: ReadonlySet<number>,
  report: RowProblem,
  text?: TextOptions,
): Promise<Map<string, SecondaryPlace[]>> {
  const out = new Map<string, SecondaryPlace[]>();
  await scanFile(
    file,
    { needles: [], watch: wanted, maxKept: MAX_KEPT_RECORDS },
    [LOCATION.npi, LOCATION.street, LOCATION.city, LOCATION.state, LOCATION.zip],
    ({ line, fields }, at) => {
      const cell = (name: string) => (at(name) < 0 ? "" : (fields[at(name)] ?? "").trim());
      const npi = integral(cell(LOCATION.npi));
      const place: SecondaryPlace = {
        line,
        file: file.label,
        street: cell(LOCATION.street),
        street2: cell(LOCATION.street2),
        city: cell(LOCATION.city),
        state: cell(LOCATION.state),
        zip: cell(LOCATION.zip),
        country: cell(LOCATION.country),
        phone: cell(LOCATION.phone),
      };
      const list = out.get(npi);
      if (list) list.push(place);
      else out.set(npi, [place]);
    },
    (line, code, message) => report(line, code, message, file.label),
    undefined,
    text,
  );
  return out;
}

/**
 * The date of a deactivation report from its name, as CMS writes it (`NPPES Deactivated NPI Report 20250217`,
 * `NPPES_Deactivated_NPI_Report_021725`); null when the name has none.
 */
export function reportDate(label: string): string | null {
  const name = label.slice(label.lastIndexOf("/") + 1);
  const long = /(?:^|\D)(20\d{2})(\d{2})(\d{2})(?:\D|$)/.exec(name);
  if (long) return `${long[1]}-${long[2]}-${long[3]}`;
  const short = /_(\d{2})(\d{2})(\d{2})(?:_V2)?\.(?:zip|csv)/i.exec(name);
  return short ? `20${short[3]}-${short[1]}-${short[2]}` : null;
}

/**
 * The deactivation report: every NPI it lists (still deactivated) is decided, and leaves the directory. Returns how
 * many it lists and the newest deactivation date (the report's edition when its name has no date).
 */
async function readDeactivations(
  file: NppesFile,
  decided: Set<string>,
  report: RowProblem,
  text?: TextOptions,
): Promise<{ count: number; newest: string | null }> {
  let n = 0;
  let newest: string | null = null;
  await scanFile(
    file,
    { needles: [], all: true },
    [DEACTIVATION.npi, DEACTIVATION.date],
    ({ line, fields }, at) => {
      const npi = integral((fields[at(DEACTIVATION.npi)] ?? "").trim());
      const date = integral((fields[at(DEACTIVATION.date)] ?? "").trim());
      if (!/^\d{10}$/.test(npi) || deactivation(date, "") === null) {
        report(
          line,
          "row_malformed",
          `not an NPI and its deactivation date: "${npi}", "${date}"`,
          file.label,
        );
        return;
      }
      decided.add(npi);
      n++;
      const off = deactivation(date, "");
      if (off !== null && (newest === null || off > newest)) newest = off;
    },
    (line, code, message) => report(line, code, message, file.label),
    undefined,
    text,
  );
  return { count: n, newest };
}
