// An operator's first day with real files (issue 40): what a re-saved, pipe-delimited or mapped file gives.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ucd } from "../helpers/cli.js";
import { scratch } from "./helpers.js";

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

interface Report {
  ok: boolean;
  files: { path: string; profile: string | null; records: number }[];
  summary: { code: string; kind: string; count: number }[];
  problems: { file: string; row: number; field: string; code: string; message: string; kind: string }[];
}

/** `ucd validate` with a report: its exit code, what it printed and the report. */
async function validate(
  ...args: string[]
): Promise<{ code: number; out: string; err: string; report: Report }> {
  const path = join(tmp.dir, `report-${Math.random().toString(36).slice(2)}.json`);
  const r = await ucd("validate", ...args, "--report", path);
  const report = JSON.parse(await readFile(path, "utf8").catch(() => "null")) as Report;
  return { ...r, report };
}

const count = (r: Report, code: string) => r.summary.find((s) => s.code === code)?.count ?? 0;

/** A mapping file for a state's list of clinics. */
const STATE_MAP = {
  name: "state-list",
  source: "State clinic list",
  columns: {
    name: "Facility",
    street: "Address",
    city: "City",
    state: "State",
    zip: "Zip",
    phone: "Phone",
    website: "Web",
    latitude: "Lat",
    longitude: "Lon",
  },
};

describe("web sites lose their tracking parameters, for every profile, counted as repairs", () => {
  test("a mapped export with utm_*, gclid, fbclid, mc_* and &amp; separators", async () => {
    const map = await tmp.file("state-map.json", JSON.stringify(STATE_MAP));
    const csv = await tmp.file(
      "state.csv",
      [
        "Facility,Address,City,State,Zip,Phone,Web,Lat,Lon",
        "Alpha Urgent Care,1 Main St,Austin,TX,78701,512-555-0101,https://alpha.example.com/?utm_source=gmb&amp;utm_medium=organic,30.27,-97.74",
        "Beta Urgent Care,2 Main St,Austin,TX,78701,512-555-0102,beta.example.com/austin?gclid=abc&page=2,30.28,-97.74",
        "Gamma Urgent Care,3 Main St,Austin,TX,78701,512-555-0103,https://gamma.example.com/#fbclid=x,30.29,-97.74",
        "Delta Urgent Care,4 Main St,Austin,TX,78701,512-555-0104,https://delta.example.com/?mc_cid=1&mc_eid=2,30.30,-97.74",
        "Epsilon Urgent Care,5 Main St,Austin,TX,78701,512-555-0105,https://epsilon.example.com/?ref=home,30.31,-97.74",
      ].join("\n"),
    );
    const { code, report } = await validate("--input", csv, "--profile", map);
    expect(code).toBe(0);
    expect(count(report, "tracking_removed")).toBe(4);
    const fixed = report.problems.filter((p) => p.code === "tracking_removed");
    expect(fixed.map((p) => [p.row, p.field, p.kind])).toEqual([
      [2, "website", "repaired"],
      [3, "website", "repaired"],
      [4, "website", "repaired"],
      [5, "website", "repaired"],
    ]);
    expect(fixed[0]?.message).toContain("utm_source, utm_medium removed");
  });
});

describe("a ZIP's own state comes from the ZIP table, not from where its centre falls", () => {
  test("82930, Evanston WY, whose ZCTA centre is in Utah, is placed, not 'outside its state'", async () => {
    const map = await tmp.file("zip-map.json", JSON.stringify(STATE_MAP));
    const csv = await tmp.file(
      "evanston.csv",
      [
        "Facility,Address,City,State,Zip,Phone,Web,Lat,Lon",
        "Bear River Urgent Care,190 Arrowhead Dr,Evanston,WY,82930,307-555-0101,,,",
        "Uinta Walk-In Clinic,1 Front St,Evanston,UT,82930,307-555-0102,,,",
      ].join("\n"),
    );
    const { report } = await validate("--input", csv, "--profile", map);
    const zipProblems = report.problems.filter((p) => p.field === "zip");
    expect(zipProblems).toEqual([
      expect.objectContaining({
        row: 3,
        code: "zip_outside_state",
        message: "ZIP 82930 is a ZIP of WY, not of UT: not used to place the clinic",
      }),
    ]);
  });
});
