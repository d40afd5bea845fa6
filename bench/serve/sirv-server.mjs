// The Node peer of the benchmark: sirv over the same output folder, precompressed siblings on, with the
// same number of cluster workers as ours. Usage: node sirv-server.mjs DIR PORT WORKERS
import cluster from "node:cluster";
import { createServer } from "node:http";
import sirv from "sirv";

const [dir = "public", port = "8080", workers = "1"] = process.argv.slice(2);
if (cluster.isPrimary && Number(workers) > 1) {
  for (let i = 0; i < Number(workers); i++) cluster.fork();
  process.on("SIGTERM", () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill();
    process.exit(0);
  });
} else {
  const serve = sirv(dir, { brotli: true, gzip: true, etag: true, dev: false });
  createServer((req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    serve(req, res);
  }).listen(Number(port), "127.0.0.1");
}
