import { beforeAll, describe, expect, test } from "vitest";
import { collectClinics } from "../../src/dataset/store.js";
import type { ClinicRecord, FlatDataset } from "../../src/dataset/types.js";
import { type ImportResult, importFiles } from "../../src/ingest/import.js";
import { HIFLD_FIXTURE } from "./helpers.js";

let result: ImportResult;
let data: FlatDataset;
const byName = (name: string): ClinicRecord | undefined => data.clinics.find((c) => c.name === name);
const problemsAt = (row: number) => result.log.problems.filter((p) => p.row === row).map((p) => p.code);

beforeAll(async () => {
  result = await importFiles({ inputs: [HIFLD_FIXTURE] });
  if (!result.dataset) throw new Error("fixture did not import");
  data = { ...result.dataset, clinics: await collectClinics(result.dataset.clinics) };
  await result.dataset.clinics.dispose();
});

describe("HIFLD fixture import", () => {
  test("is real data with honest figures: read = published + rejected + merged", () => {
    expect(data.source.synthetic).toBe(false);
    expect(data.source.name).toBe("HIFLD Urgent Care Facilities");
    expect(data.source.files).toEqual([
      { name: "hifld-sample.csv", format: "csv", records: 32, date: "2023-06-12" },
    ]);
    const rejected = Object.values(data.report.rejected).reduce((a, b) => a + b, 0);
    const merged = Object.values(data.report.merged).reduce((a, b) => a + b, 0);
    expect(data.report.read).toBe(32);
    expect(data.clinics.length + rejected + merged).toBe(32);
    expect(data.dataVersion).toBe("2023-06-12"); // newest CONTDATE/GEODATE
  });

  test("territories, a missing name and an unknown state are skipped and counted", () => {
    expect(data.report.rejected).toMatchObject({ out_of_scope_state: 2, missing_name: 1, invalid_state: 1 });
    expect(problemsAt(13)).toEqual(["out_of_scope_state"]);
    expect(data.clinics.some((c) => c.name.includes("San Juan") || c.name.includes("Guam"))).toBe(false);
  });

  test("proper case keeps suffixes, ordinals, Mc and O'", () => {
    const mcallen = byName("McAllen Family Urgent Care, PLLC");
    expect(mcallen?.address).toBe("1st Ave & 22nd St, #200, McAllen, TX 78501");
    expect(mcallen?.city).toBe("McAllen");
    expect(mcallen?.phone).toBeNull(); // "NOT AVAILABLE"
    expect(byName("O'Fallon Urgent Care Center")?.city).toBe("O'Fallon");
  });

  test("blank-as-space values are null and suites join the street", () => {
    const frisco = byName("CareNow Urgent Care - Frisco");
    expect(frisco?.address).toBe("5858 Preston Rd, Ste 100, Frisco, TX 75034");
    expect(byName("Concentra Urgent Care")?.address).toBe("1234 N Lamar Blvd, Austin, TX 78703");
    expect(data.clinics.every((c) => c.website === null && c.hours === null)).toBe(true);
  });

  test("networks come from the dictionary within the brand's footprint, never from a name pattern alone", () => {
    expect(byName("CareNow Urgent Care - Frisco")?.network).toBe("CareNow");
    expect(byName("MedExpress Urgent Care")?.network).toBe("MedExpress");
    // "Rapidcare - …" names three clinics in two cities of OK, and nothing else says they are one network.
    expect(byName("Rapidcare - Edmond")?.network).toBeNull();
    expect(byName("Smith Family Clinic - Downtown")?.network).toBeNull();
    expect(byName("Hill Country Urgent Care")?.network).toBeNull();
  });

  test("duplicates merge by source id, by name and address, and by phone nearby, keeping provenance", () => {
    expect(data.report.merged).toEqual({ same_source_id: 1, same_name_address: 1, same_phone_nearby: 1 });
    expect(byName("CareNow Urgent Care - Frisco")?.provenance).toEqual([
      `${HIFLD_FIXTURE}:2`,
      `${HIFLD_FIXTURE}:3`,
    ]);
    expect(byName("Concentra Urgent Care")?.provenance).toHaveLength(2);
    expect(byName("MedExpress Urgent Care")?.provenance).toEqual([
      `${HIFLD_FIXTURE}:11`,
      `${HIFLD_FIXTURE}:12`,
    ]);
  });

  test("an adult and a paediatric clinic at one address with one phone stay two", () => {
    const adult = byName("Mercy Urgent Care");
    const kids = byName("Mercy Kids Urgent Care");
    expect(adult && kids).toBeTruthy();
    expect(adult?.id).not.toBe(kids?.id);
  });

  test("a chain phone shared by sites far apart merges nothing", () => {
    const sites = data.clinics.filter((c) => c.network === "Patient First");
    expect(sites).toHaveLength(3);
    expect(new Set(sites.map((s) => s.phone))).toEqual(new Set(["(804) 555-0105"]));
  });

  test("a point in the wrong state loses its coordinates, is reported, and is placed at its ZIP (approximate)", () => {
    const prairie = byName("Prairie Walk-In Clinic");
    expect(prairie?.state).toBe("KS");
    expect(prairie?.coordinates_source).toBe("zip_centroid");
    expect(prairie?.latitude).toBeCloseTo(38.99, 1); // ZCTA 66204, Overland Park
    expect(problemsAt(15)).toEqual(["coordinates_outside_state"]);
    expect(data.report.repaired.coordinates_outside_state).toBe(1);
  });

  test("swapped X/Y is repaired when the swapped point lies in the state", () => {
    const hill = byName("Hill Country Urgent Care");
    expect([hill?.latitude, hill?.longitude]).toEqual([30.2747, -97.7404]);
    expect(problemsAt(16)).toEqual(["coordinates_swapped"]);
  });

  test("a missing state is taken from the coordinates", () => {
    expect(byName("Mile High Urgent Care")?.state).toBe("CO");
    expect(problemsAt(30)).toEqual(["state_from_coordinates"]);
  });

  test("cities: GeoNames centre when known, mean of clinics otherwise; unplaceable records rejected", () => {
    const austin = data.cities.find((c) => c.state === "TX" && c.slug === "austin");
    expect(austin).toMatchObject({ name: "Austin", latitude: 30.26715, longitude: -97.74306 });
    const pine = data.cities.find((c) => c.slug === "pine-hollow");
    expect(pine).toMatchObject({ latitude: 30.312, longitude: -95.456 });
    expect(data.report.rejected.no_location).toBe(1);
    expect(byName("Denver Walk In Clinic")?.coordinates_source).toBe("zip_centroid"); // no X/Y: its ZIP's centre
    expect(data.cities.find((c) => c.slug === "st-louis")?.name).toBe("St. Louis");
  });

  test("ids are stable: the clinic's identity, whatever the source ids", async () => {
    const again = await importFiles({ inputs: [HIFLD_FIXTURE] });
    if (!again.dataset) throw new Error("fixture did not import");
    expect((await collectClinics(again.dataset.clinics)).map((c) => c.id)).toEqual(
      data.clinics.map((c) => c.id),
    );
    await again.dataset.clinics.dispose();
    expect(new Set(data.clinics.map((c) => c.id)).size).toBe(data.clinics.length);
  });

  test("phones, ZIPs and extensions", () => {
    expect(byName("Back Bay Urgent Care")?.address).toBe("100 Boylston St, Boston, MA 02116");
    expect(byName("O'Fallon Urgent Care Center")?.phone).toBe("(636) 555-0114");
    expect(byName("St. Louis Children's After Hours")?.phone).toBeNull();
    expect(data.report.repaired).toMatchObject({ phone_extension_dropped: 1, invalid_phone: 1 });
  });
});
