import { open } from "node:fs/promises";
import { extname } from "node:path";
import { type AtpReadOptions, readAllThePlaces } from "../alltheplaces/reader.js";
import { isAtpArchive } from "../alltheplaces/run.js";
import { openCsvBundle, openZipBundle } from "../nppes/bundle.js";
import { type NppesFileKind, nppesFileKind } from "../nppes/columns.js";
import { type NppesReadOptions, readNppes } from "../nppes/reader.js";
import { openZip } from "../nppes/zip.js";
import { isPlacesSchema, parquetFooter } from "../overture/places-file.js";
import { type OvertureReadOptions, readOverture } from "../overture/reader.js";
import { FatalInputError } from "../problems.js";
import { readCsv } from "./csv.js";
import { parseFields } from "./csv-records.js";
import type { TextOptions } from "./encoding.js";
import { readJsonArray } from "./json-array.js";
import { readNdjson } from "./ndjson.js";
import { readParquet } from "./parquet.js";
import type { InputFormat, ReaderEvent, RowProblem } from "./types.js";

export type { TextOptions } from "./encoding.js";
export type { InputFormat, ReaderEvent, RowProblem, SourceFacts } from "./types.js";

const BY_EXTENSION: Record<string, InputFormat> = {
  ".csv": "csv",
  ".txt": "csv",
  ".tsv": "csv",
  ".json": "json",
  ".ndjson": "ndjson",
  ".jsonl": "ndjson",
  ".parquet": "parquet",
  ".pq": "parquet",
  ".zip": "zip",
  ".geojson": "geojson",
};

/**
 * The format of an input file from its extension (`.csv`, `.json`, `.ndjson`/`.jsonl`, `.parquet`); undefined when unknown.
 * @example formatOf("export/clinics.jsonl") // "ndjson"
 */
export function formatOf(path: string): InputFormat | undefined {
  return BY_EXTENSION[extname(path).toLowerCase()];
}

/** What the reader of an input needs beyond the file: for NPPES, the taxonomies, watched NPIs and companions. */
export interface ReadContext {
  nppes?: NppesReadOptions;
  /** The other inputs of the import: an NPPES main file takes its other-name and practice-location files among them. */
  inputs?: readonly string[];
  /** `--profile nppes`: a CSV is read as an NPPES main file even when its header says otherwise (and refused then). */
  forceNppes?: boolean;
  /** Overture places files: the categories to keep and the lowest confidence. */
  overture?: OvertureReadOptions;
  /** `--profile overture`: a Parquet file is read as an Overture places file (and refused when it is not one). */
  forceOverture?: boolean;
  /** How to read text that is not UTF-8 (`--encoding`). */
  text?: TextOptions;
  /** `--delimiter`: the field separator of CSV files (else detected from each header). */
  delimiter?: string;
  /** All The Places runs: which spiders and brands are urgent care. */
  alltheplaces?: AtpReadOptions;
}

/**
 * Streams the records of a file in the given format. A CSV whose header is an NPPES file's, and a ZIP archive (the
 * CMS bundle), are read by the NPPES reader, which scans for urgent-care rows instead of parsing every line; a
 * Parquet file with the columns of Overture's places, by the Overture reader, which reads only urgent-care places.
 * @example for await (const e of readRecords("clinics.csv", "csv", report)) …
 */
export async function* readRecords(
  path: string,
  format: InputFormat,
  onRowProblem: RowProblem,
  context: ReadContext = {},
): AsyncGenerator<ReaderEvent> {
  switch (format) {
    case "geojson":
      yield* readAllThePlaces(path, onRowProblem, context.alltheplaces);
      return;
    case "zip": {
      // An All The Places run's output (one GeoJSON per spider) is told from CMS's bundle by its members.
      const zip = await openZip(path).catch(() => null);
      if (zip !== null && isAtpArchive(zip)) {
        yield* readAllThePlaces(path, onRowProblem, context.alltheplaces, zip);
        return;
      }
      zip?.close();
      const bundle = await openZipBundle(path).catch((e: Error) => {
        if (e instanceof FatalInputError) throw e;
        throw new FatalInputError({
          file: path,
          row: 0,
          field: "",
          code: "file_unreadable",
          message: `not a readable ZIP archive: ${e.message}`,
        });
      });
      if (!bundle.main && !bundle.deactivation) {
        bundle.close();
        throw new FatalInputError({
          file: path,
          row: 0,
          field: "",
          code: "unknown_format",
          message: `a ZIP archive without an NPPES file (npidata_pfile_….csv), a deactivation report or All The Places' GeoJSON files${bundle.notes.length ? `: ${bundle.notes.join("; ")}` : ""}; other archives are not read: extract the file`,
        });
      }
      yield* readNppes(bundle, onRowProblem, context.nppes);
      return;
    }
    case "csv": {
      const sniffed = nppesFileKind(await sniffHeader(path));
      const kind = context.forceNppes && sniffed !== "deactivation" ? "main" : sniffed;
      if (kind === "main" || kind === "deactivation") {
        const bundle = await openCsvBundle(path, kind, context.inputs ?? []);
        yield* readNppes(bundle, onRowProblem, context.nppes);
        return;
      }
      yield* readCsv(path, onRowProblem, context.text, context.delimiter);
      return;
    }
    case "json":
      yield* readJsonArray(path, onRowProblem, context.text);
      return;
    case "ndjson":
      yield* readNdjson(path, onRowProblem, context.text);
      return;
    case "parquet": {
      if (context.forceOverture || (await isPlaces(path))) {
        yield* readOverture(path, onRowProblem, {
          ...context.overture,
          ...(context.text ? { text: context.text } : {}),
        });
        return;
      }
      yield* readParquet(path, context.text);
      return;
    }
  }
}

/** Whether a Parquet file is an Overture places file (false when its footer cannot be read: the reader says why). */
async function isPlaces(path: string): Promise<boolean> {
  try {
    const { metadata, handle } = await parquetFooter(path);
    await handle.close();
    return isPlacesSchema(metadata.schema);
  } catch {
    return false;
  }
}

/**
 * The cells of a CSV file's first line (at most its first 64 KiB); [] when it cannot be read.
 * @example await sniffHeader("npidata_pfile_20050523-20261109.csv") // ["NPI", "Entity Type Code", …]
 */
export async function sniffHeader(path: string): Promise<string[]> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, "r");
    const buf = Buffer.alloc(64 << 10);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const text = buf.toString("utf8", 0, bytesRead).replace(/^\uFEFF/, "");
    const end = text.search(/\r\n|\n|\r/);
    return parseFields(end < 0 ? text : text.slice(0, end)).fields.map((f) => f.trim());
  } catch {
    return [];
  } finally {
    await handle?.close();
  }
}

/**
 * The NPPES kind of a CSV input from its header, or null for any other file.
 * @example await nppesKindOf("pl_pfile_20050523-20261109.csv") // "pl"
 */
export async function nppesKindOf(path: string): Promise<NppesFileKind | null> {
  return formatOf(path) === "csv" ? nppesFileKind(await sniffHeader(path)) : null;
}
