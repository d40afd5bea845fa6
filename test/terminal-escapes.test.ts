// Messages that quote an input file are printed on the operator's terminal: the file must not be able to act on it.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { printable } from "../src/util/printable.js";
import { ucd } from "./helpers/cli.js";
import { scratch } from "./ingest/helpers.js";

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

/** Clears the screen, retitles the window, rings the bell, turns text red (7- and 8-bit forms) and reverses it. */
const HOSTILE = "\x1b[2J\x1b]0;pwned\x07\x1b[31mRED\u009b32mGREEN\u202eDESREVER";
/** Anything a terminal acts on instead of showing (C0 but the line break, DEL, C1, bidi overrides). */
const UNSAFE = /(?!\n)[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

describe("control characters quoted from an input file", () => {
  test("are escaped in what validate and build print and in --report (unknown_profile, json_syntax)", async () => {
    const csv = await tmp.file("hostile.csv", `${HOSTILE},CITY\nA,Austin\n`);
    const ndjson = await tmp.file(
      "hostile.ndjson",
      `{"id":"a1","name":"A","state_code":"TX","city":"austin","city_name":"Austin"}\n{"name": ${HOSTILE}}\n`,
    );
    const report = join(tmp.dir, "report.json");
    const checked = await ucd("validate", "--input", csv, "--report", report);
    const lines = await ucd("validate", "--input", ndjson, "--profile", "canonical");
    const built = await ucd("build", "--input", csv, "--out", join(tmp.dir, "out"));
    expect(checked.out).toContain("unknown_profile");
    expect(lines.out).toContain("json_syntax");
    expect(built.code).toBe(1);
    for (const printed of [checked.out, checked.err, lines.out, lines.err, built.out, built.err])
      expect(printed).not.toMatch(UNSAFE);
    // Shown, escaped, rather than dropped: the operator sees what the file holds.
    expect(checked.out).toContain("\\x1b[2J\\x1b]0;pwned\\x07\\x1b[31mRED\\x9b32mGREEN\\u202eDESREVER");
    expect(lines.out).toContain("\\x1b[2J");
    const text = await readFile(report, "utf8");
    expect(JSON.parse(text).problems[0].message).not.toMatch(UNSAFE);
    expect(text).not.toMatch(UNSAFE);
  });

  test("printable() leaves printable text of any script alone", () => {
    expect(printable('Clínica "São José" — 急诊中心, مركز')).toBe('Clínica "São José" — 急诊中心, مركز');
    expect(printable("a\tb\nc\rd\x00e\x7f")).toBe("a\\tb\\nc\\rd\\x00e\\x7f");
  });
});
