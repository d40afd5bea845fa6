// Object storage, as an operator runs it: release 1 uploaded with the script of `ucd deploy-config upload-plan
// --format rclone` and Debian's rclone into an S3-protocol server on loopback (s3rver), then release 2 built from
// an edited export, its plan made against the record the bucket holds, and applied. The bucket then serves
// release 2 byte for byte with its headers and holds nothing else; the plan listed only what changed, deleted
// only what no kept release needs, in phases that never send a client to a missing key.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { cacheControlOf, dispositionOf, mediaTypeOf } from "@urgent-care-directory/server/policy";
import { parse } from "csv-parse/sync";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromRecords } from "../../src/dataset/store.js";
import { ENTRY_POINTS, planUpload } from "../../src/deploy/upload-plan.js";
import { importFiles } from "../../src/ingest/import.js";
import { type PublishOptions, publishRelease } from "../../src/release/publish.js";
import { csvField } from "../../src/render/downloads/csv.js";
import { parseTreeManifest, treeManifest } from "../../src/tree/manifest.js";
import { ucd } from "../helpers/cli.js";
import { API_BUILD, smallRecords, tempDir } from "../helpers/sample-site.js";
import { BINARIES, missing } from "./engines.js";

const skip = missing("rclone");
const V1 = "2026-05-01";
const V2 = "2026-06-01";
const RECORD_KEY = ".ucd/objects.tsv";
const n = (x: number) => x.toLocaleString("en-US");

/**
 * Releases of the API without the site: the site adds ~250 pages and 896 national ZIP shards, ~1,340 keys a first
 * upload would PUT one by one (tens of seconds of the suite, under load); every key goes through the same plan.
 */
const BUILD: PublishOptions = API_BUILD;

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

/** The CLI in a process of its own, as an operator runs it: its standard output is the plan. */
const ucdProcess = (...args: string[]) =>
  run(process.execPath, [join(import.meta.dirname, "../../bin/ucd.js"), ...args]);

/** The documents of a release folder (what the bucket holds without --siblings): key → SHA-256. */
async function documents(site: string): Promise<Map<string, string>> {
  const files = parseTreeManifest(await readFile(join(site, "files.tsv"), "utf8"));
  return new Map(files.filter((f) => !/\.(br|gz)$/.test(f.path)).map((f) => [f.path, f.sha256]));
}

