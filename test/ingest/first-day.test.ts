// An operator's first day with real files (issue 40): what a re-saved, pipe-delimited or mapped file gives.
import { readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SERVE_OPTIONS } from "@urgent-care-directory/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "../../src/cli/args.js";
import { BUILD_OPTIONS } from "../../src/cli/commands/build.js";
import { collectClinics } from "../../src/dataset/store.js";
import type { ClinicRecord } from "../../src/dataset/types.js";
import { importFiles } from "../../src/ingest/import.js";
import { parseFields } from "../../src/ingest/readers/csv-records.js";
import { ucd } from "../helpers/cli.js";
import { nppesBundle } from "../helpers/nppes.js";
import { pandasResave } from "../helpers/resave.js";
import { FIXTURES, scratch } from "./helpers.js";

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

interface Report {
  ok: boolean;
  files: { path: string; profile: string | null; profile_given: boolean | null; records: number }[];
  records: { read: number; published: number; rejected: number; merged: number; repaired: number } | null;
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

describe("a slice of the NPI registry re-saved by pandas is read as it was meant", () => {
  let n: Awaited<ReturnType<typeof nppesBundle>>;
  let resaved: string;
  beforeAll(async () => {
    n = await nppesBundle({ rows: 1000, urgentCare: 40, seed: 11 });
    const dir = join(tmp.dir, "resaved");
    await mkdir(dir);
    const files = n.monthly.files;
    for (const name of [files.main, files.othername, files.pl])
      await writeFile(join(dir, name), pandasResave(await readFile(n.path(name), "utf8")));
    resaved = join(dir, files.main);
  });
  afterAll(() => n?.cleanup());

  test("entity type 2.0, NPIs, ZIPs and phones as floats, ZIPs without their leading zero: the same clinics", async () => {
    const text = await readFile(resaved, "utf8");
    expect(text).toMatch(/^\d{10}(\.0)?,2\.0,/m); // what pandas wrote: an organisation's entity type as a float
    const before = await validate("--input", n.path(n.monthly.files.main));
    const after = await validate("--input", resaved);
    expect(after.code).toBe(0);
    expect(after.report.records).toEqual({
      ...before.report.records,
      repaired: after.report.records?.repaired,
    });
    const rejected = (r: Report) => r.summary.filter((s) => s.kind === "rejected");
    expect(rejected(after.report)).toEqual(rejected(before.report));
    expect(after.report.problems.map((p) => p.message).join("\n")).not.toMatch(/entity type 2\.0/);
    expect(count(after.report, "float_integer")).toBeGreaterThan(0);
    const repairs = after.report.problems.filter((p) => p.code === "float_integer");
    expect(new Set(repairs.map((p) => p.field))).toEqual(new Set(["zip", "phone"]));
  });
});

describe("with no matching row, the message says what the file holds and what to try", () => {
  let n: Awaited<ReturnType<typeof nppesBundle>>;
  beforeAll(async () => {
    n = await nppesBundle({ rows: 1000, urgentCare: 0, seed: 12 });
  });
  afterAll(() => n?.cleanup());

  test("rows read, organisations among them, their taxonomies most frequent first, and --taxonomy", async () => {
    const resaved = join(tmp.dir, "no-urgent", n.monthly.files.main);
    await mkdir(join(tmp.dir, "no-urgent"));
    await writeFile(resaved, pandasResave(await readFile(n.path(n.monthly.files.main), "utf8")));
    const r = await validate("--input", resaved);
    expect(r.code).toBe(1);
    const fatal = r.report.problems.filter((p) => p.kind === "fatal");
    expect(fatal).toHaveLength(1);
    expect(fatal[0]?.code).toBe("no_matching_rows");
    const orgs = n.monthly.counts.organisations.toLocaleString("en-US");
    const message = fatal[0]?.message as string;
    expect(message).toMatch(
      new RegExp(
        `^no organisation with the urgent care taxonomy \\(261QU0200X\\): 1,000 rows read, ${orgs} of them organisations, whose taxonomies are [0-9A-Z]{10} \\(\\d+\\), `,
      ),
    );
    const counts = [...message.matchAll(/[0-9A-Z]{9}X \((\d+)\)/g)].map((m) => Number(m[1]));
    expect(counts.length).toBeGreaterThan(2);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(message).toMatch(/\. Try --taxonomy with the code of the clinics you want/);
    expect(r.out).not.toContain("file_empty");
  });

  test("messages speak of the taxonomy asked for", async () => {
    const r = await validate("--input", n.path(n.monthly.files.main), "--taxonomy", "207Q00000X");
    const messages = r.report.problems.map((p) => p.message).join("\n");
    expect(messages).toContain("organisation(s) with the taxonomy 207Q00000X");
    expect(messages).not.toMatch(/urgent.care/i);
    const individual = r.report.problems.find((p) => p.code === "not_an_organisation");
    expect(individual?.message).toMatch(
      /^NPI \d{10} is an individual provider \(entity type 1\) with the taxonomy 207Q00000X/,
    );
  });
});

describe("a HIFLD export re-saved by pandas, and a spreadsheet's dates, read as they were meant", () => {
  const clinics = async (inputs: string[]) => {
    const { dataset, log } = await importFiles({ inputs });
    if (!dataset) throw new Error(JSON.stringify(log.problems.filter((p) => p.kind === "fatal")));
    const all = await collectClinics(dataset.clinics);
    await dataset.clinics.dispose();
    return { all, log };
  };

  test("IDs and ZIPs as floats, ZIPs without their zeros: the same clinics, every repair counted", async () => {
    const original = join(FIXTURES, "hifld-original.csv");
    const text = pandasResave(await readFile(original, "utf8"));
    expect(text).toMatch(/,BOSTON,MA,2114,/); // 02114 as pandas writes it
    const resaved = await tmp.file("hifld-pandas.csv", text);
    const before = await clinics([original]);
    const after = await clinics([resaved]);
    const view = (c: ClinicRecord) => [c.id, c.zip, c.phone, c.latitude, c.longitude, c.date];
    expect(after.all.map(view)).toEqual(before.all.map(view));
    const repaired = after.log.problems.filter((p) => p.code === "zip_leading_zero");
    expect(repaired.length).toBe(before.all.filter((c) => c.zip?.startsWith("0")).length);
  });

  test("dates as spreadsheets write them; an ID whose digits are lost is refused with row, field and reason", async () => {
    const csv = await tmp.file(
      "resaved-dates.csv",
      [
        "OBJECTID,ID,NAME,TELEPHONE,ADDRESS,ADDRESS2,CITY,STATE,ZIP,CONTDATE,GEODATE,NAICSCODE,X,Y",
        "1,1.00011E+07,MGH URGENT CARE,6175550101.0,100 CAMBRIDGE ST,,BOSTON,MA,2114.0,20-Jan-09,20-Jan-2009,621493,-71.0636,42.3612",
        '2,10001107.0,TLC WALK IN CLINIC,(214) 555-0102,1200 NC HIGHWAY 55,STE 4,APEX,NC,27502,20.01.2009,"Tuesday, January 20, 2009",621493,-78.8503,35.7327',
      ].join("\n"),
    );
    const { report } = await validate("--input", csv);
    expect(report.problems.filter((p) => p.code === "invalid_date")).toEqual([]);
    expect(report.problems.find((p) => p.code === "digits_lost")).toMatchObject({
      file: csv,
      row: 2,
      field: "source_id",
      kind: "repaired",
      message:
        '"1.00011E+07" is a number a spreadsheet wrote in scientific notation: its last digits are lost; dropped (export the column as text)',
    });
    expect(report.problems.filter((p) => p.code === "float_integer").map((p) => [p.row, p.field])).toEqual([
      [2, "zip"],
      [2, "phone"],
      [3, "source_id"],
    ]);
  });
});

describe("delimiters: the comma, the pipe, the semicolon and the tab are read; --delimiter for others", () => {
  /** The HIFLD fixture with another separator (its fields hold commas, so they are quoted where needed). */
  const withDelimiter = async (d: string) => {
    const lines = (await readFile(join(FIXTURES, "hifld-original.csv"), "utf8"))
      .split(/\r?\n/)
      .filter(Boolean);
    return lines
      .map((l) =>
        parseFields(l)
          .fields.map((f) => (f.includes(d) || f.includes('"') ? `"${f.replace(/"/g, '""')}"` : f))
          .join(d),
      )
      .join("\n");
  };

  test.each([
    ["pipe", "|", "hifld-pipe.csv"],
    ["semicolon", ";", "hifld-semicolon.csv"],
    ["tab", "\t", "hifld-tab.tsv"],
  ])("a %s-delimited HIFLD export reads as the comma one", async (name, d, file) => {
    const original = await validate("--input", join(FIXTURES, "hifld-original.csv"));
    const path = await tmp.file(file, await withDelimiter(d));
    const r = await validate("--input", path);
    expect(r.code).toBe(0);
    expect(r.report.records).toEqual(original.report.records);
    expect(r.report.files[0]?.profile).toBe("hifld");
    expect(r.report.problems.find((p) => p.code === "delimiter_detected")?.message).toBe(
      `fields are separated by ${name === "tab" ? "tab" : d}, read from the header (pass --delimiter to say otherwise)`,
    );
  });

  test("a header that reads as one column says the delimiter is the likely cause, and --delimiter reads it", async () => {
    const path = await tmp.file("hifld-colon.csv", await withDelimiter(":"));
    const r = await validate("--input", path);
    expect(r.code).toBe(1);
    const fatal = r.report.problems.find((p) => p.kind === "fatal");
    expect(fatal).toMatchObject({ file: path, row: 1, code: "one_column" });
    expect(fatal?.message).toMatch(
      /^the header reads as one column \("OBJECTID:ID:NAME:.*"\) with any of ",", "\|", ";", "tab" as delimiter: the fields are likely separated by another character\. Pass --delimiter/,
    );
    expect(fatal?.message).not.toContain("--profile");
    const read = await validate("--input", path, "--delimiter", ":");
    expect(read.code).toBe(0);
    expect(read.report.files[0]?.profile).toBe("hifld");
    expect((await ucd("validate", "--input", path, "--delimiter", "::")).code).toBe(2);
  });
});

describe("a profile per input", () => {
  const stateRows = [
    {
      Facility: "Alpha Urgent Care",
      Address: "1 Main St",
      City: "Austin",
      State: "TX",
      Zip: "78701",
      Phone: "512-555-0101",
      Web: "https://alpha.example.com/",
      Lat: 30.27,
      Lon: -97.74,
    },
    {
      Facility: "Beta Walk-In Clinic",
      Address: "9 Elm St",
      City: "Boston",
      State: "MA",
      Zip: "02116",
      Phone: "617-555-0102",
      Web: "",
      Lat: 42.35,
      Lon: -71.07,
    },
  ];
  const hifld = join(FIXTURES, "hifld-original.csv");

  test("--input state.json --profile state-map.json --input hifld.csv: each input its own, named in the report", async () => {
    const map = await tmp.file("per-input-map.json", JSON.stringify(STATE_MAP));
    const state = await tmp.file("state.json", JSON.stringify(stateRows));
    const r = await validate("--input", state, "--profile", map, "--input", hifld);
    expect(r.code).toBe(0);
    expect(r.report.files.map((f) => [f.path, f.profile, f.profile_given, f.records])).toEqual([
      [state, "state-list", true, 2],
      [hifld, "hifld", false, expect.any(Number)],
    ]);
    expect(r.out).toContain(`  ${state} (json): profile state-list (given), 2 record(s)`);
    expect(r.out).toMatch(
      new RegExp(
        `  ${hifld.replace(/[.]/g, "\\.")} \\(csv\\): profile hifld \\(detected from its columns\\), \\d+ record\\(s\\)`,
      ),
    );
  });

  test("a profile given after the wrong input is refused, naming the columns and where --profile applies", async () => {
    const map = await tmp.file("wrong-map.json", JSON.stringify(STATE_MAP));
    const state = await tmp.file("state2.json", JSON.stringify(stateRows));
    // The command of the issue: before, the mapping applied to both files, and HIFLD's clinics lost phones and points.
    const r = await validate("--input", state, "--input", hifld, "--profile", map);
    expect(r.code).toBe(1);
    const fatal = r.report.problems.filter((p) => p.kind === "fatal");
    expect(fatal.map((p) => [p.file, p.code])).toEqual([
      [state, "unknown_profile"],
      [hifld, "missing_columns"],
    ]);
    expect(fatal[1]?.message).toMatch(
      /^column\(s\) the mapping file state-list maps are not in this file: name \(Facility, required\), phone \(Phone\), website \(Web\), latitude \(Lat\), longitude \(Lon\) \(its columns: OBJECTID, ID, NAME, .*\)\. A --profile applies to the --input right before it/,
    );
  });

  test("a mapping file whose phone and coordinate columns the input lacks is refused, naming them", async () => {
    const map = await tmp.file("absent-map.json", JSON.stringify(STATE_MAP));
    const csv = await tmp.file(
      "no-phones.csv",
      "Facility,Address,City,State,Zip,Web\nAlpha Urgent Care,1 Main St,Austin,TX,78701,https://alpha.example.com/\n",
    );
    const r = await validate("--input", csv, "--profile", map);
    expect(r.code).toBe(1);
    expect(r.report.problems.find((p) => p.kind === "fatal")).toMatchObject({
      file: csv,
      code: "missing_columns",
      message: expect.stringMatching(
        /^column\(s\) the mapping file state-list maps are not in this file: phone \(Phone\), latitude \(Lat\), longitude \(Lon\) \(its columns: Facility, Address, City, State, Zip, Web\)\. A --profile applies/,
      ),
    });
  });

  test("one --profile before every --input applies to all of them; two there is bad usage", async () => {
    const a = await tmp.file("a.csv", await readFile(hifld, "utf8"));
    const r = await validate("--profile", "hifld", "--input", a, "--input", hifld);
    expect(r.report.files.map((f) => [f.profile, f.profile_given])).toEqual([
      ["hifld", true],
      ["hifld", true],
    ]);
    expect((await ucd("validate", "--profile", "hifld", "--profile", "canonical", "--input", a)).code).toBe(
      2,
    );
    expect((await ucd("validate", "--input", a, "--profile", "hifld", "--profile", "canonical")).code).toBe(
      2,
    );
  });
});

describe("every fatal message ends with what to try", () => {
  const IMPERATIVE = /^(?:check|pass|give|try|fix|run|use|extract|save|set|export|build|name|remove)\b/i;
  /** Whether a message ends with what to try: its last sentence, or that sentence's last clause, says to do something. */
  const endsWithNextStep = (m: string) => {
    const sentence = m.split(/\. (?=[A-Z])/).at(-1) ?? "";
    return IMPERATIVE.test(sentence) || IMPERATIVE.test(sentence.split(/: |; /).at(-1) ?? "");
  };

  const main = [
    '"NPI","Entity Type Code","Provider Organization Name (Legal Business Name)","Provider First Line Business Practice Location Address","Provider Business Practice Location Address City Name","Provider Business Practice Location Address State Name","Provider Business Practice Location Address Postal Code","Last Update Date","NPI Deactivation Date","Healthcare Provider Taxonomy Code_1"',
    '"1234567893","2","ACME CLINIC LLC","1 MAIN ST","AUSTIN","TX","78701","01/02/2025","","207Q00000X"',
  ].join("\n");
  const mapping = {
    name: "nets",
    source: "Nets",
    columns: {
      name: "Name",
      city: "City",
      state: "State",
      network: "Network",
      latitude: "Lat",
      longitude: "Lon",
    },
  };

  test.each<[string, () => Promise<string[]>]>([
    ["file_unreadable", async () => ["--input", join(tmp.dir, "no-such-file.csv")]],
    ["unknown_format", async () => ["--input", await tmp.file("clinics.xlsx", "x")]],
    [
      "file_empty",
      async () => [
        "--input",
        await tmp.file("header-only.csv", "NAME,CITY,STATE,X,Y\n"),
        "--profile",
        "hifld",
      ],
    ],
    ["file_empty", async () => ["--input", await tmp.file("empty-array.json", "[]")]],
    ["json_syntax", async () => ["--input", await tmp.file("cut.json", '[{"name": "A"')]],
    [
      "encoding_invalid",
      async () => [
        "--input",
        await tmp.file("latin1.csv", Buffer.from("NAME,CITY\nUrg\xe9nt,Austin\n", "latin1")),
      ],
    ],
    ["unknown_profile", async () => ["--input", await tmp.file("mystery.csv", "A,B,C\n1,2,3\n")]],
    [
      "missing_columns",
      async () => ["--input", await tmp.file("nocity.csv", "NAME,X\nA,1\n"), "--profile", "hifld"],
    ],
    ["one_column", async () => ["--input", await tmp.file("colon.csv", "NAME:CITY:STATE\nA:Austin:TX\n")]],
    [
      "no_matching_rows",
      async () => ["--input", await tmp.file("npidata_pfile_20050523-20250209.csv", main)],
    ],
    [
      "nothing_to_publish",
      async () => [
        "--input",
        await tmp.file("pr.csv", "NAME,CITY,STATE\nA,San Juan,PR\n"),
        "--profile",
        await tmp.file(
          "pr.json",
          JSON.stringify({
            name: "pr",
            source: "PR",
            columns: { name: "NAME", city: "CITY", state: "STATE" },
          }),
        ),
      ],
    ],
    [
      "network_slug_clash",
      async () => [
        "--input",
        await tmp.file(
          "nets.csv",
          "Name,City,State,Network,Lat,Lon\nA Clinic,Austin,TX,Acme Care+,30.27,-97.74\nB Clinic,Austin,TX,Acme Care,30.28,-97.74\n",
        ),
        "--profile",
        await tmp.file("nets.json", JSON.stringify(mapping)),
      ],
    ],
    [
      "nppes_companion_alone",
      async () => [
        "--input",
        await tmp.file(
          "pl_pfile_20050523-20250209.csv",
          '"NPI","Provider Secondary Practice Location Address- Address Line 1","Provider Secondary Practice Location Address - Postal Code"\n',
        ),
      ],
    ],
    [
      "update_without_release",
      async () => [
        "--input",
        await tmp.file("npidata_pfile_20250203-20250209.csv", main),
        "--out",
        join(tmp.dir, "no-release"),
      ],
    ],
  ])("%s", async (code, args) => {
    const r = await validate(...(await args()));
    const fatal = r.report.problems.filter((p) => p.kind === "fatal");
    expect(fatal.map((p) => p.code)).toContain(code);
    for (const p of fatal) expect(endsWithNextStep(p.message), `${p.code}: ${p.message}`).toBe(true);
  });
});

describe("docs: where each file comes from, and the first real release in five commands", () => {
  const ingest = readFileSync(join(import.meta.dirname, "../../docs/ingest.md"), "utf8");
  const section = (title: string) => {
    const start = ingest.indexOf(`## ${title}\n`);
    expect(start, title).toBeGreaterThan(-1);
    const end = ingest.indexOf("\n## ", start + 4);
    return ingest.slice(start, end < 0 ? undefined : end);
  };

  test("each source with its publisher's download page, its file names, how often it is updated and its licence", () => {
    const table = section("Where the files come from");
    for (const [source, page, file, cadence, licence] of [
      [
        "NPPES",
        "https://download.cms.gov/nppes/NPI_Files.html",
        "NPPES_Data_Dissemination_",
        "monthly",
        "public domain",
      ],
      ["HIFLD", "https://www.datalumos.org/", "Urgent_Care_Facilities.csv", "no longer", "public domain"],
      [
        "Overture",
        "https://docs.overturemaps.org/guides/places/",
        ".parquet",
        "monthly",
        "CDLA-Permissive-2.0",
      ],
      ["All The Places", "https://www.alltheplaces.xyz/", "output.zip", "weekly", "CC0-1.0"],
    ]) {
      const row = table.split("\n").find((l) => l.startsWith(`| **${source}`)) ?? "";
      expect(row, source).toContain(page);
      expect(row, source).toContain(file as string);
      expect(row, source).toContain(cadence as string);
      expect(row, source).toContain(licence as string);
    }
    const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");
    expect(readme).toContain("docs/ingest.md#your-first-real-release-in-five-commands");
    expect(readme).toContain("https://download.cms.gov/nppes/NPI_Files.html");
  });

  test("the runbook's commands read CMS's bundle, and its build and serve take the options they give", async () => {
    const block = /```sh\n([\s\S]*?)```/.exec(section("Your first real release in five commands"))?.[1] ?? "";
    const commands = block.trim().split("\n");
    expect(commands).toHaveLength(5);
    expect(commands[0]).toMatch(/^git clone .* && npm ci$/);
    expect(commands[1]).toContain("https://download.cms.gov/nppes/NPI_Files.html");
    // The download cannot run here: a generated bundle, named as CMS names it, stands in for it.
    const n = await nppesBundle({ rows: 1000, urgentCare: 30, seed: 13 });
    try {
      expect(n.monthly.files.bundle).toMatch(/^NPPES_Data_Dissemination_[A-Z][a-z]+_20\d\d\.zip$/);
      // In this process (its reference data is loaded already), the shell's glob and folder done by hand.
      const argv = (commands[2] as string)
        .replace(/^npx ucd /, "")
        .split(" ")
        .map((x) =>
          x === "NPPES_Data_Dissemination_*.zip"
            ? n.path(n.monthly.files.bundle as string)
            : x.endsWith(".json")
              ? join(n.dir, x)
              : x,
        );
      expect((await ucd(...argv)).code).toBe(0);
      expect(JSON.parse(await readFile(join(n.dir, "problems.json"), "utf8")).ok).toBe(true);
    } finally {
      await n.cleanup();
    }
    // Building a release with its site takes ~20 s: the CLI tests do that; here the commands' own strict parsers
    // check every option the runbook gives (an unknown or misspelt one is a usage error).
    const args = (command: string) =>
      command
        .replace(/^npx ucd \w+ /, "")
        .split(" ")
        .map((a) => a.replace("NPPES_Data_Dissemination_*.zip", "bundle.zip"));
    expect(commands[3]).toMatch(/^npx ucd build /);
    const build = parse(args(commands[3] as string), BUILD_OPTIONS);
    expect(build.values).toMatchObject({ input: ["bundle.zip"], out: "public" });
    expect(commands[4]).toMatch(/^npx ucd serve /);
    expect(parse(args(commands[4] as string), SERVE_OPTIONS, true).positionals).toEqual(["public"]);
  });
});
