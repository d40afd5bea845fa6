/**
 * A ZIP code as 5 digits (ZIP+4 kept as `12345-6789`); spreadsheet exports that dropped leading zeros
 * (`2134` for Boston) get them back. Anything else becomes null.
 * @example normaliseZip("2134") // "02134"
 * @example normaliseZip("787011234") // "78701-1234"
 */
export function normaliseZip(text: string): string | null {
  const t = text.replace(/\s/g, "");
  const m = /^(\d{3,5})(?:-?(\d{4}))?$/.exec(t);
  if (!m) return null;
  const five = (m[1] as string).padStart(5, "0");
  if (five === "00000") return null;
  return m[2] && m[2] !== "0000" ? `${five}-${m[2]}` : five;
}
