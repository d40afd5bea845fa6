/**
 * Control characters (C0, DEL, C1), bidirectional overrides and isolates, and line and paragraph separators: what
 * a terminal acts on (colours, cursor moves, bells, title changes, text shown reversed) instead of showing.
 */
const UNSAFE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;
const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * Text quoted from an input file made safe to print on an operator's terminal: every character a terminal would act
 * on instead of showing is written as an escape (`\x1b`, `\u202e`, `\n`), so a file cannot recolour, move, ring or
 * retitle the terminal, nor hide what follows. Printable text, accents and other scripts included, is unchanged.
 * @example printable("bad \x1b[31mred\x07") // "bad \\x1b[31mred\\x07"
 */
export function printable(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const named = NAMED[c];
    if (named) return named;
    const code = c.codePointAt(0) as number;
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
