import { STATES } from "../../geo/states.js";
import { collectGarbage } from "../../util/collect-garbage.js";
import { parseSourceRecord, type RowNote, readSnapshotLines, type Snapshot } from "../snapshot.js";

/** What the read stage needs of a row the previous import normalised: where its record is, and its counts. */
export interface PreviousRow {
  state: string;
  /** Its record's line in its state's file of the snapshot (from 0). */
  at: number;
  sourceId: string | null;
  brandPrefix: string | null;
  city: string;
  date: string | null;
  /** An id of our own exports its record keeps. */
  keptId: string | null;
  notes: RowNote[] | undefined;
}

/**
 * The rows of the previous import that a row of this one may be, by key (`rowKey`), read from its snapshot when
 * a file of the layout it read is read again. Memory: one small entry per record of the snapshot (its record
 * itself is read again, state by state, when the state is resolved).
 * @example const previous = new PreviousRows(snapshot); const rows = await previous.rows(layout); rows?.get(key)
 */
export class PreviousRows {
  #rows: Promise<Map<string, PreviousRow>> | null = null;

  constructor(readonly snapshot: Snapshot) {}

  /** The previous rows, when the previous import read a file of this layout (else null: none can be the same). */
  async rows(layout: string): Promise<ReadonlyMap<string, PreviousRow> | null> {
    if (!this.snapshot.layouts.includes(layout)) return null;
    this.#rows ??= index(this.snapshot);
    return this.#rows;
  }
}

async function index(snapshot: Snapshot): Promise<Map<string, PreviousRow>> {
  const rows = new Map<string, PreviousRow>();
  for (const { code } of STATES) {
    const lines = await readSnapshotLines(snapshot, code);
    for (let at = 0; at < lines.length; at++) {
      const r = parseSourceRecord(lines[at] as string);
      if (r.key === undefined || rows.has(r.key)) continue;
      rows.set(r.key, {
        state: code,
        at,
        sourceId: r.sourceId,
        brandPrefix: r.brandPrefix,
        city: r.city,
        date: r.date,
        keptId: r.keptId,
        notes: r.notes,
      });
    }
    collectGarbage(); // what parsing the state's lines left: the index alone stays
  }
  return rows;
}
