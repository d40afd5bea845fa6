import { describe, expect, it } from "vitest";
import { relaunchArgs, YOUNG_GENERATION_FLAG } from "../../src/cli/relaunch.js";

describe("relaunchArgs: which runs of the CLI start again with the build's V8 flag", () => {
  it("a build, keeping the node arguments it was started with", () => {
    expect(relaunchArgs(["build", "--out", "public"], ["--max-old-space-size=16384"], {})).toEqual([
      "--max-old-space-size=16384",
      YOUNG_GENERATION_FLAG,
    ]);
  });

  it("not a build that asks for help, nor the commands that serve", () => {
    expect(relaunchArgs(["build", "--help"], [], {})).toBeNull();
    expect(relaunchArgs(["serve", "public"], [], {})).toBeNull();
    expect(relaunchArgs(["start"], [], {})).toBeNull();
    expect(relaunchArgs([], [], {})).toBeNull();
  });

  it("not a build being debugged: the inspector is attached to the process started", () => {
    expect(relaunchArgs(["build"], ["--inspect-brk"], {})).toBeNull();
    expect(relaunchArgs(["build"], [], { NODE_OPTIONS: "--inspect=9230" })).toBeNull();
  });

  it("not a build whose young generation the caller sized, on the command line or in NODE_OPTIONS", () => {
    expect(relaunchArgs(["build"], ["--max-semi-space-size=8"], {})).toBeNull();
    expect(relaunchArgs(["build"], [], { NODE_OPTIONS: "--inspect --max-semi-space-size=128" })).toBeNull();
    expect(relaunchArgs(["build"], [], { NODE_OPTIONS: "--max-old-space-size=4096" })).toEqual([
      YOUNG_GENERATION_FLAG,
    ]);
  });
});
