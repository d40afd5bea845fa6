import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Writes an h2o.conf (h2o 2.2, Debian's package) that serves `root` like the nginx set-up: `num-threads` workers
 * (h2o's workers are threads of one process), the precompressed `.br`/`.gz` siblings (`file.send-compressed`,
 * which also adds `Vary: Accept-Encoding`), ETags (on by default), no access log, the same two CORS/nosniff
 * headers. Run as root, h2o drops to `nobody`, so `work` is made writable for its pid and error log. The crash
 * handler (by default a Perl process that annotates backtraces, kept running beside the server) is replaced
 * by `cat`, so the tree measured is the server's.
 */
export function writeH2oConf(work, { root, port, workers }) {
  mkdirSync(work, { recursive: true });
  chmodSync(work, 0o777);
  const conf = `user: nobody
listen:
  host: 127.0.0.1
  port: ${port}
num-threads: ${workers}
pid-file: ${join(work, "h2o.pid")}
error-log: ${join(work, "error.log")}
crash-handler: /bin/cat
max-connections: 4096
file.mime.addtypes:
  application/x-ndjson: .ndjson
  application/vnd.apache.parquet: .parquet
hosts:
  default:
    paths:
      /:
        file.dir: ${root}
        file.send-compressed: ON
        header.add: "Access-Control-Allow-Origin: *"
        header.append: "X-Content-Type-Options: nosniff"
`;
  const file = join(work, "h2o.conf");
  writeFileSync(file, conf);
  return file;
}
