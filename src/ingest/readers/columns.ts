/** A column name that appears more than once in a header. */
export interface DuplicateColumn {
  name: string;
  /** 1-based positions of its copies. */
  positions: number[];
}

/**
 * Makes a header's names unique so that no copy of a duplicated column is lost: the second and later copies of
 * a name become `NAME#2`, `NAME#3`, … (compared case-insensitively), and the duplicates are listed for the report.
 * @example uniqueColumns(["X", "Y", "X", "Y"]).columns // ["X", "Y", "X#2", "Y#2"]
 */
export function uniqueColumns(header: readonly string[]): {
  columns: string[];
  duplicates: DuplicateColumn[];
} {
  const seen = new Map<string, number[]>();
  const columns = header.map((h, i) => {
    const key = h.trim().toLowerCase();
    const positions = seen.get(key);
    if (!positions) {
      seen.set(key, [i + 1]);
      return h;
    }
    positions.push(i + 1);
    return `${h}#${positions.length}`;
  });
  const duplicates = [...seen.values()]
    .filter((p) => p.length > 1)
    .map((positions) => ({ name: (header[(positions[0] as number) - 1] as string).trim(), positions }));
  return { columns, duplicates };
}
