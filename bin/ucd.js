#!/usr/bin/env node
import { fileURLToPath } from "node:url";
import { relaunch } from "../dist/cli/relaunch.js";

const argv = process.argv.slice(2);
// A build starts again with the V8 flag it runs best with (src/cli/relaunch.ts); everything else runs here.
const relaunched = await relaunch(fileURLToPath(import.meta.url), argv);
if (relaunched === null) {
  const { main } = await import("../dist/cli/main.js");
  process.exitCode = await main(argv);
} else {
  process.exitCode = relaunched;
}
