// An unchanged clinic keeps its id and never appears in `changes`, whatever else changed around it: a new clinic
// in its building, the other clinic at its address gone, a clinic of the same name and street elsewhere in its
// state (whose derived ids fall back on each other), a tombstone at its address, and any mix of drops, renames,
// new phones and new clinics. Real imports of our own CSV export with the ids removed (so every id is derived
// again, as from a source that carries none of ours), matched and compared with the release before.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tombstone } from "../src/dataset/releases.js";
import { collectClinics } from "../src/dataset/store.js";
import type { ClinicRecord, Dataset } from "../src/dataset/types.js";
import { importFiles } from "../src/ingest/import.js";
import { type BaseRelease, type Comparison, compareWithBase } from "../src/release/compare.js";
import { matchState } from "../src/release/match.js";
import { csvField } from "../src/render/downloads/csv.js";
import { sampleSite } from "./helpers/sample-build.js";
import { SMALL_STATES, tempDir } from "./helpers/sample-site.js";

type Row = Record<string, string>;

let tmp: Awaited<ReturnType<typeof tempDir>>;
let columns: string[];
/** The sample's clinics of the small states, as its CSV download gives them. */
let rows: Row[];
let files = 0;

beforeAll(async () => {
  tmp = await tempDir();
  const text = await readFile(join(sampleSite(), "downloads/urgent-care-clinics-latest.csv"), "utf8");
  columns = text.slice(0, text.indexOf("\r\n")).split(",");
  const all = parse(text, { columns: true, bom: true }) as Row[];
  rows = all.filter((r) => (SMALL_STATES as readonly string[]).includes(r.state_code as string));
});
afterAll(() => tmp.cleanup());

/** A new clinic in `r`'s building: the same street, ZIP and position, another name and phone. */
function neighbour(r: Row, n: number): Row {
  return { ...r, id: "", name: `Northgate Walk-In Clinic ${n}`, network: "", phone: `(302) 555-01${10 + n}` };
}

/** Another town of each small state (the sample has one city in each), for a clinic of the same name. */
const ELSEWHERE: Record<
  string,
  { city: string; name: string; zip: string; latitude: number; longitude: number }
> = {
  DE: { city: "dover", name: "Dover", zip: "19901", latitude: 39.1582, longitude: -75.5244 },
  RI: { city: "newport", name: "Newport", zip: "02840", latitude: 41.4901, longitude: -71.3128 },
  VT: { city: "rutland", name: "Rutland", zip: "05701", latitude: 43.6106, longitude: -72.9726 },
};

/** A clinic of `r`'s name on a street of the same name in another town of its state: the same identity. */
function twin(r: Row): Row {
  const town = ELSEWHERE[r.state_code as string] as (typeof ELSEWHERE)[string];
  const coordinates = `${town.latitude},${town.longitude}`;
  return {
    ...r,
    id: "",
    phone: "(401) 555-0142",
    address: `${r.street}, ${town.name}, ${r.state_code} ${town.zip}`,
    city: town.city,
    city_name: town.name,
    zip: town.zip,
    latitude: String(town.latitude),
    longitude: String(town.longitude),
    coordinates,
    neighborhood: "",
  };
}

/** Imports rows as the data of `version`, with the ids they carry or without any. */
async function importRows(
  list: readonly Row[],
  version: string,
  ids: boolean,
): Promise<{ dataset: Dataset; file: string }> {
  const file = join(tmp.dir, `release-${++files}.csv`);
  const cell = (v: string | undefined) => csvField(v === undefined || v === "" ? null : v);
  const lines = list.map((r) => columns.map((c) => cell(c === "id" && !ids ? "" : r[c])).join(","));
  await writeFile(file, `${[columns.join(","), ...lines].join("\r\n")}\r\n`);
  const { dataset, log } = await importFiles({ inputs: [file], dataVersion: version, tmpDir: tmp.dir });
  if (!dataset) throw new Error(`did not import: ${JSON.stringify(log.problems.slice(0, 3))}`);
  return { dataset, file };
}

