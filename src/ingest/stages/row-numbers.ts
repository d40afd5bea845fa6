/**
 * Tells whether a file's source ids are row numbers: every id an integer, the first near 1, and each id the
 * previous one plus one (allowing the gaps left by rejected rows for at most 2 % of the rows). Such a column is
 * renumbered by every export and identifies nothing. Memory: a few numbers.
 * @example const c = new RowNumberCheck(); for (const id of ["1", "2", "3"]) c.add(`x:${id}`); c.rowNumbers // true
 */
export class RowNumberCheck {
  private count = 0;
  private first: number | undefined;
  private last: number | undefined;
  private steps = 0;
  private integers = true;

  add(sourceId: string | null): void {
    if (sourceId === null) return;
    const text = sourceId.slice(sourceId.indexOf(":") + 1);
    if (!/^\d{1,9}$/.test(text)) {
      this.integers = false;
      return;
    }
    const n = Number(text);
    this.count++;
    if (this.first === undefined) this.first = n;
    else if (this.last !== undefined && n - this.last === 1) this.steps++;
    this.last = n;
  }

  get rowNumbers(): boolean {
    if (!this.integers || this.count < 3 || this.first === undefined || this.first > 2) return false;
    return this.steps >= (this.count - 1) * 0.98;
  }

  describe(): string {
    return `${this.count} ids from ${this.first} to ${this.last}, each the previous plus one`;
  }
}
