/**
 * A list field (services, insurance) from an array or a separated text: each item trimmed, blanks dropped,
 * duplicates removed, sorted (code-unit order, as the API publishes lists).
 * @example normaliseList("X-ray| Lab tests |X-ray", "|") // ["Lab tests", "X-ray"]
 */
export function normaliseList(value: unknown, separator: string): string[] {
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (typeof value === "string") items = value.split(separator);
  else if (value === null || value === undefined) items = [];
  else items = [value];
  const clean = new Set<string>();
  for (const item of items) {
    if (typeof item !== "string" && typeof item !== "number") continue;
    const t = String(item).replace(/\s+/g, " ").trim();
    if (t) clean.add(t);
  }
  return [...clean].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
