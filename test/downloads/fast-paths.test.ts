// The downloads' fast paths write the bytes of the plain forms they replace: a JSON line is `JSON.stringify` of the
// merged document, and the Parquet file is what hyparquet-writer's `ParquetWriter.write` writes from row objects.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileWriter, ParquetWriter } from "hyparquet-writer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CANONICAL_COLUMNS } from "../../src/dataset/canonical-columns.js";
import { fromRecords } from "../../src/dataset/store.js";
import { createContext } from "../../src/render/context.js";
import { documentLine, documentOf } from "../../src/render/downloads/json.js";
import {
  DICTIONARY_COLUMNS,
  PARQUET_CODEC,
  PARQUET_COMPRESSORS,
  PARQUET_CREATED_BY,
  ParquetSink,
  parquetSchema,
} from "../../src/render/downloads/parquet.js";
import { type ExportRow, evidenceText, exportRows } from "../../src/render/downloads/rows.js";
import { groupState } from "../../src/render/group.js";
import { summarise } from "../../src/render/summary.js";
import { Checker } from "../../src/render/validate.js";
import { SAMPLE_BUILD, sampleRecords, tempDir } from "../helpers/sample-site.js";

/** A row as one object of typed cells: what the Parquet download was written from before it shredded rows itself. */
function cells(row: ExportRow): Record<string, unknown> {
  const { clinic: c, record: r } = row;
  const located = c.coordinates !== null;
  return {
    id: c.id,
    name: c.name,
    network: c.network,
    address: c.address,
    neighborhood: c.neighborhood,
    latitude: located ? r.latitude : null,
    longitude: located ? r.longitude : null,
    coordinates: c.coordinates,
    phone: c.phone,
    timezone: c.hours?.timezone ?? null,
    hours: c.hours,
    services: c.services,
    insurance: c.insurance,
    rating: c.rating,
    reviews_count: c.reviews_count,
    website: c.website,
    url: c.url,
    state: row.state.slug,
    state_code: row.state.code,
    state_name: row.state.name,
    city: row.city.slug,
    city_name: row.city.name,
    coordinates_source: c.coordinates_source,
    street: r.street,
    zip: r.zip,
    record_date: r.date,
    source_ids: r.source_ids,
    network_evidence: evidenceText(r),
    npi: c.npi,
    sources: r.sources,
    kind: c.kind,
    evidence_level: c.evidence_level,
    evidence: JSON.stringify(r.evidence),
  };
}

describe("the downloads' fast paths", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  const rows: ExportRow[] = [];

  beforeAll(async () => {
    tmp = await tempDir();
    // The rows as the downloads take them: each state's clinics grouped as the render groups them.
    const dataset = fromRecords(sampleRecords());
    const summary = await summarise(dataset, new Checker());
    const ctx = createContext(dataset, SAMPLE_BUILD);
    for (const state of summary.states) {
      const group = groupState(ctx, state, await dataset.clinics.load(state.state.code));
      rows.push(...group.cities.flatMap(exportRows));
    }
  }, 60_000);
  afterAll(() => tmp.cleanup());

  it("a JSON line is the merged document serialised", () => {
    expect(rows.length).toBeGreaterThan(8000);
    const differ = rows.filter((r) => documentLine(r) !== JSON.stringify(documentOf(r)));
    expect(differ.map((r) => r.clinic.id)).toEqual([]);
  });

  it("the Parquet file is what ParquetWriter.write writes from row objects", () => {
    const metadata = [{ key: "license", value: "CC-BY-4.0" }];
    const ours = join(tmp.dir, "ours.parquet");
    const sink = new ParquetSink(ours, metadata);
    for (let i = 0; i < rows.length; i += 1000) sink.append(rows.slice(i, i + 1000));
    expect(sink.close()).toBe(rows.length);

    const theirs = join(tmp.dir, "theirs.parquet");
    const writer = new ParquetWriter({
      writer: fileWriter(theirs),
      schema: parquetSchema(),
      codec: PARQUET_CODEC,
      compressors: PARQUET_COMPRESSORS,
      kvMetadata: metadata,
      createdBy: PARQUET_CREATED_BY,
    });
    const values = rows.map(cells);
    writer.write({
      columnData: CANONICAL_COLUMNS.map((name) => ({
        name,
        data: values.map((v) => v[name]),
        ...(DICTIONARY_COLUMNS.has(name) ? { encoding: "RLE_DICTIONARY" as const } : {}),
      })),
      rowGroupSize: values.length,
    });
    writer.finish();
    expect(readFileSync(ours).equals(readFileSync(theirs))).toBe(true);
  });
});