/** Each row's record, found by its provenance (`file:line`; the header is line 1). */
function byRow(list: readonly Row[], file: string, records: readonly ClinicRecord[]): Map<Row, ClinicRecord> {
  const out = new Map<Row, ClinicRecord>();
  for (const r of records)
    for (const p of r.provenance) {
      const line = Number(p.slice(file.length + 1));
      if (p.startsWith(`${file}:`)) out.set(list[line - 2] as Row, r);
    }
  return out;
}

interface Release {
  rows: readonly Row[];
  records: Map<Row, ClinicRecord>;
  tombstones: Tombstone[];
  comparison: Comparison | null;
  version: string;
}

/** The first release of `list`: the sample's rows with their ids, new rows with ids derived on import. */
async function first(list: readonly Row[]): Promise<Release> {
  const { dataset, file } = await importRows(list, "2026-05-01", true);
  const records = byRow(list, file, await collectClinics(dataset.clinics));
  return { rows: list, records, tombstones: [], comparison: null, version: "2026-05-01" };
}

/** `list` released after `base`: imported without ids, matched against `base` and its tombstones. */
async function next(base: Release, list: readonly Row[], version: string): Promise<Release> {
  const { dataset, file } = await importRows(list, version, false);
  const previous = [...new Set(base.records.values())];
  const release: BaseRelease = {
    dataVersion: base.version,
    clinics: previous.length,
    records: async (state) => previous.filter((r) => r.state === state),
    tombstones: base.tombstones,
  };
  const comparison = await compareWithBase(dataset, release);
  const published = await collectClinics(comparison.dataset.clinics);
  const ids = published.map((r) => r.id);
  expect(new Set(ids).size, "every clinic has an id of its own").toBe(ids.length);
  const removed = new Set(comparison.changes?.removed.map((r) => r.id));
  for (const t of base.tombstones)
    expect(ids, "a tombstone's id is not another clinic's").not.toContain(t.record.id);
  for (const id of ids) expect(removed.has(id), `${id} is removed and listed at once`).toBe(false);
  const records = byRow(list, file, published);
  return { rows: list, records, tombstones: comparison.tombstones, comparison, version };
}

/** Every row of `after` that is a row of `before` unchanged keeps its id and is not in the changes. */
function expectUnchangedKept(before: Release, after: Release): number {
  const changes = after.comparison?.changes;
  if (!changes) throw new Error("no changes: not a second release");
  const listed = new Set([
    ...changes.added.map((r) => r.id),
    ...changes.removed.map((r) => r.id),
    ...changes.changed.map((c) => c.after.id),
  ]);
  let unchanged = 0;
  for (const row of after.rows) {
    const was = before.records.get(row);
    if (!was) continue; // a new or edited row
    unchanged++;
    const now = after.records.get(row);
    expect(now?.id, `${row.name} (${row.city_name}) kept its id`).toBe(was.id);
    expect(listed.has(was.id), `${row.name} (${row.city_name}, ${was.id}) is not in the changes`).toBe(false);
  }
  return unchanged;
}

