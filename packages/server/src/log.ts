/** One structured log line: an event name and its fields. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** Where the server reports reloads, refusals and shutdowns. */
export type Logger = (event: string, fields?: LogFields) => void;

/**
 * A logger that writes one JSON object per line to stderr.
 * @example jsonLogger("server")("reload", { version: "abc" });
 */
export function jsonLogger(component = "server"): Logger {
  return (event, fields = {}) => {
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), component, pid: process.pid, event, ...fields })}\n`,
    );
  };
}

/** One access-log record, written after a response has been handed to the socket. */
export type AccessLogger = (
  method: string,
  target: string,
  status: number,
  bytes: number,
  remote: string | undefined,
) => void;

/**
 * Structured access logs (opt-in): one JSON object per response on `stream` (default stdout).
 * @example const log = accessLogger(); log("GET", "/api/v1/index.json", 200, 512, "127.0.0.1");
 */
export function accessLogger(stream: NodeJS.WritableStream = process.stdout): AccessLogger {
  return (method, target, status, bytes, remote) => {
    stream.write(
      `${JSON.stringify({ time: new Date().toISOString(), method, path: target.slice(0, 512), status, bytes, remote: remote ?? null })}\n`,
    );
  };
}
