#!/usr/bin/env node
// Committed (not compiled) so that the bin exists, executable, before `tsc -b` has produced dist/.
import { main } from "../dist/cli.js";

process.exitCode = await main(process.argv.slice(2));
