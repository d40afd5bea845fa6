// The licence of what a release derives (issue 40): the time zones' ODbL notice travels with the data.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TIMEZONE_NOTICE } from "../src/geo/credits.js";
import { sampleSite } from "./helpers/sample-build.js";

describe("time zones from timezone-boundary-builder (ODbL) in a CC-BY-4.0 release", () => {
  it("the decision is written in the licence section of docs/api.md, with why Overture's ODbL places are refused", () => {
    const api = readFileSync(join(import.meta.dirname, "../docs/api.md"), "utf8");
    const start = api.indexOf("## Licence\n");
    expect(start).toBeGreaterThan(-1);
    const section = api.slice(start, api.indexOf("\n## ", start + 3)).replace(/\s+/g, " ");
    expect(section).toMatch(/\*\*Decision: a city's time zone is a Produced Work under ODbL 1\.0/);
    expect(section).toContain("Why Overture places under ODbL are refused");
    expect(section).toContain("Contains information from timezone-boundary-builder");
  });

  it("the §4.3 notice is in the downloads' LICENSE.txt and on the about page, in both languages", () => {
    expect(TIMEZONE_NOTICE).toBe(
      "Contains information from timezone-boundary-builder, which is made available here under the Open Database License (ODbL).",
    );
    const site = sampleSite();
    const licence = readFileSync(join(site, "downloads/LICENSE.txt"), "utf8");
    expect(licence).toContain(TIMEZONE_NOTICE);
    expect(licence).toContain("https://opendatacommons.org/licenses/odbl/1-0/");
    expect(licence).toMatch(
      /timezone-boundary-builder \(Evan Siroky and OpenStreetMap contributors.*ODbL-1\.0\)/,
    );
    for (const page of ["about/index.html", "es/about/index.html"]) {
      const html = readFileSync(join(site, page), "utf8");
      expect(html, page).toContain(`rel="license">${TIMEZONE_NOTICE}</a>`);
    }
    const index = JSON.parse(readFileSync(join(site, "api/v1/index.json"), "utf8"));
    expect(index.meta.source.upstream.map((u: { name: string }) => u.name)).toEqual([
      "GeoNames",
      "timezone-boundary-builder",
    ]);
  });
});
