// What `pandas.read_csv(f).to_csv(g, index=False)` does to a CSV, for tests of files users receive re-saved.
import { parseFields } from "../../src/ingest/readers/csv-records.js";

/**
 * Re-saves a CSV the way pandas does by default: a column whose every non-blank cell is an integer becomes a
 * number — written without its leading zeros, and as a float (`2.0`, `1234567893.0`) when the column has a blank
 * (NaN makes it float64); other columns stay text; cells are quoted only when they must be (QUOTE_MINIMAL), lines
 * end in `\n`. Records must not span lines (NPPES's do not).
 * @example pandasResave('"NPI","Entity Type Code"\n"1234567893","2"\n"1234567891",""\n') // 'NPI,Entity Type Code\n1234567893,2.0\n1234567891,\n'
 */
export function pandasResave(csv: string): string {
  const lines = csv
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l !== "");
  const rows = lines.map((l) => parseFields(l).fields);
  const [header, ...body] = rows as [string[], ...string[][]];
  const kinds = header.map((_, c) => {
    const cells = body.map((r) => (r[c] ?? "").trim());
    const filled = cells.filter((v) => v !== "");
    if (filled.length === 0 || !filled.every((v) => /^-?\d+$/.test(v))) return "text";
    return filled.length < cells.length ? "float" : "int";
  });
  const text = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const cell = (v: string | undefined, c: number) => {
    const t = (v ?? "").trim();
    if (kinds[c] === "text" || t === "") return text(v ?? "");
    const n = BigInt(t).toString(); // leading zeros gone
    return kinds[c] === "float" ? `${n}.0` : n;
  };
  const out = [header.map(text), ...body.map((r) => header.map((_, c) => cell(r[c], c)))];
  return `${out.map((r) => r.join(",")).join("\n")}\n`;
}
