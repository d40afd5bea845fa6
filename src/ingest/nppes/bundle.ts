import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { FatalInputError } from "../problems.js";
import type { NppesFileKind } from "./columns.js";
import { openZip, type ZipArchive } from "./zip.js";

/** One file of an NPPES input: a file on disk or a member of the CMS ZIP bundle. */
export interface NppesFile {
  /** How problems name it: the path, or `bundle.zip!member.csv`. */
  label: string;
  /** Uncompressed size in bytes. */
  size: number;
  open(): Promise<Readable>;
}

/**
 * What one `--input` of NPPES data holds. `full` is the monthly file (every NPI), `weekly` the weekly incremental
 * file (changed NPIs only), `deactivation` CMS's report of deactivated NPIs; the last two are applied on top of the
 * last release.
 */
export interface NppesBundle {
  kind: "full" | "weekly" | "deactivation";
  main: NppesFile | null;
  othername: NppesFile | null;
  pl: NppesFile | null;
  deactivation: NppesFile | null;
  /** The period the files cover, from their names (`npidata_pfile_20050523-20261109.csv`); null when not named so. */
  period: { from: string; to: string } | null;
  /** Notes for the report: companion files found beside a main file, members left unread. */
  notes: string[];
  close(): void;
}

/** The first date of every monthly (full) file: NPPES began on 23 May 2005. */
export const NPPES_EPOCH = "2005-05-23";

const NAMED = /^(npidata|othername|pl|endpoint)_pfile_(\d{8})-(\d{8})(_fileheader)?\.csv$/i;

/**
 * The kind and period of an NPPES file from its name; null when it is not named the CMS way.
 * @example nppesName("npidata_pfile_20050523-20261109.csv") // { kind: "main", from: "2005-05-23", to: "2026-11-09", header: false }
 */
export function nppesName(
  name: string,
): { kind: NppesFileKind | "endpoint"; from: string; to: string; header: boolean } | null {
  const m = NAMED.exec(basename(name));
  if (!m) return null;
  const prefix = (m[1] as string).toLowerCase();
  const kind = prefix === "npidata" ? "main" : (prefix as "othername" | "pl" | "endpoint");
  return { kind, from: isoDate(m[2] as string), to: isoDate(m[3] as string), header: m[4] !== undefined };
}

/**
 * Opens a CMS ZIP bundle (monthly, weekly or the deactivation report) without extracting it: its members are
 * found by their CMS names (`npidata_pfile_…`, `othername_pfile_…`, `pl_pfile_…`; `_fileheader` files and the
 * endpoint file are not read), or, for the deactivation report, the one CSV it holds.
 * @example const b = await openZipBundle("NPPES_Data_Dissemination_November_2026.zip"); b.main?.label
 */
export async function openZipBundle(path: string): Promise<NppesBundle> {
  const zip = await openZip(path);
  const named = (kind: NppesFileKind) =>
    zip.members.filter((x) => {
      const n = nppesName(x.name);
      return n !== null && n.kind === kind && !n.header;
    });
  const mains = named("main");
  const period = mains.length === 1 ? nppesName((mains[0] as { name: string }).name) : null;
  try {
    if (mains.length > 1)
      ambiguous(
        path,
        `the bundle holds ${mains.length} main files (${mains.map((m) => m.name).join(", ")}): a bundle is one period's. Extract the one you mean and pass it as --input, with its othername_pfile and pl_pfile of the same period beside it`,
      );
    for (const kind of ["othername", "pl"] as const) {
      const all = named(kind);
      if (all.length > 1)
        ambiguous(
          path,
          `the bundle holds ${all.length} ${kind}_pfile files (${all.map((m) => m.name).join(", ")}): which one goes with the main file cannot be told. Extract the main file and the ${kind}_pfile of its period and pass them as --input`,
        );
      const other = all.find((m) => {
        const n = nppesName(m.name);
        return period !== null && n !== null && (n.from !== period.from || n.to !== period.to);
      });
      if (other)
        ambiguous(
          path,
          `${other.name} is of another period than the main file ${mains[0]?.name}: its rows would be joined to records of another date. Extract the files of one period and pass them as --input`,
        );
    }
  } catch (e) {
    zip.close();
    throw e;
  }
  const member = (kind: NppesFileKind): NppesFile | null => {
    const m = named(kind)[0];
    return m ? zipFile(zip, m.name, m.size) : null;
  };
  const main = member("main");
  const notes: string[] = [];
  let deactivation: NppesFile | null = null;
  if (main === null) {
    const csv = zip.members.filter((m) => /\.csv$/i.test(m.name));
    if (csv.length === 1) deactivation = zipFile(zip, (csv[0] as { name: string }).name, csv[0]?.size ?? 0);
    const xlsx = zip.members.find((m) => /\.xlsx$/i.test(m.name));
    if (!deactivation && xlsx)
      notes.push(
        `${path} holds ${xlsx.name}, a spreadsheet: save its sheet as CSV (columns NPI, NPPES Deactivation Date) and pass that file`,
      );
  }
  const dates = period ? { from: period.from, to: period.to } : null;
  return {
    kind: main === null ? "deactivation" : kindOf(dates),
    main,
    othername: member("othername"),
    pl: member("pl"),
    deactivation,
    period: dates,
    notes,
    close: () => zip.close(),
  };
}

