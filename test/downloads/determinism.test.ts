import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromRecords } from "../../src/dataset/store.js";
import { renderSite } from "../../src/render/build.js";
import { sampleSite } from "../helpers/sample-build.js";
import { API_BUILD, smallRecords, tempDir } from "../helpers/sample-site.js";
import { manifestOf } from "../helpers/tree.js";

describe("bulk downloads are deterministic", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it("the same data gives byte-identical files; changed data changes every data file", async () => {
    const small = smallRecords();
    const a = join(tmp.dir, "a");
    const b = join(tmp.dir, "b");
    const changed = join(tmp.dir, "changed");
    await renderSite(fromRecords(small), a, API_BUILD);
    await renderSite(fromRecords(small), b, API_BUILD);
    await renderSite(
      fromRecords({
        ...small,
        clinics: small.clinics.map((c, i) => (i === 0 ? { ...c, name: `${c.name} East` } : c)),
      }),
      changed,
      API_BUILD,
    );
    const [ma, mb, mc] = await Promise.all([manifestOf(a), manifestOf(b), manifestOf(changed)]);
    for (const ext of ["csv", "json", "ndjson", "parquet"]) {
      const path = `downloads/urgent-care-clinics-${small.dataVersion}.${ext}`;
      expect(ma.get(path), path).toBeDefined();
      expect(mb.get(path), path).toBe(ma.get(path));
      expect(mc.get(path), path).not.toBe(ma.get(path));
    }
  });

  it("the Parquet footer names no version or time, only the writer", async () => {
    const body = await readFile(join(sampleSite(), "downloads/urgent-care-clinics-latest.parquet"));
    expect(body.subarray(-4).toString()).toBe("PAR1");
    expect(body.subarray(0, 4).toString()).toBe("PAR1");
    expect(body.includes("urgent-care-directory build (hyparquet-writer)")).toBe(true);
    expect(body.includes(new Date().toISOString().slice(0, 10))).toBe(false);
  });
});
