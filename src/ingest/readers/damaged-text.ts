/**
 * Columns of a row whose text holds U+FFFD, the mark of a character already lost to a wrong conversion before the
 * file was written: such a value cannot be published (nothing tells what it said).
 * @example damagedColumns({ NAME: "Urg\uFFFDnt Care", CITY: "Austin" }) // ["NAME"]
 */
export function damagedColumns(values: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const k in values) if (holdsReplacement(values[k])) out.push(k);
  return out;
}

function holdsReplacement(v: unknown): boolean {
  if (typeof v === "string") return v.includes("\uFFFD");
  if (v === null || typeof v !== "object") return false;
  for (const x of Object.values(v)) if (holdsReplacement(x)) return true;
  return false;
}
