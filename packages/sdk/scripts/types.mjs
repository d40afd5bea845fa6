#!/usr/bin/env node
// Regenerates src/openapi.generated.ts from the openapi.json that the current build produces, or with
// --check fails (exit 1) when the committed file differs from what would be generated.
//
//   node scripts/types.mjs [--check] [--input path/to/openapi.json]
//
// Without --input it runs the repository's build (`node bin/ucd.js build`, which needs `tsc -b` first)
// into a temporary folder and reads api/openapi.json from there.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const sdkDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoDir = resolve(sdkDir, "../..");
const output = join(sdkDir, "src/openapi.generated.ts");
const { values } = parseArgs({ options: { check: { type: "boolean" }, input: { type: "string" } } });

let tmp;
let input = values.input && resolve(values.input);
if (!input) {
  tmp = mkdtempSync(join(tmpdir(), "ucd-sdk-types-"));
  const build = spawnSync(
    process.execPath,
    ["bin/ucd.js", "build", "--out", join(tmp, "out"), "--compression", "fast"],
    {
      cwd: repoDir,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (build.status !== 0) {
    console.error("types: the build failed (run `npx tsc -b` first?)");
    process.exit(1);
  }
  input = join(tmp, "out/api/openapi.json");
}

const cli = join(repoDir, "node_modules/openapi-typescript/bin/cli.js");
const args = [cli, input, "--output", output, ...(values.check ? ["--check"] : [])];
const run = spawnSync(process.execPath, args, {
  cwd: sdkDir,
  stdio: ["ignore", "pipe", "inherit"],
  encoding: "utf8",
});
if (tmp) rmSync(tmp, { recursive: true, force: true });
if (run.status !== 0) {
  if (values.check)
    console.error(`types: ${output} is stale; run \`npm run types -w packages/sdk\` and commit it`);
  process.exit(run.status ?? 1);
}
console.log(
  values.check ? "types: src/openapi.generated.ts is up to date" : "types: wrote src/openapi.generated.ts",
);
