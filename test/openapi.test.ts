import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleSite } from "./helpers/sample-build.js";
import { SITE_URL } from "./helpers/sample-site.js";

const run = promisify(execFile);

describe("the OpenAPI document", () => {
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked as plain JSON
  let doc: Record<string, any>;
  const file = join(sampleSite(), "api/openapi.json");

  beforeAll(async () => {
    doc = JSON.parse(await readFile(file, "utf8"));
  });

  it("is valid OpenAPI 3.0 (independent schema validator)", async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.0");
  });

  it("passes the Redocly linter's recommended rules", async () => {
    const redocly = join(process.cwd(), "node_modules/.bin/redocly");
    const { stdout, stderr } = await run(redocly, ["lint", file, "--format", "stylish"]).catch((e) => {
      throw new Error(`redocly lint failed:\n${e.stdout}\n${e.stderr}`);
    });
    expect(`${stdout}${stderr}`).not.toMatch(/error/i);
  });

  it("declares version 1.0.0, servers ending in /api/v1 and every path with 200 and 404", () => {
    expect(doc.openapi).toBe("3.0.3");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.servers[0].url).toBe(`${SITE_URL}/api/v1`);
    const paths = [
      "/index.json",
      "/stats.json",
      "/states.json",
      "/cities.json",
      "/cities/{state}.json",
      "/clinics/{state}/{city}.json",
      "/networks.json",
    ];
    for (const p of paths) {
      expect(doc.paths[p]?.get?.responses?.["200"], p).toBeDefined();
      expect(doc.paths[p]?.get?.responses?.["404"], p).toBeDefined();
    }
    for (const name of [
      "Clinic",
      "ClinicsByCity",
      "CitiesList",
      "CitiesByState",
      "StatesList",
      "NetworksList",
      "Stats",
      "IndexDocument",
      "Error",
    ]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
  });

  it("describes every Clinic field as the spec's table does", () => {
    const clinic = doc.components.schemas.Clinic;
    const nullable = [
      "network",
      "address",
      "neighborhood",
      "coordinates",
      "phone",
      "hours",
      "rating",
      "reviews_count",
      "website",
    ];
    for (const f of nullable) expect(clinic.properties[f].nullable, f).toBe(true);
    for (const f of ["id", "name", "url", "services", "insurance"])
      expect(clinic.properties[f].nullable, f).toBeUndefined();
    expect(clinic.properties.reviews_count.type).toBe("integer");
    expect(clinic.properties.website.format).toBe("uri");
    expect(clinic.properties.url.format).toBe("uri");
    expect(clinic.required).toEqual(Object.keys(clinic.properties));
  });
});
