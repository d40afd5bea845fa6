import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Writes an nginx.conf that serves `root` the way a careful operator would: Debian's defaults (sendfile,
 * tcp_nopush), the precompressed siblings (gzip_static, brotli_static), an open-file cache, no access log,
 * no server version, keep-alive without a request cap (wrk reuses its connections for the whole run).
 */
export function writeNginxConf(work, { root, port, workers, moduleDir = "/usr/lib/nginx/modules" }) {
  mkdirSync(work, { recursive: true });
  const conf = `load_module ${moduleDir}/ngx_http_brotli_static_module.so;
worker_processes ${workers};
pid ${join(work, "nginx.pid")};
error_log ${join(work, "error.log")} warn;
daemon off;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  types { application/x-ndjson ndjson; application/vnd.apache.parquet parquet; }
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 100000000;
  keepalive_timeout 65;
  open_file_cache max=10000 inactive=120s;
  open_file_cache_valid 120s;
  client_body_temp_path ${work}; proxy_temp_path ${work}; fastcgi_temp_path ${work}; uwsgi_temp_path ${work}; scgi_temp_path ${work};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip_static on;
    brotli_static on;
    etag on;
    add_header Access-Control-Allow-Origin * always;
    add_header X-Content-Type-Options nosniff always;
    add_header Vary Accept-Encoding;
  }
}
`;
  const file = join(work, "nginx.conf");
  writeFileSync(file, conf);
  return file;
}
