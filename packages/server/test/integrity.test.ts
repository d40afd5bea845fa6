import { createHash } from "node:crypto";
import { appendFile, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSite, type RunningServer, type ServerMode, startServer } from "../src/index.js";
import {
  CLINIC_IDS,
  clinicDocument,
  fixtureSite,
  publish,
  RELEASES,
  writeManifest,
} from "./helpers/fixture.js";
import { once } from "./helpers/raw-http.js";

/** Flips every byte of a file in place: same size, other content. */
async function corrupt(path: string): Promise<void> {
  const data = await readFile(path);
  for (let i = 0; i < data.length; i++) data[i] = (data[i] as number) ^ 0x20;
  await writeFile(path, data);
}

/** Ways a release folder can be half-written or damaged, each of which must be refused. */
const DAMAGE: [string, (release: string) => Promise<void>, RegExp][] = [
  ["no files.tsv (the build stopped before its last step)", (r) => rm(join(r, "files.tsv")), /files\.tsv/],
  [
    "a truncated .br",
    (r) => truncate(join(r, "api/v1/clinics/st-1/city-1.json.br"), 5),
    /city-1\.json\.br: 5 bytes/,
  ],
  ["a truncated .gz", (r) => truncate(join(r, "downloads/clinics.csv.gz"), 100), /clinics\.csv\.gz/],
  [
    "a state's documents missing",
    (r) => rm(join(r, "api/v1/clinics/st-2"), { recursive: true }),
    /st-2\/city-2\.json: missing/,
  ],
  [
    "a hot document changed, same size",
    (r) => corrupt(join(r, "api/v1/index.json")),
    /index\.json: SHA-256 differs/,
  ],
  [
    "the manifest truncated",
    async (r) => {
      const text = await readFile(join(r, "files.tsv"), "utf8");
      await writeFile(join(r, "files.tsv"), text.slice(0, text.lastIndexOf("#end")));
    },
    /truncated/,
  ],
  [
    "the manifest edited (a size changed, trailer not)",
    async (r) => {
      const text = await readFile(join(r, "files.tsv"), "utf8");
      await writeFile(
        join(r, "files.tsv"),
        text.replace(/\t(\d+)\t/, (_m, n) => `\t${Number(n) + 1}\t`),
      );
    },
    /trailer digest/,
  ],
  [
    "the manifest not sorted",
    async (r) => {
      const lines = (await readFile(join(r, "files.tsv"), "utf8")).split("\n");
      [lines[1], lines[2]] = [lines[2] as string, lines[1] as string];
      const body = `${lines.slice(0, -2).join("\n")}\n`;
      const n = lines.length - 3;
      await writeFile(
        join(r, "files.tsv"),
        `${body}#end\t${n}\t${createHash("sha256").update(body).digest("hex")}\n`,
      );
    },
    /not sorted/,
  ],
  [
    "a path outside the folder listed",
    async (r) => {
      const text = await readFile(join(r, "files.tsv"), "utf8");
      const body = `${text.slice(0, text.lastIndexOf("#end")).replace("404.html\t", "../secret.txt\t")}`;
      await writeFile(
        join(r, "files.tsv"),
        `${body}#end\t0\t${createHash("sha256").update(body).digest("hex")}\n`,
      );
    },
    /unsafe path|not sorted/,
  ],
  [
    "a required document absent from the manifest",
    async (r) => {
      await rm(join(r, "api/openapi.json"));
      await rm(join(r, "api/openapi.json.br"));
      await rm(join(r, "api/openapi.json.gz"));
      await writeManifest(r);
    },
    /missing api\/openapi\.json/,
  ],
];

describe("a folder that does not match its manifest is refused", () => {
  it.each(DAMAGE)("at start: %s", async (_name, damage, message) => {
    const site = await fixtureSite(5);
    try {
      await damage(site.release);
      await expect(loadSite(site.dir)).rejects.toThrow(message);
      await expect(startServer({ dir: site.dir, port: 0, log: () => {} })).rejects.toThrow(message);
    } finally {
      await site.cleanup();
    }
  });

  it.each(DAMAGE)("on reload, the old release serving on: %s", async (_name, damage, message) => {
    const site = await fixtureSite(5);
    const logs: string[] = [];
    const server = await startServer({
      dir: site.dir,
      port: 0,
      log: (event, fields) => logs.push(`${event} ${JSON.stringify(fields)}`),
    });
    try {
      const served = server.site.version;
      const next = await publish(site.parent, "v1", 5);
      await damage(next);
      const result = await server.reload();
      expect(result.ok).toBe(false);
      expect(result.ok ? "" : result.error).toMatch(message);
      expect(logs.some((l) => l.startsWith("reload-refused"))).toBe(true);
      expect(server.site.version).toBe(served);
      const r = await once(server.url, "/api/v1/clinics/st-1/city-1.json");
      expect(JSON.parse(r.body.toString()).version).toBe("v0");
    } finally {
      await server.close(100);
      await site.cleanup();
    }
  });

  it("an extra file the manifest does not list is never served", async () => {
    const site = await fixtureSite(5);
    await writeFile(join(site.release, "extra.json"), "{}");
    const server = await startServer({ dir: site.dir, port: 0, log: () => {} });
    try {
      expect((await once(server.url, "/extra.json")).status).toBe(404);
      expect((await once(server.url, "/files.tsv")).status).toBe(404);
    } finally {
      await server.close(100);
      await site.cleanup();
    }
  });
});

