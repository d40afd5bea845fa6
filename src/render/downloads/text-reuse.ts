import { join } from "node:path";
import type { Ledger } from "../ledger/ledger.js";
import { clinicUnits } from "../units/clinic.js";
import type { UnitKind } from "../units/kind.js";
import { DOWNLOADS_DIR } from "./names.js";
import { PreviousFile } from "./previous-file.js";
import { PreviousText, type TextCounts } from "./previous-text.js";
import type { ExportRow } from "./rows.js";
import type { StateRows } from "./sink.js";
import {
  type FormatFiles,
  type FormatRecord,
  rowExtras,
  type StateRecord,
  TextBookDir,
} from "./text-book.js";

const noCounts = (): TextCounts => ({
  piecesReused: 0,
  rowsReused: 0,
  rowsSerialised: 0,
  deflatedReused: 0,
  deflated: 0,
  deflatedBytes: 0,
  damaged: 0,
});

/**
 * What the text downloads of a release reuse from the previous release, and what they keep for the next: opens the
 * previous release's files and bookkeeping (`./text-book.ts`) when the plan is incremental and the previous render
 * counts (same fingerprint), says state by state which rows kept their text, and writes this release's bookkeeping.
 * A row keeps its text when the plan carries its clinic (its content key is the previous release's) and the fields
 * of the row that key does not cover (`rowExtras`) are the previous release's too.
 * @example const reuse = await TextReuse.open(ledger, previousSite); const state = await reuse.beginState("UT", rows);
 */
export class TextReuse {
  readonly #ledger: Ledger<UnitKind>;
  readonly #out: TextBookDir | null;
  readonly #previous: TextBookDir | null;
  readonly #site: string | null;
  readonly #files: Record<string, FormatFiles>;
  readonly #opened = new Map<string, Promise<{ raw: PreviousFile; gz: PreviousFile } | null>>();
  readonly #counts = new Map<string, TextCounts>();
  #state: { code: string; previous: StateRecord | null; record: StateRecord } | null = null;

  private constructor(
    ledger: Ledger<UnitKind>,
    out: TextBookDir | null,
    previous: { dir: TextBookDir; site: string; files: Record<string, FormatFiles> } | null,
  ) {
    this.#ledger = ledger;
    this.#out = out;
    this.#previous = previous?.dir ?? null;
    this.#site = previous?.site ?? null;
    this.#files = previous?.files ?? {};
  }

  /**
   * Reuses nothing when the ledger renders everything (`all`), or has no previous release that counts; `site` is
   * the previous release's tree.
   */
  static async open(ledger: Ledger<UnitKind>, site: string | null): Promise<TextReuse> {
    const out = ledger.bookkeeping === null ? null : new TextBookDir(ledger.bookkeeping);
    const before = ledger.previousBookkeeping;
    if (ledger.mode !== "incremental" || before === null || site === null)
      return new TextReuse(ledger, out, null);
    const dir = new TextBookDir(before);
    const files = await dir.files();
    return new TextReuse(ledger, out, files ? { dir, site, files } : null);
  }

  /** What a format reused and made so far (the counters its sink updates). */
  counts(extension: string): TextCounts {
    let c = this.#counts.get(extension);
    if (!c) {
      c = noCounts();
      this.#counts.set(extension, c);
    }
    return c;
  }

  /**
   * Starts a state: for each of its rows (in published order), its index among the previous release's rows of the
   * state when its text is theirs, else -1.
   */
  async beginState(code: string, rows: readonly ExportRow[]): Promise<StateRows> {
    const previous = this.#previous && rows.length > 0 ? await this.#previous.state(code) : null;
    const extras = rows.map(rowExtras);
    const record: StateRecord = { ids: rows.map((r) => r.clinic.id), extras, formats: {} };
    this.#state = { code, previous, record };
    const indexes = new Int32Array(rows.length).fill(-1);
    if (previous) {
      const at = new Map(previous.ids.map((id, i) => [id, i]));
      for (const [i, row] of rows.entries()) {
        const j = at.get(row.clinic.id);
        if (j === undefined || previous.extras[j] !== extras[i]) continue;
        if (this.#ledger.decided(clinicUnits, row.clinic.id)?.render === false) indexes[i] = j;
      }
    }
    return { code, rows, previous: indexes };
  }

  /** The previous release's text of a format for the state begun, or null when there is none to trust. */
  async previousText(
    extension: string,
    code: string,
    layout: { headBytes: number; separatorBytes: number },
  ): Promise<PreviousText | null> {
    const state = this.#state;
    if (!state || state.code !== code || !state.previous) return null;
    const record = state.previous.formats[extension];
    if (!record) return null;
    const files = await this.#open(extension);
    if (!files) return null;
    return PreviousText.from(record, state.previous.ids.length, files, layout, this.counts(extension));
  }

  /** A format's text of the state begun, as this release wrote it. */
  record(extension: string, code: string, record: FormatRecord): void {
    if (this.#state?.code === code) this.#state.record.formats[extension] = record;
  }

  /** Writes the state's bookkeeping (when it has rows). */
  async endState(code: string): Promise<void> {
    const state = this.#state;
    this.#state = null;
    if (!state || state.code !== code || !this.#out || state.record.ids.length === 0) return;
    await this.#out.writeState(code, state.record);
  }

  /** Writes which files this release's text downloads are, and closes the previous release's. */
  async finish(files: Record<string, FormatFiles>): Promise<void> {
    await this.close();
    if (this.#out) await this.#out.writeFiles(files, Object.fromEntries(this.#counts));
  }

  async close(): Promise<void> {
    for (const opened of this.#opened.values()) {
      const f = await opened;
      await f?.raw.close();
      await f?.gz.close();
    }
    this.#opened.clear();
  }

  #open(extension: string): Promise<{ raw: PreviousFile; gz: PreviousFile } | null> {
    let opened = this.#opened.get(extension);
    if (!opened) {
      const f = this.#files[extension];
      const site = this.#site;
      opened =
        f && site
          ? (async () => {
              const path = join(site, DOWNLOADS_DIR, f.name);
              const raw = await PreviousFile.open(path, f.bytes);
              const gz = await PreviousFile.open(`${path}.gz`, f.gzBytes);
              if (raw && gz) return { raw, gz };
              await raw?.close();
              await gz?.close();
              return null;
            })()
          : Promise.resolve(null);
      this.#opened.set(extension, opened);
    }
    return opened;
  }
}
