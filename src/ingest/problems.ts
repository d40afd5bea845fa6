import { printable } from "../util/printable.js";

/**
 * What happened to a record (or a whole file):
 * - `fatal`: the file cannot be read on (unreadable, no header, missing columns, broken syntax); the build fails.
 * - `rejected`: the record is not published (malformed row, out of scope, unusable location).
 * - `repaired`: a field was dropped or replaced because its value was invalid; the record is published.
 * - `merged`: the record is a duplicate of another one and was merged into it.
 * - `notice`: a decision the importer took about a whole file or column that the user should know (dates taken
 *   from a file's modification time, a column of row numbers not used as ids, a duplicated column resolved).
 */
export type ProblemKind = "fatal" | "rejected" | "repaired" | "merged" | "notice";

/** One problem of the input, addressed down to the field: errors are data. */
export interface Problem {
  file: string;
  /** Line number for CSV and NDJSON (the header is line 1), record number (from 1) for JSON arrays and Parquet; 0 for the whole file. */
  row: number;
  /** Canonical field (or source column) concerned; "" for the whole row or file. */
  field: string;
  code: string;
  message: string;
  kind: ProblemKind;
  /**
   * What to try, for a fatal problem whose raiser knows it better than its code's `NEXT_STEPS` (a damaged member:
   * download the bundle again). `ProblemLog.add` ends the message with it; the problem it keeps has none.
   */
  next?: string;
}

/** Rejection codes that mean the row itself is broken, not merely out of scope: errors for `validate`. */
export const ROW_ERROR_CODES: ReadonlySet<string> = new Set([
  "row_malformed",
  "row_too_large",
  "json_syntax",
  "not_an_object",
  "replacement_character",
]);

/** Severity shown to the user: fatal problems and broken rows are errors; the rest are warnings or notes. */
export function severityOf(p: Problem): "error" | "warning" | "info" {
  if (p.kind === "fatal" || (p.kind === "rejected" && ROW_ERROR_CODES.has(p.code))) return "error";
  return p.kind === "merged" ? "info" : "warning";
}

/**
 * What to try after a fatal problem whose message cannot know it: the same for every reader that raises it (a file
 * that cannot be opened, an empty file, broken JSON). `ProblemLog.add` ends such a message with it; every other
 * fatal message says its own next step where it is raised (a `--profile`, an `--encoding`, a `--taxonomy`…), so
 * every fatal message ends with what to try (`test/ingest/first-day.test.ts` holds them to it).
 */
export const NEXT_STEPS: Readonly<Record<string, string>> = {
  file_unreadable:
    "Check the path, and that it names a file this user can read; a file cut short (a failed download, a full disk) must be fetched again",
  file_empty:
    "Check that this is the export you meant: a filter that matched nothing or a failed download leaves a header alone",
  json_syntax:
    "Fix the JSON at that place or export the file again (a .json file is one array of objects; one object per line is .ndjson)",
};

/** Thrown by a reader when a file cannot be read on; carries the problem to report. */
export class FatalInputError extends Error {
  override readonly name = "FatalInputError";
  constructor(readonly problem: Omit<Problem, "kind">) {
    super(`${problem.file}: ${problem.message}`);
  }
}

/**
 * Collects every problem of an import, in the order found, with counts by kind and code.
 * @example
 * const log = new ProblemLog();
 * log.add({ file: "a.csv", row: 3, field: "phone", code: "invalid_phone", message: "…", kind: "repaired" });
 * log.summary(); // [{ code: "invalid_phone", kind: "repaired", severity: "warning", count: 1 }]
 */
export class ProblemLog {
  readonly problems: Problem[] = [];
  private readonly counts = new Map<string, { code: string; kind: ProblemKind; count: number }>();

  /**
   * Adds a problem; what it quotes from the input is made printable here, once for every way it is shown, and a
   * fatal one whose message cannot know what to try gets its code's next step (NEXT_STEPS).
   */
  add(found: Problem): void {
    const { next: own, ...rest } = found;
    const next = found.kind === "fatal" ? (own ?? NEXT_STEPS[found.code]) : undefined;
    const problem = {
      ...rest,
      file: printable(found.file),
      field: printable(found.field),
      message: next === undefined ? printable(found.message) : `${printable(found.message)}. ${next}`,
    };
    this.problems.push(problem);
    const key = `${problem.kind}\u0000${problem.code}`;
    const c = this.counts.get(key);
    if (c) c.count++;
    else this.counts.set(key, { code: problem.code, kind: problem.kind, count: 1 });
  }

  get hasFatal(): boolean {
    return this.problems.some((p) => p.kind === "fatal");
  }

  get errorCount(): number {
    return this.problems.filter((p) => severityOf(p) === "error").length;
  }

  count(kind: ProblemKind): number {
    let n = 0;
    for (const c of this.counts.values()) if (c.kind === kind) n += c.count;
    return n;
  }

  /** Counts by code, sorted by kind (fatal, rejected, repaired, merged) then code. */
  summary(): { code: string; kind: ProblemKind; severity: "error" | "warning" | "info"; count: number }[] {
    const order: ProblemKind[] = ["fatal", "rejected", "repaired", "merged", "notice"];
    return [...this.counts.values()]
      .sort(
        (a, b) =>
          order.indexOf(a.kind) - order.indexOf(b.kind) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
      )
      .map((c) => ({
        ...c,
        severity: severityOf({ file: "", row: 0, field: "", message: "", code: c.code, kind: c.kind }),
      }));
  }
}

/**
 * The one-line form printed by `ucd validate`: `file:row:field: code: message`.
 * @example formatProblem({ file: "a.csv", row: 7, field: "state", code: "out_of_scope_state", message: "PR is not …", kind: "rejected" })
 * // "a.csv:7:state: out_of_scope_state: PR is not …"
 */
export function formatProblem(p: Problem): string {
  return `${p.file}:${p.row}:${p.field}: ${p.code}: ${p.message}`;
}