/**
 * An NPPES input given as extracted CSV files: the main file, with its other-name and practice-location files
 * found beside it by their CMS names for the same period (or given as inputs of their own: see `companions`).
 * @example const b = await openCsvBundle("npidata_pfile_20050523-20261109.csv", "main", []);
 */
export async function openCsvBundle(
  path: string,
  kind: NppesFileKind,
  companions: readonly string[],
): Promise<NppesBundle> {
  const size = (await stat(path)).size;
  const self: NppesFile = { label: path, size, open: async () => createReadStream(path, READ_OPTIONS) };
  const name = nppesName(path);
  const period = name ? { from: name.from, to: name.to } : null;
  const notes: string[] = [];
  if (kind === "deactivation")
    return { kind, main: null, othername: null, pl: null, deactivation: self, period, notes, close() {} };
  const beside = async (want: "othername" | "pl"): Promise<NppesFile | null> => {
    let found = companionAmong(path, period, companions, want);
    if (!found && period) {
      const names = await readdir(dirname(path)).catch(() => [] as string[]);
      const match = names.find((n) => {
        const x = nppesName(n);
        return x !== null && x.kind === want && !x.header && x.from === period.from && x.to === period.to;
      });
      if (match) {
        found = join(dirname(path), match);
        notes.push(`read ${found} beside ${path}`);
      }
    }
    if (!found) return null;
    const file = found;
    return {
      label: file,
      size: (await stat(file)).size,
      open: async () => createReadStream(file, READ_OPTIONS),
    };
  };
  return {
    kind: kindOf(period),
    main: self,
    othername: await beside("othername"),
    pl: await beside("pl"),
    deactivation: null,
    period,
    notes,
    close() {},
  };
}

/**
 * The other-name or practice-location file given as an input for the main file `path`: the one of its period
 * (any, when the main file's name gives none). Refused (`bundle_ambiguous`) when several fit, or when the only ones
 * given are of another period: their rows would be joined to records of another date.
 */
function companionAmong(
  path: string,
  period: { from: string; to: string } | null,
  inputs: readonly string[],
  want: "othername" | "pl",
): string | undefined {
  const all = inputs.filter((c) => {
    const n = nppesName(c);
    return n !== null && n.kind === want && !n.header;
  });
  const same =
    period === null
      ? all
      : all.filter((c) => {
          const n = nppesName(c);
          return n?.from === period.from && n?.to === period.to;
        });
  if (same.length > 1)
    ambiguous(
      path,
      `several ${want}_pfile files of its period are given (${same.join(", ")}): which one goes with it cannot be told. Pass one`,
    );
  if (same.length === 0 && all.length > 0)
    ambiguous(
      path,
      `${all.join(", ")} ${all.length > 1 ? "are" : "is"} of another period than the main file: its rows would be joined to records of another date. Pass the ${want}_pfile of the main file's period`,
    );
  return same[0];
}

function ambiguous(file: string, message: string): never {
  throw new FatalInputError({ file, row: 0, field: "", code: "bundle_ambiguous", message });
}

/** Large reads: the main file is ~10 GB, and the scanner's cost is per chunk as much as per byte. */
const READ_OPTIONS = { highWaterMark: 4 << 20 };

function zipFile(zip: ZipArchive, name: string, size: number): NppesFile {
  return { label: `${zip.path}!${name}`, size, open: () => zip.open(name) };
}

/** A file that does not start on NPPES's first day holds the changes of its period only: a weekly file. */
function kindOf(period: { from: string } | null): "full" | "weekly" {
  return period !== null && period.from !== NPPES_EPOCH ? "weekly" : "full";
}

function isoDate(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}
