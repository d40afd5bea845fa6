// The package as published and as deployed alone: manifest, bin, README, LICENSE, publint, attw, and tests
// that import nothing outside the package.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";
import { publint } from "publint";
import { beforeAll, describe, expect, it } from "vitest";
import { packTarball } from "./packed.js";

const dir = fileURLToPath(new URL("..", import.meta.url));
const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

/** Every import specifier of the TypeScript files under `folder`. */
function imports(folder: string): [string, string][] {
  const out: [string, string][] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const file = join(entry.parentPath, entry.name);
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/^(?:import|export)\b[^;]*?from\s+"([^"]+)"|\bimport\("([^"]+)"\)/gm))
      out.push([file, (m[1] ?? m[2]) as string]);
  }
  return out;
}

describe("@urgent-care-directory/server as a package", () => {
  let tarball: Uint8Array;
  beforeAll(() => {
    tarball = packTarball(dir);
  });

  it("has no runtime dependencies, a bin, a README with the command and the options, and an MIT LICENSE", () => {
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.bin["ucd-server"]).toBe("bin/ucd-server.js");
    expect(readFileSync(join(dir, "bin/ucd-server.js"), "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    expect(readme).toMatch(/ucd-server public/);
    for (const option of ["--port", "--workers", "--mode raw|node", "--hot-mib", "--no-watch"])
      expect(readme).toContain(option);
    expect(readFileSync(join(dir, "LICENSE"), "utf8")).toMatch(/^MIT License/);
    expect(manifest.license).toBe("MIT");
  });

  it("its source imports only node: built-ins and itself; its tests add only vitest, fast-check and the publishing checks", () => {
    for (const [file, spec] of imports(join(dir, "src")))
      expect(spec, file).toMatch(/^(node:[a-z_/]+|\.\/[a-z0-9-]+\.js)$/);
    for (const [file, spec] of imports(join(dir, "test")))
      expect(spec, file).toMatch(
        /^(node:[a-z0-9_/]+|\.\.?\/[a-z0-9/.-]+\.js|vitest|fast-check|publint|@arethetypeswrong\/core)$/,
      );
  });

  it("passes publint (strict)", async () => {
    const { messages } = await publint({ pkgDir: dir, strict: true, level: "suggestion" });
    expect(messages).toEqual([]);
  });

  it("passes Are the Types Wrong (@arethetypeswrong/core, what `attw --pack` runs), node10 resolution included", async () => {
    const analysis = await checkPackage(createPackageFromTarballData(tarball));
    expect(analysis.types).not.toBe(false);
    const problems = "problems" in analysis ? analysis.problems : [];
    // An ESM-only package is require()d from CommonJS only through import(): that one is expected.
    expect(problems.filter((p) => p.kind !== "CJSResolvesToESM")).toEqual([]);
  });
});