describe.skipIf(skip !== null)("upload plans applied by rclone to an S3-protocol server", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let server: S3rver;
  let endpoint: string;
  let rclone: NodeJS.ProcessEnv;
  const events: { name: string; key: string }[] = [];
  let first: Map<string, string>;
  let second: Map<string, string>;
  let secondSite: string;
  let plan2: Run;
  let gone: string;

  /** Makes the plan of the release `public` points to, against the bucket's record, and runs its script. */
  async function upload(name: string, against: boolean): Promise<Run> {
    const args = ["deploy-config", "upload-plan", "--root", join(tmp.dir, "public"), "--format", "rclone"];
    if (against) {
      // What the bucket holds, from the bucket itself.
      const held = join(tmp.dir, `${name}-held.tsv`);
      const got = await run(BINARIES.rclone, ["copyto", `s3rver:site/${RECORD_KEY}`, held], rclone);
      expect(got.code, got.err).toBe(0);
      args.push("--against", held);
    }
    args.push("--record", join(tmp.dir, `${name}-record.tsv`));
    const plan = await ucdProcess(...args);
    expect(plan.code, plan.err).toBe(0);
    await writeFile(join(tmp.dir, `${name}.sh`), plan.out);
    const applied = await run("sh", [join(tmp.dir, `${name}.sh`)], { ...rclone, REMOTE: "s3rver:site" });
    expect(applied.code, applied.err).toBe(0);
    return plan;
  }

  beforeAll(async () => {
    tmp = await tempDir();
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: join(tmp.dir, "s3"),
      configureBuckets: [{ name: "site" }],
    });
    server.on("event", (e) => {
      for (const r of e.Records) events.push({ name: r.eventName, key: r.s3.object.key });
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    // A remote defined by environment variables, as rclone reads them; s3rver takes any signed request with these
    // keys. An http:// endpoint on loopback needs no CA bundle (rclone 1.60 refuses AWS_CA_BUNDLE with its own
    // HTTP transport, so one set in the environment is not passed on). 16 transfers at once and no HEAD after each
    // upload (rclone still checks the MD5 the PUT answers with): an operator's settings, halving the requests.
    rclone = {
      RCLONE_CONFIG: "/dev/null",
      RCLONE_CONFIG_S3RVER_TYPE: "s3",
      RCLONE_CONFIG_S3RVER_PROVIDER: "Other",
      RCLONE_CONFIG_S3RVER_ENDPOINT: endpoint,
      RCLONE_CONFIG_S3RVER_ACCESS_KEY_ID: "S3RVER",
      RCLONE_CONFIG_S3RVER_SECRET_ACCESS_KEY: "S3RVER",
      RCLONE_CONFIG_S3RVER_FORCE_PATH_STYLE: "true",
      RCLONE_TRANSFERS: "16",
      RCLONE_S3_NO_HEAD: "true",
      AWS_CA_BUNDLE: "",
    };

    const out = join(tmp.dir, "public");
    await publishRelease(fromRecords(smallRecords()), out, BUILD);
    first = await documents(out);
    await upload("release-1", false);

    // Release 2 from release 1's CSV download without ids: the one clinic of a network gone (its network's pages
    // with it), one renamed, one with a new phone, one new clinic.
    const text = await readFile(join(out, `downloads/urgent-care-clinics-${V1}.csv`), "utf8");
    const columns = text.slice(0, text.indexOf("\r\n")).split(",");
    const rows = parse(text, { columns: true, bom: true }) as Record<string, string>[];
    const clinics = new Map<string, number>();
    for (const r of rows) if (r.network) clinics.set(r.network, (clinics.get(r.network) ?? 0) + 1);
    const alone = rows.find((r) => r.network && clinics.get(r.network) === 1);
    if (!alone) throw new Error("the small fixture has no network of one clinic");
    gone = alone.network as string;
    const [renamed, rephoned, model] = rows.filter((r) => r !== alone && r.phone !== "");
    const edited = [
      ...rows
        .filter((r) => r !== alone)
        .map((r) =>
          r === renamed
            ? { ...r, name: `${r.name} (renamed)` }
            : r === rephoned
              ? { ...r, phone: "(802) 555-0188" }
              : r,
        ),
      {
        ...(model as Record<string, string>),
        name: "Newly Opened Walk-In Clinic",
        street: "100 Fresh Start Ave",
        address: `100 Fresh Start Ave, ${model?.city_name}, ${model?.state_code}`,
        latitude: "",
        longitude: "",
        coordinates: "",
        phone: "",
      },
    ];
    const cell = (v: string | undefined) => csvField(v === undefined || v === "" ? null : v);
    const csv = join(tmp.dir, "edited.csv");
    const lines = edited.map((r) => columns.map((c) => cell(c === "id" ? "" : r[c])).join(","));
    await writeFile(csv, `${[columns.join(","), ...lines].join("\r\n")}\r\n`);
    const { dataset } = await importFiles({ inputs: [csv], dataVersion: V2, tmpDir: tmp.dir });
    if (!dataset) throw new Error("the edited export did not import");
    const published = await publishRelease(dataset, out, BUILD);
    secondSite = published.release.site;
    second = await documents(out);
    events.length = 0;
    plan2 = await upload("release-2", true);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await tmp?.cleanup();
  });

  it("the bucket then serves release 2 byte for byte, with its headers, and holds nothing else", async () => {
    const listed = await run(BINARIES.rclone, ["lsf", "-R", "--files-only", "s3rver:site"], rclone);
    expect(listed.code, listed.err).toBe(0);
    const keys = listed.out.split("\n").filter(Boolean).sort();
    expect(keys).toEqual([...second.keys(), RECORD_KEY].sort());
    const all = [...second];
    const check = async ([key, sha256]: [string, string]) => {
      const res = await fetch(`${endpoint}/site/${key}`);
      const body = Buffer.from(await res.arrayBuffer());
      return {
        key,
        status: res.status,
        sha256: createHash("sha256").update(body).digest("hex") === sha256,
        type: res.headers.get("content-type") === mediaTypeOf(`/${key}`),
        cache: res.headers.get("cache-control") === cacheControlOf(`/${key}`),
        disposition: res.headers.get("content-disposition") === dispositionOf(`/${key}`),
        encoding: res.headers.get("content-encoding"),
      };
    };
    for (let i = 0; i < all.length; i += 16) {
      for (const got of await Promise.all(all.slice(i, i + 16).map(check)))
        expect(got).toEqual({
          key: got.key,
          status: 200,
          sha256: true,
          type: true,
          cache: true,
          disposition: true,
          encoding: null,
        });
    }
    // The record the bucket holds is the one the plan wrote, and a plan against it has nothing to do.
    const record = await fetch(`${endpoint}/site/${RECORD_KEY}`).then((r) => r.text());
    expect(record).toBe(await readFile(join(tmp.dir, "release-2-record.tsv"), "utf8"));
    const again = await ucd(
      "deploy-config",
      "upload-plan",
      "--root",
      secondSite,
      "--against",
      join(tmp.dir, "release-2-record.tsv"),
    );
    expect(again.code, again.err).toBe(0);
    expect(again.out).toBe("");
    expect(again.err).toMatch(/upload plan: 0 of [\d,]+ keys to upload \(0 new\), 0 to delete/);
  });

  it("release 2's plan uploads only the keys whose bytes changed and deletes only what no kept release needs", () => {
    const changed = [...second].filter(([k, sha]) => first.get(k) !== sha).map(([k]) => k);
    const removed = [...first.keys()].filter((k) => !second.has(k));
    const put = events.filter((e) => e.name.startsWith("ObjectCreated")).map((e) => e.key);
    const deleted = events.filter((e) => e.name.startsWith("ObjectRemoved")).map((e) => e.key);
    expect(put.sort()).toEqual([...changed, RECORD_KEY].sort());
    expect(deleted.sort()).toEqual(removed.sort());
    expect(changed.length).toBeLessThan(second.size);
    // The network of the clinic that went has no pages any more; release 1's dated Parquet file stays, its dated
    // text files go; so do the FHIR bulk files whose content changed (their names hold their SHA-256: docs/fhir.md)
    // and the HSDS service of the clinic that went.
    expect(removed.length).toBeGreaterThan(0);
    const texts = ["csv", "json", "ndjson", "geojson"].map(
      (ext) => `downloads/urgent-care-clinics-${V1}.${ext}`,
    );
    const standards = /^(?:fhir\/r4\/bulk\/|hsds\/services\/)/;
    expect(removed.filter((k) => !k.includes("networks/") && !standards.test(k)).sort()).toEqual(
      texts.sort(),
    );
    expect(gone).not.toBe("");
    expect(second.has(`downloads/urgent-care-clinics-${V1}.parquet`)).toBe(true);
    expect(put).not.toContain(`downloads/urgent-care-clinics-${V1}.parquet`);
    const total = changed.length + removed.length;
    expect(plan2.err).toContain(`${n(changed.length)} of ${n(second.size)} keys to upload`);
    expect(plan2.err).toContain(`${n(removed.length)} to delete`);
    expect(plan2.err).toContain(`${n(total)} keys in the plan`);
  });

  it("in phases: new keys, then changed documents, then entry points, then deletes, then the record", () => {
    const phase = (e: { name: string; key: string }) =>
      e.key === RECORD_KEY
        ? 5
        : e.name.startsWith("ObjectRemoved")
          ? 4
          : ENTRY_POINTS.has(e.key)
            ? 3
            : first.has(e.key)
              ? 2
              : 1;
    const phases = events.map(phase);
    expect(phases).toEqual([...phases].sort((a, b) => a - b));
    expect(new Set(phases)).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it("refuses a record of the bucket that is truncated or not one, or a record it cannot write, and prints no plan", async () => {
    const record = await readFile(join(tmp.dir, "release-2-record.tsv"), "utf8");
    const cut = join(tmp.dir, "cut.tsv");
    await writeFile(cut, record.slice(0, record.lastIndexOf("#end")));
    const root = join(tmp.dir, "public");
    const truncated = await ucd("deploy-config", "upload-plan", "--root", root, "--against", cut);
    expect(truncated.code).toBe(1);
    expect(truncated.out).toBe("");
    expect(truncated.err).toContain(`${cut}:`);
    expect(truncated.err).toContain("truncated");
    const manifest = await ucd(
      "deploy-config",
      "upload-plan",
      "--root",
      root,
      "--against",
      join(root, "files.tsv"),
    );
    expect(manifest.code).toBe(1);
    expect(manifest.err).toMatch(/files\.tsv:1: not a ucd-objects listing/);
    const nowhere = join(tmp.dir, "no-such-folder", "objects.tsv");
    const unwritable = await ucd("deploy-config", "upload-plan", "--root", root, "--record", nowhere);
    expect(unwritable.code).toBe(1);
    expect(unwritable.err).toContain("no-such-folder");
    const noRecord = await ucd("deploy-config", "upload-plan", "--root", root, "--format", "rclone");
    expect(noRecord.code).toBe(2);
    expect(noRecord.err).toContain("--record");
  });

  it("a stale plan is refused: release 2's script run again after release 3's upload changes nothing", async () => {
    // Release 3: release 2's export with one clinic more (new keys: its documents), uploaded against the bucket. Of
    // the same data version (a rebuild), so that only the documents the clinic is in change: a short upload.
    const csv = await readFile(join(tmp.dir, "edited.csv"), "utf8");
    const lines = csv.trimEnd().split("\r\n");
    const extra = (lines.at(-1) as string).replace(
      "Newly Opened Walk-In Clinic",
      "Third Week Walk-In Clinic",
    );
    const third = join(tmp.dir, "third.csv");
    await writeFile(
      third,
      `${[...lines, extra.replaceAll("100 Fresh Start Ave", "300 Third St")].join("\r\n")}\r\n`,
    );
    const { dataset } = await importFiles({ inputs: [third], dataVersion: V2, tmpDir: tmp.dir });
    if (!dataset) throw new Error("release 3's export did not import");
    await publishRelease(dataset, join(tmp.dir, "public"), BUILD);
    const thirdDocs = await documents(join(tmp.dir, "public"));
    const gained = [...thirdDocs.keys()].filter((k) => !second.has(k));
    expect(gained.length).toBeGreaterThan(0);
    await upload("release-3", true);
    const record3 = await readFile(join(tmp.dir, "release-3-record.tsv"), "utf8");
    expect(record3.slice(0, record3.indexOf("\n"))).toBe(`#ucd-objects\t2\t0003-${V2}`);

    events.length = 0;
    const env = { ...rclone, REMOTE: "s3rver:site" };
    const stale = await run("sh", [join(tmp.dir, "release-2.sh")], env);
    expect(stale.code).toBe(1);
    expect(stale.err).toContain(
      `upload refused, the bucket left as it is: it holds the record of release 0003-${V2}, and this plan of release 0002-${V2} was made against the record of release 0001-${V1}.`,
    );
    expect(stale.err).toContain("Make the plan again, against the record the bucket holds now:");
    expect(stale.err).toContain(`rclone copyto s3rver:site/${RECORD_KEY} held.tsv`);
    expect(stale.err).toContain("--against held.tsv");
    // Nothing written or deleted: the bucket still serves release 3 and keeps its record, new keys included.
    expect(events).toEqual([]);
    expect(await fetch(`${endpoint}/site/${RECORD_KEY}`).then((r) => r.text())).toBe(record3);
    const index = await fetch(`${endpoint}/site/api/v1/index.json`).then((r) => r.text());
    expect(createHash("sha256").update(index).digest("hex")).toBe(thirdDocs.get("api/v1/index.json"));

    // A first-upload plan (no --against) is refused too, now that the bucket holds a record.
    const first = await ucdProcess(
      "deploy-config",
      "upload-plan",
      "--root",
      secondSite,
      "--record",
      join(tmp.dir, "again-record.tsv"),
      "--format",
      "rclone",
    );
    await writeFile(join(tmp.dir, "again.sh"), first.out);
    const blind = await run("sh", [join(tmp.dir, "again.sh")], env);
    expect(blind.code).toBe(1);
    expect(blind.err).toContain(
      `it holds the record of release 0003-${V2}, and this plan of release 0002-${V2} was made against no record (a first upload, made without --against)`,
    );
    expect(events).toEqual([]);

    // Release 3's own script, run again once done, passes: it finds its own record.
    const again = await run("sh", [join(tmp.dir, "release-3.sh")], env);
    expect(again.code, again.err).toBe(0);
    expect(await fetch(`${endpoint}/site/${RECORD_KEY}`).then((r) => r.text())).toBe(record3);
  });
});

describe("the plan against the bucket's record (a folder of a few files)", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  const files: Record<string, string> = {
    "api/v1/index.json": '{"v":1}',
    "api/v1/index.json.gz": "gz-index",
    "api/v1/states.json": '{"states":[]}',
    "api/v1/states.json.br": "br-states",
    "downloads/urgent-care-clinics-2026-05-01.csv": "id,name\r\n",
  };

  /** A build folder of `content` (path → text), with its files.tsv. */
  async function folder(name: string, content: Record<string, string>): Promise<string> {
    const root = join(tmp.dir, name);
    const listed = [];
    for (const [path, text] of Object.entries(content).sort(([a], [b]) => (a < b ? -1 : 1))) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
      listed.push({
        path,
        bytes: Buffer.byteLength(text),
        sha256: createHash("sha256").update(text).digest("hex"),
      });
    }
    await writeFile(join(root, "files.tsv"), treeManifest(listed));
    return root;
  }

  async function planOf(root: string, o: { siblings?: boolean; against?: string; record?: string } = {}) {
    const plan = await planUpload({
      root,
      siblings: o.siblings ?? false,
      against: o.against ?? null,
      record: o.record ?? null,
    });
    const records = [];
    for await (const r of plan.records()) records.push(r);
    await plan.dispose();
    return { summary: plan.summary, steps: records.map((r) => `${r.phase} ${r.action} ${r.key}`) };
  }

  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it("without a record: every document, immutable files first, entry points last, no deletes", async () => {
    const root = await folder("a", files);
    expect((await planOf(root)).steps).toEqual([
      "1 upload downloads/urgent-care-clinics-2026-05-01.csv",
      "2 upload api/v1/states.json",
      "3 upload api/v1/index.json",
    ]);
    const withSiblings = await planOf(root, { siblings: true, record: join(tmp.dir, "a.tsv") });
    expect(withSiblings.steps).toEqual([
      "1 upload downloads/urgent-care-clinics-2026-05-01.csv",
      "2 upload api/v1/states.json",
      "2 upload api/v1/states.json.br",
      "3 upload api/v1/index.json",
      "3 upload api/v1/index.json.gz",
      `5 upload ${RECORD_KEY}`,
    ]);
  });

  it("switching the siblings off deletes them; a key whose headers the record holds otherwise is uploaded again", async () => {
    const root = await folder("b", files);
    const record = join(tmp.dir, "b.tsv");
    await planOf(root, { siblings: true, record });
    expect((await planOf(root, { siblings: true, against: record })).steps).toEqual([]);
    expect((await planOf(root, { against: record })).steps).toEqual([
      "4 delete api/v1/index.json.gz",
      "4 delete api/v1/states.json.br",
    ]);
    // The record as an older policy would have left it: another Cache-Control for the states (trailer recomputed).
    const text = await readFile(record, "utf8");
    const body = text
      .slice(0, text.lastIndexOf("#end"))
      .replace(/(api\/v1\/states\.json\t[^\n]*\t)public[^\t]*/, "$1no-cache");
    const edited = join(tmp.dir, "b-old-policy.tsv");
    const lines = body.split("\n").length - 2; // the header line and the empty string after the last break
    await writeFile(edited, `${body}#end\t${lines}\t${createHash("sha256").update(body).digest("hex")}\n`);
    expect((await planOf(root, { siblings: true, against: edited })).steps).toEqual([
      "2 upload api/v1/states.json",
    ]);
  });

  it("a changed document in phase 2, a new one in phase 1, the entry point last, a gone one deleted after it", async () => {
    const record = join(tmp.dir, "c.tsv");
    await planOf(await folder("c1", files), { record });
    const { "api/v1/states.json": _, ...rest } = files;
    const next = await folder("c2", {
      ...rest,
      "api/v1/index.json": '{"v":2}',
      "downloads/urgent-care-clinics-2026-05-01.csv": "id,name\r\nx,y\r\n",
      "api/v1/cities.json": "{}",
    });
    const { summary, steps } = await planOf(next, { against: record, record: join(tmp.dir, "c2.tsv") });
    expect(steps).toEqual([
      "1 upload api/v1/cities.json",
      "2 upload downloads/urgent-care-clinics-2026-05-01.csv",
      "3 upload api/v1/index.json",
      "4 delete api/v1/states.json",
      `5 upload ${RECORD_KEY}`,
    ]);
    expect(summary).toMatchObject({ keys: 3, uploads: 3, new_keys: 1, deletes: 1, unchanged: 0 });
  });
});
