// npm run bench:upload [-- SHARE]: the size of the upload plan of a release with 1 % (or SHARE) of the sample's
// clinics changed, as an operator would upload it. Builds the synthetic sample (release 1, generated on its data
// version), records what a bucket would hold after its first upload (`upload-plan --record`, no bucket needed),
// edits 1 % of release 1's CSV download (bench/upload/edit.mjs: removed, renamed, re-phoned, new), builds it as
// release 2 a week later, and makes release 2's plan against release 1's record: keys to upload and to delete
// against the keys of the tree (goal of issue 25: ≤ 5 %), without and with the .br/.gz siblings, and which
// folders the uploaded keys are in. Runs the real CLI (`node bin/ucd.js`) in child processes.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { editRelease } from "./edit.mjs";
import { summaryOf } from "./summary.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const share = Number(process.argv[2] ?? 0.01);
const V1 = "2026-05-01"; // the sample's data version
const V2 = "2026-05-08";

function ucd(args, stdout = "ignore") {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ["bin/ucd.js", ...args], {
      cwd: root,
      stdio: ["ignore", stdout, "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout?.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) reject(new Error(`ucd ${args.join(" ")} exited ${code}:\n${err.slice(-4000)}`));
      else resolve({ out, err, seconds });
    });
  });
}

/** Uploaded keys by kind: the first folders of the key, `*.html` pages apart. */
function byFolder(ndjson) {
  const counts = new Map();
  for (const line of ndjson.split("\n")) {
    if (!line) continue;
    const r = JSON.parse(line);
    if (r.action !== "upload") continue;
    const parts = r.key.split("/");
    const folder = parts.length > 2 ? `${parts.slice(0, parts[0] === "api" ? 3 : 1).join("/")}/…` : r.key;
    const kind = `${folder}${/\.html(\.br|\.gz)?$/.test(r.key) && parts.length > 2 ? " (pages)" : ""}`;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

const dir = await mkdtemp(join(tmpdir(), "ucd-bench-upload-"));
const out = join(dir, "public");
const build = ["--out", out, "--compression", "fast", "--site-url", "https://urgentcare.example.org"];
try {
  const r1 = await ucd(["build", ...build, "--generated-at", `${V1}T00:00:00Z`]);
  console.log(`release 1 (the sample): built in ${r1.seconds.toFixed(1)} s`);
  const plan = (extra, record) => [
    "deploy-config",
    "upload-plan",
    "--root",
    out,
    ...extra,
    "--record",
    record,
  ];
  await ucd(plan([], join(dir, "r1.tsv")));
  await ucd(plan(["--siblings"], join(dir, "r1-siblings.tsv")));

  const csv = join(dir, "edited.csv");
  const edits = await editRelease(join(out, `downloads/urgent-care-clinics-${V1}.csv`), csv, share);
  const r2 = await ucd([
    "build",
    "--input",
    csv,
    ...build,
    "--data-version",
    V2,
    "--generated-at",
    `${V2}T00:00:00Z`,
  ]);
  console.log(
    `release 2 (${(share * 100).toFixed(1)} % of clinics: ${edits.removed} removed, ${edits.renamed} renamed, ${edits.rephoned} re-phoned, ${edits.added} new): built in ${r2.seconds.toFixed(1)} s`,
  );
  console.log(
    r2.err
      .split("\n")
      .filter((l) => /against|ids kept/.test(l))
      .join("\n"),
  );

  for (const siblings of [false, true]) {
    const record = join(dir, siblings ? "r1-siblings.tsv" : "r1.tsv");
    const flags = siblings ? ["--siblings"] : [];
    const made = await ucd(
      plan([...flags, "--against", record], join(dir, siblings ? "r2-siblings.tsv" : "r2.tsv")),
      "pipe",
    );
    const s = summaryOf(made.err);
    const pct = (s.planned / s.keys) * 100;
    console.log(
      `\nupload plan of release 2${siblings ? " with --siblings" : ""}: ${s.planned} of ${s.keys} keys (${pct.toFixed(1)} %: ${s.uploads} uploads, ${s.deletes} deletes) — goal ≤ 5 %: ${pct <= 5 ? "met" : "NOT met"}`,
    );
    console.log(`  ${s.line}`);
    if (!siblings)
      for (const [kind, n] of byFolder(made.out).slice(0, 15))
        console.log(`  ${String(n).padStart(7)}  ${kind}`);
  }
  const tree = await readFile(join(out, "files.tsv"), "utf8");
  console.log(`\n(release 2's tree: ${tree.split("\n").length - 3} files in files.tsv)`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
