// An input older than what is published does not replace it unless the operator says so.
import { readFile, readlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ucd } from "./helpers/cli.js";
import { HIFLD_FIXTURE, scratch } from "./ingest/helpers.js";

let tmp: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => {
  tmp = await scratch();
});
afterAll(() => tmp.cleanup());

const build = (out: string, version: string, ...more: string[]) =>
  ucd(
    "build",
    "--input",
    HIFLD_FIXTURE,
    "--out",
    out,
    "--compression",
    "fast",
    "--data-version",
    version,
    ...more,
  );

describe("ucd build with a data version older than the published one", () => {
  test("is refused, the newer release staying published, unless --allow-older", async () => {
    const out = join(tmp.dir, "public");
    const version = async () =>
      JSON.parse(await readFile(join(out, "api/v1/index.json"), "utf8")).meta.data_version as string;
    expect((await build(out, "2026-09-12")).code).toBe(0);
    const published = await readlink(out);

    const older = await build(out, "2026-09-03");
    expect(older.code).toBe(1);
    expect(older.err).toContain(
      "the data version 2026-09-03 is older than the published release's 2026-09-12: refusing to replace newer data with older",
    );
    expect(older.err).toContain("--allow-older");
    expect(await readlink(out)).toBe(published);
    expect(await version()).toBe("2026-09-12");

    // A rollback passes when asked for.
    const rollback = await build(out, "2026-09-03", "--allow-older");
    expect(rollback.code).toBe(0);
    expect(await version()).toBe("2026-09-03");
  });
});
