// A release's CSV download edited the way a new week of a source differs from the last: a share of the clinics
// changed, in equal parts removed, renamed, given a new phone and newly opened (at a new address, without
// coordinates), with every id removed (a source carries none of ours). Deterministic: the clinics are chosen by a
// hash of their row, so the same input and share give the same edits.
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";

/** An RFC 4180 field, as our CSV download writes one (empty for null); kept here so the bench reads no build module. */
function csvField(value) {
  if (value === null) return "";
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Writes `to`: the CSV `from` (our canonical export) with `share` of its clinics edited, ids removed.
 * @returns the number of clinics removed, renamed, re-phoned and added.
 */
export async function editRelease(from, to, share) {
  const text = await readFile(from, "utf8");
  const columns = text.slice(0, text.indexOf("\r\n")).split(",");
  const rows = parse(text, { columns: true, bom: true });
  const pick = (i) => createHash("sha256").update(`edit-${i}`).digest().readUInt32BE(0) / 2 ** 32;
  const counts = { removed: 0, renamed: 0, rephoned: 0, added: 0 };
  const out = [];
  for (const [i, r] of rows.entries()) {
    const x = pick(i) / share; // < 1 for `share` of the rows, in four equal parts
    if (x >= 1) out.push(r);
    else if (x < 0.25) counts.removed++;
    else if (x < 0.5) {
      counts.renamed++;
      out.push({ ...r, name: `${r.name} (renamed)` });
    } else if (x < 0.75) {
      counts.rephoned++;
      const area = /^\(\d{3}\)/.exec(r.phone)?.[0] ?? "(802)";
      out.push({ ...r, phone: `${area} 555-01${String(i % 100).padStart(2, "0")}` });
    } else {
      counts.added++;
      out.push(r, {
        ...r,
        name: `Newly Opened Walk-In Clinic ${i}`,
        street: `${100 + i} Fresh Start Ave`,
        address: `${100 + i} Fresh Start Ave, ${r.city_name}, ${r.state_code}`,
        latitude: "",
        longitude: "",
        coordinates: "",
        phone: "",
        neighborhood: "",
      });
    }
  }
  const cell = (v) => csvField(v === undefined || v === "" ? null : v);
  const lines = out.map((r) => columns.map((c) => cell(c === "id" ? "" : r[c])).join(","));
  await writeFile(to, `${[columns.join(","), ...lines].join("\r\n")}\r\n`);
  return counts;
}
