import { createServer } from "node:net";
import { InputError } from "./args.js";

/**
 * Fails at once, before anything is built, when the address cannot be listened on: a port in use (another
 * `ucd serve` or `npm start`), or one this user may not bind. The port is released again at once; port 0 (any
 * free port) always works and is not tried.
 * @example await assertCanListen("127.0.0.1", 8080);
 */
export async function assertCanListen(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ host, port, exclusive: true }, resolve);
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === "EADDRINUSE"
        ? "is already in use (another `ucd serve` or `npm start`?)"
        : code === "EACCES"
          ? "needs privileges this user does not have"
          : `cannot be listened on (${code ?? (e as Error).message})`;
    const next = port === 65535 ? 8080 : port + 1;
    throw new InputError(
      `port ${port} on ${host} ${why}: nothing was built. Set PORT=${next} or pass --port ${next} (--port 0 takes any free port)`,
    );
  } finally {
    await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  }
}
