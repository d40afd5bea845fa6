// Every name gets a slug, whatever its script; what `build` would refuse, `validate` reports by file, row and field.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { toSlug } from "../../packages/sdk/src/slug.js";
import { slugify } from "../../src/util/slug.js";
import { ucd } from "../helpers/cli.js";
import { scratch } from "./helpers.js";

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

const HEADER = "id,name,network,state_code,city,city_name,latitude,longitude,record_date";
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe("slugs for every script", () => {
  test("networks named in Chinese or Arabic and a city slug `zürich` are published; validate names the slug it repaired", async () => {
    const file = await tmp.file(
      "export.csv",
      [
        HEADER,
        "c1,Jizhen Clinic,急诊中心,AL,birmingham,Birmingham,33.5186,-86.8104,2026-09-01",
        "c2,Markaz Clinic,مركز الرعاية العاجلة,AL,birmingham,Birmingham,33.52,-86.81,2026-09-01",
        "c3,Lake Clinic,,AL,zürich,Zürich,33.40,-86.95,2026-09-01",
      ].join("\n"),
    );
    const checked = await ucd("validate", "--input", file);
    expect(checked.code).toBe(0);
    expect(checked.out).toContain(`${file}:4:city_slug: invalid_city_slug: "zürich" is not a slug`);

    const out = join(tmp.dir, "public");
    const built = await ucd("build", "--input", file, "--out", out, "--compression", "fast");
    expect(built.err).not.toContain("refusing output path");
    expect(built.code).toBe(0);
    const { networks } = JSON.parse(await readFile(join(out, "api/v1/networks.json"), "utf8")) as {
      networks: { name: string; slug: string }[];
    };
    expect(networks.map((n) => n.name).sort()).toEqual(["مركز الرعاية العاجلة", "急诊中心"].sort());
    for (const n of networks) {
      expect(n.slug).toMatch(SLUG);
      // The SDK finds a network by its name: it makes the same slug.
      expect(toSlug(n.name)).toBe(n.slug);
      expect(existsSync(join(out, `networks/${n.slug}/index.html`))).toBe(true);
      expect(existsSync(join(out, `api/v1/networks/${n.slug}.json`))).toBe(true);
    }
    expect(existsSync(join(out, "api/v1/clinics/alabama/zurich.json"))).toBe(true);
  });

  test("two networks whose names make one slug: validate and build name the file, row and field", async () => {
    const file = await tmp.file(
      "clash.csv",
      [
        HEADER,
        "d1,One Clinic,Acme Care+,AL,birmingham,Birmingham,33.5186,-86.8104,2026-09-01",
        "d2,Two Clinic,Acme Care,AL,birmingham,Birmingham,33.52,-86.81,2026-09-01",
      ].join("\n"),
    );
    const line = `${file}:3:network: network_slug_clash: network "Acme Care" would have the address /networks/acme-care of network "Acme Care+" (${file}:2)`;
    const checked = await ucd("validate", "--input", file);
    expect(checked.code).toBe(1);
    expect(checked.out).toContain(line);
    const built = await ucd("build", "--input", file, "--out", join(tmp.dir, "clash"));
    expect(built.code).toBe(1);
    expect(built.err).toContain(line);
  });

  test("any text: a slug (or nothing for blank text), stable under slugify, and the SDK's toSlug agrees", () => {
    for (const name of ["急诊中心", "مركز", "Straße Klinik", "+++", "Ωmega Care", "Clínica São José"])
      expect(slugify(name)).toMatch(SLUG);
    expect(slugify("Clínica São José")).toBe("clinica-sao-jose"); // spelled in ASCII: no tag
    expect(slugify("急诊中心")).not.toBe(slugify("急诊诊所"));
    expect(slugify("Straße Klinik")).toMatch(/^stra-e-klinik-[a-z0-9]{8}$/);
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 30 }), (text) => {
        const slug = slugify(text);
        expect(toSlug(text)).toBe(slug);
        if (text.trim() !== "" && slug === "") expect(text).toMatch(/^[\s\p{M}]*$/u);
        if (slug !== "") expect(slug).toMatch(SLUG);
        expect(slugify(slug)).toBe(slug);
      }),
      { numRuns: 500 },
    );
  });
});
