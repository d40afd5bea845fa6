import { FatalInputError } from "../problems.js";
import { openText, type TextOptions } from "./encoding.js";
import { MAX_LINE_BYTES } from "./line-guard.js";
import type { ReaderEvent, RowProblem } from "./types.js";

/**
 * Streams a JSON file whose top level is an array of objects, one element at a time (never the whole file in
 * memory). An element that is not an object, or is larger than the record limit, is reported and skipped; a
 * file that is not an array or breaks off is fatal. Rows are element numbers from 1.
 * @example for await (const e of readJsonArray("clinics.json", report)) …
 */
export async function* readJsonArray(
  path: string,
  onRowProblem: RowProblem,
  text: TextOptions = {},
): AsyncGenerator<ReaderEvent> {
  const scanner = new ArrayScanner(path);
  let columnsSent = false;
  const stream = openText(path, text).setEncoding("utf8");
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      for (const el of scanner.feed(chunk)) {
        if (el.text === null) {
          onRowProblem(
            el.row,
            "row_too_large",
            `element larger than the ${MAX_LINE_BYTES}-byte limit; skipped`,
          );
          continue;
        }
        let value: unknown;
        try {
          value = JSON.parse(el.text);
        } catch (e) {
          onRowProblem(el.row, "json_syntax", `not valid JSON: ${(e as Error).message}`);
          continue;
        }
        if (value === null || typeof value !== "object" || Array.isArray(value)) {
          onRowProblem(el.row, "not_an_object", "each element must be a JSON object");
          continue;
        }
        if (!columnsSent) {
          columnsSent = true;
          yield { type: "columns", columns: Object.keys(value) };
        }
        yield { type: "row", row: el.row, values: value as Record<string, unknown> };
      }
    }
  } catch (e) {
    if (e instanceof FatalInputError) throw e;
    throw new FatalInputError({
      file: path,
      row: 0,
      field: "",
      code: "file_unreadable",
      message: (e as Error).message,
    });
  } finally {
    stream.destroy();
  }
  scanner.end();
  if (!columnsSent)
    throw new FatalInputError({
      file: path,
      row: 0,
      field: "",
      code: "file_empty",
      message: "the JSON array holds no objects",
    });
}

type State = "before-array" | "before-value" | "in-value" | "after-value" | "done";

/** Splits the text of a JSON array into the texts of its elements, chunk by chunk. */
class ArrayScanner {
  private state: State = "before-array";
  private depth = 0;
  private inString = false;
  private escaped = false;
  private parts: string[] = [];
  private size = 0;
  private tooLarge = false;
  private element = 0;
  private first = true;

  constructor(private readonly path: string) {}

  feed(chunk: string): { row: number; text: string | null }[] {
    const text = this.first ? chunk.replace(/^\uFEFF/, "") : chunk;
    this.first = false;
    const out: { row: number; text: string | null }[] = [];
    let start = this.state === "in-value" ? 0 : -1;
    const emit = (end: number) => {
      const piece = text.slice(start, end);
      const tooLarge = this.tooLarge || this.size + piece.length > MAX_LINE_BYTES;
      out.push({ row: this.element, text: tooLarge ? null : this.parts.join("") + piece });
      this.parts = [];
      this.size = 0;
      this.tooLarge = false;
      start = -1;
    };
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (this.state === "in-value") {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (ch === 92) this.escaped = true;
          else if (ch === 34) this.inString = false;
        } else if (ch === 34) this.inString = true;
        else if (ch === 123 || ch === 91) this.depth++;
        else if (ch === 125 || ch === 93) {
          this.depth--;
          if (this.depth === 0) {
            emit(i + 1);
            this.state = "after-value";
          } else if (this.depth < 0) {
            emit(i); // a scalar element directly followed by "]"
            this.state = "done";
          }
        } else if (this.depth === 0 && (ch === 44 || isSpace(ch))) {
          emit(i);
          this.state = ch === 44 ? "before-value" : "after-value";
        }
        continue;
      }
      if (isSpace(ch)) continue;
      if (this.state === "before-array") {
        if (ch !== 91)
          this.fail("a JSON input must be an array of objects (use .ndjson for one object per line)");
        this.state = "before-value";
      } else if (this.state === "before-value") {
        if (ch === 93 && this.element === 0) {
          this.state = "done";
          continue;
        }
        this.element++;
        this.state = "in-value";
        this.depth = 0;
        this.inString = false;
        start = i;
        i--; // read the first character again as part of the value
      } else if (this.state === "after-value") {
        if (ch === 44) this.state = "before-value";
        else if (ch === 93) this.state = "done";
        else this.fail(`expected "," or "]" after element ${this.element}`);
      } else this.fail("unexpected content after the closing bracket");
    }
    if (this.state === "in-value" && start !== -1) {
      const piece = text.slice(start);
      this.size += piece.length;
      if (this.size > MAX_LINE_BYTES) {
        this.tooLarge = true;
        this.parts = [];
      } else if (!this.tooLarge) this.parts.push(piece);
    }
    return out;
  }

  end(): void {
    if (this.state === "before-array") {
      throw new FatalInputError({
        file: this.path,
        row: 0,
        field: "",
        code: "file_empty",
        message: "the file is empty: expected a JSON array of objects",
      });
    }
    if (this.state !== "done")
      this.fail(`the JSON array is not closed (the file ends in or after element ${this.element})`);
  }

  private fail(message: string): never {
    throw new FatalInputError({
      file: this.path,
      row: this.element,
      field: "",
      code: "json_syntax",
      message,
    });
  }
}

function isSpace(ch: number): boolean {
  return ch === 32 || ch === 10 || ch === 13 || ch === 9;
}
