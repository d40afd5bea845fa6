/**
 * A one-line progress display on a terminal (stderr), redrawn at most every 200 ms; silent when stderr is
 * not a TTY, so logs and CI output stay clean.
 * @example const p = new Progress(); p.update("reading a.csv", 5000); p.done();
 */
export class Progress {
  private last = 0;
  private shown = false;

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  get enabled(): boolean {
    return this.stream.isTTY === true;
  }

  update(label: string, rows: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.last < 200) return;
    this.last = now;
    this.shown = true;
    this.stream.write(`\r\u001b[2K${label}: ${rows.toLocaleString("en-US")} rows`);
  }

  done(): void {
    if (this.shown) this.stream.write("\r\u001b[2K");
    this.shown = false;
  }
}
