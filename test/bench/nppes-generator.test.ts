// The NPPES generator writes files as CMS does (header names, quoting, line ends, deactivated rows), and its ground
// truth says what an independent reader (DuckDB) finds in them.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateNppes } from "../../bench/nppes/generate-nppes.mjs";
import { duckdb, sqlPath } from "../downloads/helpers.js";
import { nppesBundle } from "../helpers/nppes.js";

type Bundle = Awaited<ReturnType<typeof nppesBundle>>;
let n: Bundle;
let db: Awaited<ReturnType<typeof duckdb>>;

beforeAll(async () => {
  [n, db] = await Promise.all([nppesBundle({ weekly: true, report: true }), duckdb()]);
  // Each file read once, by DuckDB's own CSV reader.
  const w = n.weekly as NonNullable<Bundle["weekly"]>;
  const r = n.report as NonNullable<Bundle["report"]>;
  const tables = {
    main: n.path(n.monthly.files.main),
    othername: n.path(n.monthly.files.othername),
    pl: n.path(n.monthly.files.pl),
    weekly: join(n.dir, "weekly", w.files.main),
    report: join(n.dir, "report", r.files.report),
  };
  for (const [name, path] of Object.entries(tables))
    await db.all(`CREATE TABLE ${name} AS SELECT * FROM ${csv(path)}`);
});
afterAll(async () => {
  db?.close();
  await n?.cleanup();
});

const SLOTS = Array.from({ length: 15 }, (_, i) => `"Healthcare Provider Taxonomy Code_${i + 1}"`).join(", ");
const URGENT_CARE_ROWS = `"Entity Type Code" = '2' AND ('261QU0200X' IN (${SLOTS}))`;
const csv = (path: string) => `read_csv(${sqlPath(path)}, header = true, all_varchar = true)`;
const cellsOf = (line: string) => line.slice(1, -1).split('","');