describe("an unchanged clinic keeps its id and never appears in the changes", () => {
  it("when a new clinic opens in its building", async () => {
    const r1 = await first(rows);
    const r2 = await next(r1, [...rows, ...rows.slice(0, 5).map(neighbour)], "2026-06-01");
    expect(expectUnchangedKept(r1, r2)).toBe(rows.length);
    expect(r2.comparison?.changes?.added.length).toBe(5);
  });

  it("when the other clinic at its address closes, and again the release after, beside its tombstone", async () => {
    const shared = rows.slice(0, 5).map(neighbour);
    const r1 = await first([...rows, ...shared]);
    const r2 = await next(r1, rows, "2026-06-01");
    expect(expectUnchangedKept(r1, r2)).toBe(rows.length);
    expect(r2.comparison?.changes?.removed.length).toBe(5);
    expect(r2.tombstones.length).toBe(5);
    const r3 = await next(r2, r2.rows, "2026-07-01");
    expect(expectUnchangedKept(r2, r3)).toBe(r2.rows.length);
    expect(r3.comparison?.changes).toEqual({ added: [], removed: [], changed: [] });
  });

  it("when a clinic of the same name and street elsewhere in its state opens or closes", async () => {
    // Pairs in one state: the second of each pair is named and addressed like the first, in another town.
    const pairs = SMALL_STATES.map((state) => {
      const a = rows.find((r) => r.state_code === state) as Row;
      return [a, twin(a)] as const;
    });
    const twins = pairs.map(([, t]) => t);
    const r1 = await first([...rows, ...twins]);
    const originals = new Set(pairs.map(([a]) => a));
    // Either one of each pair goes: the other, unchanged, keeps its id.
    const r2 = await next(r1, [...rows.filter((r) => !originals.has(r)), ...twins], "2026-06-01");
    expect(expectUnchangedKept(r1, r2)).toBe(rows.length);
    const r2b = await next(r1, rows, "2026-06-01");
    expect(expectUnchangedKept(r1, r2b)).toBe(rows.length);
    // A twin that opens beside an unchanged clinic takes nothing from it.
    const plain = await first(rows);
    const r2c = await next(plain, [...rows, ...twins], "2026-06-01");
    expect(expectUnchangedKept(plain, r2c)).toBe(rows.length);
  });

  it("whatever mix of drops, renames, new phones and new clinics (in its building, or of its name elsewhere) surrounds it", async () => {
    const r1 = await first(rows);
    const edit = fc.record({
      index: fc.nat({ max: rows.length - 1 }),
      kind: fc.constantFrom("drop", "rename", "phone", "neighbour", "twin"),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 8 }), async (edits) => {
        const dropped = new Set<Row>();
        const replaced = new Map<Row, Row>();
        const added: Row[] = [];
        edits.forEach(({ index, kind }, n) => {
          const r = rows[index] as Row;
          if (kind === "drop") dropped.add(r);
          else if (kind === "rename") replaced.set(r, { ...r, name: `${r.name} (renamed)` });
          else if (kind === "phone") replaced.set(r, { ...r, phone: `(401) 555-01${50 + n}` });
          else if (kind === "neighbour") added.push(neighbour(r, 20 + n));
          else added.push(twin(r));
        });
        const list = [...rows.filter((r) => !dropped.has(r)).map((r) => replaced.get(r) ?? r), ...added];
        const r2 = await next(r1, list, "2026-06-01");
        expectUnchangedKept(r1, r2);
      }),
      { numRuns: 12 },
    );
  });
});

