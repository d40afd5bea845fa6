// The package as published: manifest, publint, attw, browser bundle size, and the generated types' drift check.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";
import { build } from "esbuild";
import { publint } from "publint";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleSite } from "../../../test/helpers/sample-build.js";
import { packTarball } from "../../server/test/packed.js";

const sdkDir = resolve(import.meta.dirname, "..");
const repoDir = resolve(sdkDir, "../..");
const manifest = JSON.parse(readFileSync(join(sdkDir, "package.json"), "utf8"));

/**
 * Most bytes the minified, gzipped browser bundle of the whole SDK may take ("a few KB"): 8 KB until `nearest`'s
 * `openFirst` (8,227 B with it, docs/sdk.md).
 */
export const BUNDLE_BUDGET_BYTES = 8.5 * 1024;
/** Most bytes the search alone (`@urgent-care-directory/sdk/search`) may take in a page's bundle. */
export const SEARCH_BUDGET_BYTES = 4 * 1024;

let tarball: Uint8Array;
beforeAll(() => {
  // publint and attw read dist/: compile it from the current source first, then pack.
  const tsc = spawnSync(process.execPath, [join(repoDir, "node_modules/typescript/bin/tsc"), "-b", sdkDir], {
    encoding: "utf8",
  });
  expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
  tarball = packTarball(sdkDir);
});

describe("package manifest", () => {
  it("has no runtime dependencies and the fields a published ESM package needs", () => {
    expect(manifest.name).toBe("@urgent-care-directory/sdk");
    expect(manifest.license).toBe("MIT");
    expect(manifest.type).toBe("module");
    expect(manifest.sideEffects).toBe(false);
    expect(manifest.engines.node).toBe(">=20");
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.peerDependencies).toBeUndefined();
    expect(Object.keys(manifest.exports["."])[0]).toBe("types");
    expect(manifest.files).toContain("dist");
    expect(manifest.bin["ucd-sdk"]).toBe("bin/ucd-sdk.js");
    expect(readFileSync(join(sdkDir, "LICENSE"), "utf8")).toMatch(/^MIT License/);
  });

  it("the library (everything but the CLI) imports nothing but itself: no node: modules, no packages", () => {
    const files = readdirSync(join(sdkDir, "src")).filter((f) => f.endsWith(".ts") && f !== "cli.ts");
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const source = readFileSync(join(sdkDir, "src", f), "utf8");
      // Statements only (not the `import` lines of JSDoc examples), plus any dynamic import().
      for (const [, spec] of source.matchAll(
        /^(?:import|export)\b[^;]*?from\s+"([^"]+)"|\bimport\("([^"]+)"\)/gm,
      )) {
        expect(spec, `${f} imports ${spec}`).toMatch(/^\.\/[a-z0-9.-]+\.js$/);
      }
      expect(source, f).not.toMatch(/\bprocess\.|\bBuffer\b|\brequire\(/);
    }
  });
});

describe("the ucd-sdk bin", () => {
  it("runs from the committed bin file: --help exits 0, no command exits 2", () => {
    const help = spawnSync(process.execPath, [join(sdkDir, "bin/ucd-sdk.js"), "--help"], {
      encoding: "utf8",
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Usage: ucd-sdk <command>");
    const none = spawnSync(process.execPath, [join(sdkDir, "bin/ucd-sdk.js")], { encoding: "utf8" });
    expect(none.status).toBe(2);
    expect(readFileSync(join(sdkDir, "bin/ucd-sdk.js"), "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
  });
});

describe("publishing checks", () => {
  it("passes publint (strict)", async () => {
    const { messages } = await publint({ pkgDir: sdkDir, strict: true, level: "suggestion" });
    expect(messages).toEqual([]);
  });

  // ESM-only on purpose: like `attw --pack --profile esm-only`, the node10 and node16-from-CJS resolutions are
  // ignored (there an ESM-only package is expected to need `import()`); every other resolution must be clean.
  it("passes Are the Types Wrong (@arethetypeswrong/core, what `attw --pack` runs) with the esm-only profile", async () => {
    const analysis = await checkPackage(createPackageFromTarballData(tarball));
    expect(analysis.types).not.toBe(false);
    const problems = "problems" in analysis ? analysis.problems : [];
    const counted = problems.filter(
      (p) => !("resolutionKind" in p) || (p.resolutionKind !== "node10" && p.resolutionKind !== "node16-cjs"),
    );
    expect(counted).toEqual([]);
  });
});

async function bundleSize(entry: string): Promise<{ minified: number; gzipped: number }> {
  const result = await build({
    entryPoints: [join(sdkDir, entry)],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser", // fails the build on any node: import
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.contents as Uint8Array;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

describe("browser bundle", () => {
  it(`of the search alone is under ${SEARCH_BUDGET_BYTES} bytes minified + gzipped`, async () => {
    const { minified, gzipped } = await bundleSize("src/search.ts");
    console.log(`sdk/search browser bundle: ${minified} B minified, ${gzipped} B minified+gzipped`);
    expect(gzipped).toBeLessThan(SEARCH_BUDGET_BYTES);
    expect(manifest.exports["./search"]).toEqual({
      types: "./dist/search.d.ts",
      default: "./dist/search.js",
    });
  });

  it(`is small: minified + gzipped under ${BUNDLE_BUDGET_BYTES} bytes, with no Node built-ins`, async () => {
    const result = await build({
      entryPoints: [join(sdkDir, "src/index.ts")],
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser", // fails the build on any node: import
      target: "es2022",
      write: false,
      logLevel: "silent",
    });
    const code = result.outputFiles[0]?.contents as Uint8Array;
    const gzipped = gzipSync(code, { level: 9 }).length;
    console.log(`sdk browser bundle: ${code.length} B minified, ${gzipped} B minified+gzipped`);
    expect(gzipped).toBeLessThan(BUNDLE_BUDGET_BYTES);
    expect(gzipped).toBeGreaterThan(1000); // the whole client really is in it
  });
});

describe("generated types (src/openapi.generated.ts)", () => {
  const openapi = join(sampleSite(), "api/openapi.json");

  const check = (input: string) =>
    spawnSync(process.execPath, [join(sdkDir, "scripts/types.mjs"), "--check", "--input", input], {
      encoding: "utf8",
    });

  it("match the openapi.json of the current build (`npm run types:check`)", () => {
    const r = check(openapi);
    expect(r.status, r.stdout + r.stderr).toBe(0);
  });

  it("--check fails when the document drifts", () => {
    const doc = JSON.parse(readFileSync(openapi, "utf8"));
    doc.components.schemas.Clinic.properties.wait_minutes = { type: "integer", nullable: true };
    const dir = mkdtempSync(join(tmpdir(), "ucd-sdk-drift-"));
    const drifted = join(dir, "drifted.json");
    writeFileSync(drifted, JSON.stringify(doc));
    const r = check(drifted);
    rmSync(dir, { recursive: true, force: true });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("stale");
  });
});