describe("NPPES generator", () => {
  it("writes the 330 columns of CMS's layout, every cell quoted, CRLF line ends", async () => {
    const text = await readFile(n.path(n.monthly.files.main), "latin1");
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.slice(0, -2).split("\r\n");
    expect(lines.some((l) => l.includes("\n"))).toBe(false); // no bare LF anywhere
    expect(lines).toHaveLength(n.monthly.counts.rows + 1);
    const header = cellsOf(lines[0] as string);
    expect(header).toHaveLength(330);
    // Positions from CMS's readme (Exhibit 2-1) and the files' own header.
    expect(header[0]).toBe("NPI");
    expect(header[4]).toBe("Provider Organization Name (Legal Business Name)");
    expect(header[11]).toBe("Provider Other Organization Name");
    expect(header[12]).toBe("Provider Other Organization Name Type Code");
    expect(header[28]).toBe("Provider First Line Business Practice Location Address");
    expect(header[33]).toBe("Provider Business Practice Location Address Country Code (If outside U.S.)");
    expect(header[37]).toBe("Last Update Date");
    expect(header[39]).toBe("NPI Deactivation Date");
    expect(header[41]).toBe("Provider Sex Code");
    expect(header[47]).toBe("Healthcare Provider Taxonomy Code_1");
    expect(header[106]).toBe("Healthcare Provider Primary Taxonomy Switch_15");
    expect(header[107]).toBe("Other Provider Identifier_1");
    expect(header[306]).toBe("Other Provider Identifier Issuer_50");
    expect(header.slice(307, 314)).toEqual([
      "Is Sole Proprietor",
      "Is Organization Subpart",
      "Parent Organization LBN",
      "Parent Organization TIN",
      "Authorized Official Name Prefix Text",
      "Authorized Official Name Suffix Text",
      "Authorized Official Credential Text",
    ]);
    expect(header[314]).toBe("Healthcare Provider Taxonomy Group_1");
    expect(header[329]).toBe("Certification Date");
    expect(await readFile(n.path(n.monthly.files.mainHeader), "latin1")).toBe(`${lines[0]}\r\n`);
    // Every cell of every line quoted, 330 of them, no quote inside a value.
    const quoted = /^"[^"]*"(,"[^"]*"){329}$/;
    expect(lines.filter((l) => !quoted.test(l))).toEqual([]);
    const pl = (await readFile(n.path(n.monthly.files.plHeader), "latin1")).split('","');
    expect(pl[2]).toBe("Provider Secondary Practice Location Address-  Address Line 2"); // two spaces, as CMS's
  });

  it("writes deactivated NPIs with only their NPI and deactivation date, as the monthly file does", async () => {
    const lines = (await readFile(n.path(n.monthly.files.main), "latin1")).split("\r\n").slice(1, -1);
    const deactivated = lines.map(cellsOf).filter((c) => c[39] !== "" && c[40] === "");
    expect(deactivated).toHaveLength(n.monthly.deactivated.total);
    for (const c of deactivated) {
      expect(c[0]).toMatch(/^[12]\d{9}$/);
      expect(c[39]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(c.filter((v, i) => i !== 0 && i !== 39 && v !== "")).toEqual([]);
    }
    // Reactivated ones keep both dates and every cell.
    const reactivated = lines.map(cellsOf).filter((c) => c[40] !== "");
    expect(reactivated).toHaveLength(n.monthly.counts.reactivated);
    for (const c of reactivated) expect(c[1]).toMatch(/^[12]$/);
  });

  it("matches DuckDB's count of urgent-care organisation rows and its NPIs, names and places", async () => {
    const main = "main";
    const [count] = await db.all(`SELECT count(*)::INTEGER AS n FROM ${main} WHERE ${URGENT_CARE_ROWS}`);
    expect(count?.n).toBe(n.monthly.filter.matched);
    const [lines] = await db.all(
      `SELECT count(*)::INTEGER AS n FROM ${main} WHERE ${SLOTS.split(", ")
        .map((s) => `${s} = '261QU0200X'`)
        .join(" OR ")}`,
    );
    expect(lines?.n).toBe(n.monthly.filter.candidates);
    // The clinics the truth lists are exactly the urgent-care organisations whose practice lies in the 50 states + DC.
    const rows = await db.all(
      `SELECT NPI AS npi, "Provider Organization Name (Legal Business Name)" AS legal,
        "Provider Other Organization Name" AS other, "Provider Other Organization Name Type Code" AS type,
        "Provider First Line Business Practice Location Address" AS street,
        "Provider Business Practice Location Address City Name" AS city,
        "Provider Business Practice Location Address State Name" AS state,
        "Provider Business Practice Location Address Postal Code" AS postal,
        "Provider Business Practice Location Address Telephone Number" AS phone, "Last Update Date" AS updated
       FROM ${main} WHERE ${URGENT_CARE_ROWS}
        AND "Provider Business Practice Location Address Country Code (If outside U.S.)" = 'US'
        AND "Provider Business Practice Location Address State Name" NOT IN ('PR', 'GU', 'VI', 'AS', 'MP')
       ORDER BY NPI`,
    );
    const others = await db.all(
      `SELECT NPI AS npi, "Provider Other Organization Name" AS name FROM othername
       WHERE "Provider Other Organization Name Type Code" = '3'`,
    );
    const dbaOf = new Map(others.map((o) => [o.npi, o.name]));
    // The organisations of other kinds (billing offices, hospitals, …) carry the code too: the truth lists them apart.
    const otherKinds = new Set<unknown>(n.monthly.otherKinds.map((o) => o.npi));
    expect(rows.filter((r) => otherKinds.has(r.npi)).map((r) => r.npi)).toEqual([...otherKinds].sort());
    const seen = rows
      .filter((r) => !otherKinds.has(r.npi))
      .map((r) => ({
        npi: r.npi,
        name: r.type === "3" ? r.other : (dbaOf.get(r.npi) ?? r.legal),
        street: r.street,
        city: r.city,
        state: r.state,
        zip5: String(r.postal).slice(0, 5),
        phone: r.phone === "" ? null : r.phone,
        lastUpdate: String(r.updated).replace(/^(\d\d)\/(\d\d)\/(\d{4})$/, "$3-$1-$2"),
      }));
    const expected = n.monthly.clinics.map((c) => ({
      npi: c.npi,
      name: c.name,
      street: c.street,
      city: c.city,
      state: c.state,
      zip5: c.zip5,
      phone: c.phone,
      lastUpdate: c.lastUpdate,
    }));
    expect(seen).toEqual(expected);
    // The cases the importer must tell apart are all there.
    const sources = new Set(n.monthly.clinics.map((c) => c.nameSource));
    expect([...sources].sort()).toEqual(["dba", "dba_othername", "legal"]);
    expect(n.monthly.clinics.some((c) => c.urgentCareSlot > 1 && c.primaryTaxonomy !== "261QU0200X")).toBe(
      true,
    );
    expect(n.monthly.clinics.some((c) => c.secondary.length > 0)).toBe(true);
    expect(n.monthly.clinics.some((c) => c.postalCode.length === 9)).toBe(true);
    expect(n.monthly.clinics.some((c) => c.postalCode.length === 5)).toBe(true);
    expect(n.monthly.subpartGroups.length).toBeGreaterThan(0);
    expect(n.monthly.excluded.individual.length).toBeGreaterThan(0);
    expect(n.monthly.excluded.territory.length).toBeGreaterThan(0);
    expect(n.monthly.excluded.outsideUs.length).toBeGreaterThan(0);
    // No phone that could ring anyone.
    expect(n.monthly.clinics.every((c) => c.phone === null || /^[2-9]\d\d5550(1\d\d)$/.test(c.phone))).toBe(
      true,
    );
  });

  it("lists secondary locations in pl_pfile and subparts of one clinic at one address and phone", async () => {
    const pl = await db.all(`SELECT NPI AS npi, count(*)::INTEGER AS n FROM pl GROUP BY NPI`);
    const byNpi = new Map(pl.map((r) => [r.npi, r.n]));
    for (const c of n.monthly.clinics) expect(byNpi.get(c.npi) ?? 0).toBe(c.secondary.length);
    for (const g of n.monthly.subpartGroups) {
      const members = n.monthly.clinics.filter((c) => g.npis.includes(c.npi));
      expect(members).toHaveLength(g.npis.length);
      expect(new Set(members.map((c) => `${c.street}|${c.zip5}|${c.phone}`)).size).toBe(1);
      expect(members.every((c) => c.subpart && c.parentLbn === g.parentLbn)).toBe(true);
    }
  });

  it("writes a weekly file of changed NPIs and a deactivation report consistent with its truth", async () => {
    const w = n.weekly;
    const r = n.report;
    if (!w || !r) throw new Error("weekly and report expected");
    const [count] = await db.all(`SELECT count(*)::INTEGER AS n FROM weekly WHERE ${URGENT_CARE_ROWS}`);
    expect(count?.n).toBe(w.filter.matched);
    const byNpi = async (npi: string) =>
      (await db.all(`SELECT * FROM weekly WHERE NPI = '${npi}'`))[0] as Record<string, string> | undefined;
    for (const gone of w.weekly.removed) {
      const row = await byNpi(gone.npi);
      if (gone.reason === "deactivated") {
        // DuckDB reads an empty quoted cell as NULL.
        expect(row?.["NPI Deactivation Date"]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        expect(row?.["Entity Type Code"]).toBeNull();
      } else expect(Object.values(row ?? {})).not.toContain("261QU0200X");
    }
    for (const c of w.weekly.added) expect((await byNpi(c.npi))?.["Entity Type Code"]).toBe("2");
    const after = new Set(w.clinics.map((c) => c.npi));
    expect(w.weekly.removed.every((x) => !after.has(x.npi))).toBe(true);
    expect(w.weekly.added.every((c) => after.has(c.npi))).toBe(true);
    expect(w.clinics).toHaveLength(
      n.monthly.clinics.length - w.weekly.removed.length + w.weekly.added.length,
    );
    // The report lists every deactivated NPI, the week's included.
    const report = await db.all("SELECT * FROM report");
    expect(Object.keys(report[0] ?? {})).toEqual(["NPI", "NPPES Deactivation Date"]);
    expect(report).toHaveLength(r.total);
    const listed = new Set(report.map((x) => x.NPI));
    for (const x of [...r.urgentCare, ...w.weekly.removed.filter((x) => x.reason === "deactivated")])
      expect(listed.has(x.npi)).toBe(true);
  });

  it("writes the same bytes for the same options", async () => {
    const again = await nppesBundle();
    try {
      const hash = async (path: string) =>
        createHash("sha256")
          .update(await readFile(path))
          .digest("hex");
      const zip = n.monthly.files.bundle as string;
      expect(await hash(again.path(zip))).toBe(await hash(n.path(zip)));
      expect(again.monthly).toEqual(n.monthly);
    } finally {
      await again.cleanup();
    }
  });

  it("refuses options it cannot honour", async () => {
    await expect(generateNppes({ out: n.dir, rows: 3000, urgentCare: 5 })).rejects.toThrow(/at least 20/);
    await expect(generateNppes({ out: n.dir, rows: 100, urgentCare: 120 })).rejects.toThrow(/cannot hold/);
  });
});
