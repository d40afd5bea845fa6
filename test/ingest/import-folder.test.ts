// A killed import cannot remove its temporary folder (GiBs of spilled records at 1M rows): the next import does,
// as the release store does with a killed build's folder — and leaves every folder it cannot know to be dead.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { IMPORT_FOLDER, importFiles } from "../../src/ingest/import.js";
import { HIFLD_FIXTURE, scratch } from "./helpers.js";

const BIN = join(process.cwd(), "bin/ucd.js");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

describe("the temporary folder of an import", () => {
  test("a killed import's is removed by the next import; a live process's and others' stay", async () => {
    // An import that waits for its input for ever (a pipe nobody writes to), its folder made, then `kill -9`.
    const input = join(tmp.dir, "never-written.csv");
    execFileSync("mkfifo", [input]);
    const killed = spawn(process.execPath, [BIN, "validate", "--input", input], {
      env: { ...process.env, TMPDIR: tmp.dir },
      stdio: "ignore",
    });
    const exited = once(killed, "exit");
    const folders = async () => (await readdir(tmp.dir)).filter((n) => n.startsWith(IMPORT_FOLDER));
    let leaked: string[] = [];
    for (let i = 0; i < 2400 && leaked.length === 0; i++) {
      leaked = await folders();
      if (leaked.length === 0) await sleep(25);
    }
    expect(leaked).toHaveLength(1);
    killed.kill("SIGKILL");
    await exited;
    expect(await folders()).toEqual(leaked);

    // This process's own (an import running beside), and one named without a process (an older version's).
    const live = `${IMPORT_FOLDER}${process.pid}-running`;
    const unnamed = `${IMPORT_FOLDER}Xa3kQ1`;
    await mkdir(join(tmp.dir, live));
    await mkdir(join(tmp.dir, unnamed));
    const next = await importFiles({ inputs: [HIFLD_FIXTURE], tmpDir: tmp.dir });
    expect(next.dataset).not.toBeNull();
    await next.dataset?.clinics.dispose();
    expect((await folders()).sort()).toEqual([live, unnamed].sort());
  });
});
