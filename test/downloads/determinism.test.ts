import { describe, expect, it } from "vitest";
import { createContext } from "../../src/build/context.js";
import { renderDownloads } from "../../src/build/downloads/render.js";
import { groupDataset } from "../../src/build/model.js";
import { OutputTree } from "../../src/build/output.js";
import { Checker } from "../../src/build/validate.js";
import type { FlatDataset as Dataset } from "../../src/dataset/types.js";
import { SITE_URL, sampleRecords } from "../helpers/sample-site.js";

/** The downloads folder of a build of `dataset`, path → bytes. */
function downloads(dataset: Dataset): Map<string, Buffer> {
  const tree = new OutputTree();
  const check = new Checker();
  renderDownloads(createContext(dataset, { siteUrl: SITE_URL }), groupDataset(dataset), check, tree);
  check.throwIfAny();
  return new Map([...tree.files].map(([path, file]) => [path, file.body]));
}

describe("bulk downloads are deterministic", () => {
  it("two renders of the same data give byte-identical files; changed data changes every data file", () => {
    const sample = sampleRecords();
    const a = downloads(sample);
    const b = downloads(sample);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [path, body] of a) expect(body.equals(b.get(path) as Buffer), path).toBe(true);

    const changed = downloads({
      ...sample,
      clinics: sample.clinics.map((c, i) => (i === 0 ? { ...c, name: `${c.name} East` } : c)),
    });
    for (const ext of ["csv", "json", "ndjson", "parquet"]) {
      const path = `downloads/urgent-care-clinics-${sample.dataVersion}.${ext}`;
      expect(changed.get(path)?.equals(a.get(path) as Buffer), path).toBe(false);
    }
  });

  it("the Parquet footer names no version or time, only the writer", () => {
    const body = downloads(sampleRecords()).get("downloads/urgent-care-clinics-latest.parquet") as Buffer;
    expect(body.subarray(-4).toString()).toBe("PAR1");
    expect(body.subarray(0, 4).toString()).toBe("PAR1");
    expect(body.includes("urgent-care-directory build (hyparquet-writer)")).toBe(true);
    expect(body.includes(new Date().toISOString().slice(0, 10))).toBe(false);
  });
});