describe.each<ServerMode>(["raw", "node"])(
  "a file changed after the load is never served (%s mode)",
  (mode) => {
    let site: Awaited<ReturnType<typeof fixtureSite>>;
    let server: RunningServer;
    const logs: string[] = [];
    beforeAll(async () => {
      site = await fixtureSite(20);
      server = await startServer({
        dir: site.dir,
        port: 0,
        mode,
        hotBytes: 16 * 1024, // most documents cold
        streamOver: 32 * 1024, // the CSV and the Parquet file streamed
        log: (event, fields) => logs.push(`${event} ${JSON.stringify(fields)}`),
      });
    });
    afterAll(async () => {
      await server.close(100);
      await site.cleanup();
    });

    it("a cold document whose bytes differ from the manifest gets a 500, not its bytes", async () => {
      const path = "api/v1/clinics/st-3/city-18.json";
      await corrupt(join(site.release, path));
      const r = await once(server.url, `/${path}`);
      expect(r.status).toBe(500);
      expect(JSON.parse(r.body.toString())).toMatchObject({ status: 500, code: "internal_error" });
      expect(r.headers["cache-control"]).toBe("no-store");
      expect(logs.some((l) => l.startsWith("file-failed") && l.includes("city-18.json"))).toBe(true);
      // Each file stands on its own: the intact .br sibling is served (checked against its own SHA-256), the
      // damaged identity never, however often it is asked for.
      const br = await once(server.url, `/${path}`, { "Accept-Encoding": "br" });
      expect(br.status).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect((await once(server.url, `/${path}`)).status).toBe(500);
    });

    it("a long-tail document whose bytes differ is never gzipped and sent: 500 in every encoding", async () => {
      const path = clinicDocument(CLINIC_IDS[1]);
      await corrupt(join(site.release, path));
      for (const [accept, method] of [
        ["gzip", "GET"],
        ["gzip", "HEAD"],
        ["", "GET"],
        ["br, gzip", "GET"], // asked for again: built to be held, refused the same way
      ] as const) {
        const r = await once(server.url, path, accept ? { "Accept-Encoding": accept } : {}, method);
        expect(r.status, `${method} ${accept}`).toBe(500);
        expect(r.headers["content-encoding"], `${method} ${accept}`).toBeUndefined();
      }
    });

    it("a streamed file whose bytes differ gets a 500 before any byte is sent", async () => {
      const path = "downloads/clinics.parquet";
      await corrupt(join(site.release, path));
      const r = await once(server.url, `/${path}`);
      expect(r.status).toBe(500);
      expect(r.body.toString()).not.toContain("PAR1");
      const grown = "downloads/clinics.csv";
      await appendFile(join(site.release, grown), "x");
      expect((await once(server.url, `/${grown}`)).status).toBe(500);
    });
  },
);

describe.each<ServerMode>(["raw", "node"])("a damaged file asked for over and over (%s mode)", (mode) => {
  it("logs it and reloads once per interval, not once per request", async () => {
    const site = await fixtureSite(20);
    const logs: { event: string; fields: Record<string, unknown> }[] = [];
    const server = await startServer({
      dir: site.dir,
      port: 0,
      mode,
      hotBytes: 16 * 1024, // the document below is read from disk on each request
      failureIntervalMs: 400,
      log: (event, fields = {}) => logs.push({ event, fields }),
    });
    try {
      const path = "/api/v1/clinics/st-3/city-18.json";
      await corrupt(join(site.release, path.slice(1)));
      // At least 60 requests over at least 1.3 s (several intervals), however fast the machine answers.
      const started = Date.now();
      let requests = 0;
      while (requests < 60 || Date.now() - started < 1_300) {
        expect((await once(server.url, path)).status).toBe(500);
        requests++;
      }
      await new Promise((r) => setTimeout(r, 500)); // the last interval's summary
      const elapsed = Date.now() - started;
      const failed = logs.filter((l) => l.event === "file-failed");
      const reloads = logs.filter((l) => l.event === "reload");
      // One line at the first failure, then one per 400 ms interval that saw more — never one per request.
      const intervals = 1 + Math.ceil(elapsed / 400);
      expect(failed.length).toBeGreaterThanOrEqual(2);
      expect(failed.length).toBeLessThanOrEqual(intervals);
      expect(reloads.length).toBeLessThanOrEqual(intervals);
      expect(failed.length).toBeLessThan(requests / 5);
      expect(failed[0]?.fields.error).toMatch(/city-18\.json: SHA-256 differs/);
      const counted = failed.reduce((n, l) => n + Number(l.fields.repeated ?? 1), 0);
      expect(counted).toBe(requests); // every failure is counted in a line, none is lost
    } finally {
      await server.close(100);
      await site.cleanup();
    }
  });
});

describe("releases", () => {
  it("each release is read through the symlink's target, resolved once per load", async () => {
    const site = await fixtureSite(5);
    try {
      const loaded = await loadSite(site.dir);
      expect(loaded.root).toBe(
        join(await import("node:fs/promises").then((f) => f.realpath(site.parent)), RELEASES, "v0", "site"),
      );
      await loaded.close();
    } finally {
      await site.cleanup();
    }
  });
});
