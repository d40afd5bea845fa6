/**
 * What spreadsheets and pandas do to a cell of digits (an identifier, a code, a ZIP, a phone, a compact date) when
 * they read it as a number and write it back: `2` becomes `2.0` (pandas, in a column with a blank: a float), and
 * `1234567893` may become `1.23457E+09` (a spreadsheet's display of a long number).
 * - `whole`: the digits, read back (`2.0` → `2`, `1.234567893E+09` → `1234567893`); `resaved` says the cell
 *   was written so (a repair to report), false when it was plain text already.
 * - `lost`: scientific notation with fewer digits than the number has: the last ones are gone, nothing can read
 *   them back.
 * @example readWhole("1234567893.0") // { whole: "1234567893", resaved: true }
 * @example readWhole("1.23457E+09") // { lost: true }
 * @example readWhole("TX") // { whole: "TX", resaved: false }
 */
export function readWhole(text: string): { whole: string; resaved: boolean } | { lost: true } {
  const float = /^([+-]?\d+)\.0+$/.exec(text);
  if (float) return { whole: float[1] as string, resaved: true };
  const sci = /^([+-]?)(\d)(?:\.(\d+))?e\+?(\d{1,2})$/i.exec(text);
  if (sci) {
    const digits = `${sci[2]}${sci[3] ?? ""}`.replace(/0+$/, "");
    const exponent = Number(sci[4]);
    // 1.5E+01 is 15, whole; 1.5E+00 is not a whole number: left as written, for the field's own rule to judge.
    if (digits.length - 1 <= exponent) {
      // Trailing zeros a spreadsheet shows are indistinguishable from lost digits, unless the mantissa is long enough.
      const written = `${sci[2]}${sci[3] ?? ""}`.length - 1;
      if (written < exponent) return { lost: true };
      return { whole: `${sci[1]}${digits.padEnd(exponent + 1, "0")}`, resaved: true };
    }
  }
  return { whole: text, resaved: false };
}

/**
 * A cell of digits with a float's `.0` removed, for decisions made on the cell (NPPES's entity type `2.0`, an NPI
 * used as a key); anything else as it is.
 * @example integral("2.0") // "2"
 */
export function integral(text: string): string {
  const r = readWhole(text);
  return "whole" in r ? r.whole : text;
}
