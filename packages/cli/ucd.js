#!/usr/bin/env node
// The command lives in the root package (bin/ucd.js); npm links bins of workspaces, not of the root itself.
import "../../bin/ucd.js";
