// Preloaded with `node --import` into the measured process: prints its peak resident memory when it exits.
import { writeSync } from "node:fs";

process.on("exit", () => {
  writeSync(2, `\nPEAK_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
