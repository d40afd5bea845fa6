// Impossible coordinates are never published, whatever the profile: hexadecimal read as a number, points at sea
// or at the poles given for clinics in Alabama, Alaska and Arizona.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isInState } from "../../src/geo/state-shapes.js";
import { normaliseCoordinates } from "../../src/ingest/normalise/coordinates.js";
import { decimalNumber, normaliseRating, normaliseReviewsCount } from "../../src/ingest/normalise/numbers.js";
import { ucd } from "../helpers/cli.js";
import { scratch } from "./helpers.js";

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

/** Our own export layout (the canonical profile, detected from its columns). */
const CANONICAL = [
  "id,name,state_code,city,city_name,latitude,longitude,zip,record_date",
  "a1,Hex Urgent Care,AL,birmingham,Birmingham,0x1F,-86.80,35203,2026-09-01",
  "a2,Gulf Urgent Care,AK,anchorage,Anchorage,0,5,99501,2026-09-01",
  "a3,Pole Urgent Care,AZ,phoenix,Phoenix,90,180,85004,2026-09-01",
  "a4,South Urgent Care,AL,mobile,Mobile,-90,-180,36602,2026-09-01",
  "a5,Desert Urgent Care,AZ,tucson,Tucson,32.2217,-110.9265,85701,2026-09-01",
].join("\n");

describe("coordinates of the canonical profile", () => {
  test("validate names every impossible point by file, row and field; build publishes none of them", async () => {
    const file = await tmp.file("export.csv", `${CANONICAL}\n`);
    const checked = await ucd("validate", "--input", file);
    expect(checked.out).toContain(
      `${file}:2:coordinates: coordinates_invalid: "0x1F", "-86.80" are not decimal numbers`,
    );
    for (const row of [3, 4, 5]) expect(checked.out).toContain(`${file}:${row}:coordinates: coordinates_`);
    expect(checked.out).not.toContain(`${file}:6:coordinates`);

    const out = join(tmp.dir, "public");
    const built = await ucd("build", "--input", file, "--out", out, "--compression", "fast");
    expect(built.code).toBe(0);
    const dir = join(out, "api/v1/clinic");
    const published = await Promise.all(
      (await readdir(dir))
        .filter((n) => n.endsWith(".json"))
        .map(async (n) => JSON.parse(await readFile(join(dir, n), "utf8")).clinic),
    );
    const points = Object.fromEntries(
      published.map((c: { name: string; coordinates: string | null }) => [c.name, c.coordinates]),
    );
    // Every clinic is still listed; only the valid point is published, and it lies in its state.
    expect(points).toEqual({
      "Hex Urgent Care": null,
      "Gulf Urgent Care": null,
      "Pole Urgent Care": null,
      "South Urgent Care": null,
      "Desert Urgent Care": "32.2217,-110.9265",
    });
    expect(isInState("AZ", 32.2217, -110.9265)).toBe(true);
  });

  test("only decimal numerals are numbers: not hexadecimal, binary, octal or Infinity", () => {
    for (const text of ["0x1F", "0b11", "0o17", "Infinity", "", " ", "1_000", "31h"])
      expect(decimalNumber(text)).toBeNaN();
    expect([" -86.80 ", "+31", "31.", ".5", "1e-7"].map(decimalNumber)).toEqual([-86.8, 31, 31, 0.5, 1e-7]);
    expect(normaliseCoordinates("0x1F", "-86.80").problem?.code).toBe("coordinates_invalid");
    expect(normaliseRating("0x4").value).toBeNull();
    expect(normaliseReviewsCount("0x10").value).toBeNull();
  });
});
