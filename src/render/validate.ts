import type { z } from "zod";

/** One problem found in the data set or a generated document. */
export interface BuildIssue {
  document: string;
  path: string;
  message: string;
}

export class BuildError extends Error {
  override readonly name = "BuildError";
  constructor(readonly issues: BuildIssue[]) {
    super(
      `build refused: ${issues.length} problem(s)\n${issues
        .slice(0, 20)
        .map((i) => `  ${i.document}${i.path ? ` ${i.path}` : ""}: ${i.message}`)
        .join("\n")}${issues.length > 20 ? `\n  … and ${issues.length - 20} more` : ""}`,
    );
  }
}

/** Collects problems across all documents instead of stopping at the first. */
export class Checker {
  readonly issues: BuildIssue[] = [];

  /** Parses `value` with `schema`; returns the parsed value (keys in schema order) or records every issue. */
  parse<T>(document: string, schema: z.ZodType<T>, value: unknown): T {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      this.issues.push({ document, path: issue.path.map(String).join("."), message: issue.message });
    }
    return value as T;
  }

  /** Records one problem. */
  add(document: string, path: string, message: string): void {
    this.issues.push({ document, path, message });
  }

  throwIfAny(): void {
    if (this.issues.length) throw new BuildError(this.issues);
  }
}