describe("a clinic that moves to another state, keeping its id (as an NPI's does)", () => {
  /** `list` released after `base`, imported with the ids it carries. */
  async function kept(base: Release, list: readonly Row[], version: string): Promise<Release> {
    const { dataset, file } = await importRows(list, version, true);
    const previous = [...new Set(base.records.values())];
    const comparison = await compareWithBase(dataset, {
      dataVersion: base.version,
      clinics: previous.length,
      records: async (state) => previous.filter((r) => r.state === state),
      tombstones: base.tombstones,
    });
    const records = byRow(list, file, await collectClinics(comparison.dataset.clinics));
    return { rows: list, records, tombstones: comparison.tombstones, comparison, version };
  }
  const mover = () => rows.find((r) => r.state_code === "DE") as Row;
  /** The same clinic, id and all, at its street in Newport, Rhode Island. */
  const moved = (r: Row): Row => {
    const town = ELSEWHERE.RI as (typeof ELSEWHERE)[string];
    return {
      ...r,
      address: `${r.street}, ${town.name}, RI ${town.zip}`,
      city: town.city,
      city_name: town.name,
      zip: town.zip,
      latitude: String(town.latitude),
      longitude: String(town.longitude),
      coordinates: `${town.latitude},${town.longitude}`,
      neighborhood: "",
      state: "rhode-island",
      state_code: "RI",
      state_name: "Rhode Island",
    };
  };

  it("is one clinic that changed its state, city and address: not removed and added, no tombstone", async () => {
    const r1 = await first(rows);
    const r2 = await kept(
      r1,
      rows.map((r) => (r === mover() ? moved(r) : r)),
      "2026-06-01",
    );
    const id = mover().id as string;
    const changes = r2.comparison?.changes;
    expect(changes?.added.map((r) => r.id)).not.toContain(id);
    expect(changes?.removed.map((r) => r.id)).not.toContain(id);
    const change = changes?.changed.find((c) => c.after.id === id);
    expect(change?.fields).toContainEqual({ field: "state", old: "DE", new: "RI" });
    expect(change?.fields).toContainEqual({ field: "city", old: "wilmington", new: "newport" });
    expect(r2.tombstones.map((t) => t.record.id)).not.toContain(id);
  });

  it("listed again in another state after it closed: its tombstone goes", async () => {
    const r1 = await first(rows);
    const r2 = await kept(
      r1,
      rows.filter((r) => r !== mover()),
      "2026-06-01",
    );
    const id = mover().id as string;
    expect(r2.tombstones.map((t) => t.record.id)).toContain(id);
    const r3 = await kept(r2, [...r2.rows, moved(mover())], "2026-07-01");
    expect(r3.comparison?.changes?.added.map((r) => r.id)).toContain(id);
    expect(r3.tombstones.map((t) => t.record.id)).not.toContain(id);
  });
});

describe("matching one state's clinics (records of a real import)", () => {
  let base: ClinicRecord[];
  beforeAll(async () => {
    base = [...(await first(rows)).records.values()];
  });

  it("a new clinic whose own id the previous release gave another clinic gets an id nobody had", () => {
    const [a, b] = base as [ClinicRecord, ClinicRecord];
    // `a` unchanged under another derived id; a different clinic derived `a`'s old id (a name and street it had).
    const again = { ...a, id: "000000000001" };
    const other = { ...b, id: a.id, name: "Another Walk-In Clinic", phone: "(302) 555-0101" };
    const { ids, byRule } = matchState([a], [again, other]);
    expect(ids.get(again.id)).toBe(a.id);
    const fresh = ids.get(other.id) as string;
    expect(fresh).toMatch(/^[0-9a-z]{12}$/);
    expect([a.id, again.id, b.id]).not.toContain(fresh);
    expect(byRule.unchanged).toBe(1);
  });

  it("a listed clinic wins over a tombstone at its address; between two listed clinics nothing is guessed", () => {
    const [a, b] = base as [ClinicRecord, ClinicRecord];
    const closed = { ...b, id: "000000000002", name: "Closed Walk-In Clinic", street: a.street, zip: a.zip };
    const renamed = { ...a, id: "000000000003", name: `${a.name} (renamed)` };
    expect(matchState([a], [renamed], [closed]).ids.get(renamed.id)).toBe(a.id);
    const both = matchState([a, { ...closed, id: "000000000004" }], [renamed]);
    expect(both.ids.has(renamed.id)).toBe(false);
    expect(both.ambiguous.map((m) => m.rule)).toEqual(["address"]);
  });

  it("two records of identical content are paired in id order, each keeping an id", () => {
    const [a] = base as [ClinicRecord];
    const copy = { ...a, id: "000000000005" };
    const { ids, byRule } = matchState(
      [a, copy],
      [
        { ...a, id: "zzzzzzzzzzzz" },
        { ...a, id: "zzzzzzzzzzzy" },
      ],
    );
    expect([ids.get("zzzzzzzzzzzy"), ids.get("zzzzzzzzzzzz")]).toEqual([copy.id, a.id]);
    expect(byRule.unchanged).toBe(2);
  });
});
