import type { z } from "zod";
import type { FlatDataset as Dataset } from "../dataset/types.js";
import { findState } from "../geo/states.js";

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

  /**
   * Identity rules of the data set: known states, unique clinic ids and city slugs.
   * Returns false when a clinic's state is unknown, since the data set cannot then be grouped into documents.
   */
  checkDataset(data: Dataset): boolean {
    let statesKnown = true;
    for (const c of data.clinics) {
      if (findState(c.state)?.code !== c.state) {
        statesKnown = false;
        this.issues.push({
          document: "dataset",
          path: `clinic ${c.id}`,
          message: `state "${c.state}" is not one of the 50 states or DC`,
        });
      }
    }
    const ids = new Map<string, string>();
    for (const c of data.clinics) {
      const prev = ids.get(c.id);
      if (prev)
        this.issues.push({
          document: "dataset",
          path: `clinic ${c.id}`,
          message: `id shared by "${prev}" and "${c.name}"`,
        });
      ids.set(c.id, c.name);
    }
    const cityNames = new Map<string, string>();
    for (const c of data.clinics) {
      const key = `${c.state}/${c.city_slug}`;
      const prev = cityNames.get(key);
      if (prev !== undefined && prev !== c.city) {
        this.issues.push({
          document: "dataset",
          path: `city ${key}`,
          message: `slug used by two city names: "${prev}" and "${c.city}"`,
        });
      }
      cityNames.set(key, c.city);
    }
    return statesKnown;
  }

  throwIfAny(): void {
    if (this.issues.length) throw new BuildError(this.issues);
  }
}
