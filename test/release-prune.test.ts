// Pruning the release store: the folders beyond the newest kept are removed whole (on a worker thread), the
// release `out` points to never is, and files that kept releases share by hard links stay.
import { link, mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, pruneReleases, type ReleaseStore } from "../src/release/store.js";
import { tempDir } from "./helpers/sample-site.js";

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp?.cleanup());

/** A store of `n` published release folders, each with nested pages, sharing one download by hard links. */
async function storeOf(name: string, n: number): Promise<{ store: ReleaseStore; ids: string[] }> {
  const out = join(tmp.dir, name);
  const store = await openStore(out);
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const id = `${String(i).padStart(4, "0")}-2026-05-0${i}`;
    const site = join(store.dir, id, "site");
    await mkdir(join(site, "clinics/texas/austin/k3v9q2m7x1ab"), { recursive: true });
    await mkdir(join(store.dir, id, "state"), { recursive: true });
    await writeFile(join(site, "clinics/texas/austin/k3v9q2m7x1ab/index.html"), `<p>release ${i}</p>`);
    if (i === 1) await writeFile(join(site, "dated.csv"), "id,name\r\n");
    else await link(join(store.dir, ids[0] as string, "site/dated.csv"), join(site, "dated.csv"));
    ids.push(id);
  }
  return { store, ids };
}

const point = async (store: ReleaseStore, id: string) =>
  symlink(relative(join(store.out, ".."), join(store.dir, id, "site")), store.out);

describe("pruneReleases", () => {
  it("removes the folders beyond the newest kept, whole; shared files stay in the kept ones", async () => {
    const { store, ids } = await storeOf("public", 5);
    await point(store, ids[4] as string);
    const removed = await pruneReleases(store, 2);
    expect(removed).toEqual(ids.slice(0, 3));
    expect((await readdir(store.dir)).sort()).toEqual(ids.slice(3));
    expect(await readFile(join(store.out, "dated.csv"), "utf8")).toBe("id,name\r\n");
    expect((await stat(join(store.out, "dated.csv"))).nlink).toBe(2);
  });

  it("never removes the release the output points to, however old", async () => {
    const { store, ids } = await storeOf("rolled-back", 4);
    await point(store, ids[0] as string);
    const removed = await pruneReleases(store, 2);
    expect(removed).toEqual([ids[1]]);
    expect((await readdir(store.dir)).sort()).toEqual([ids[0], ids[2], ids[3]]);
    expect(await readFile(join(store.out, "clinics/texas/austin/k3v9q2m7x1ab/index.html"), "utf8")).toBe(
      "<p>release 1</p>",
    );
  });
});
