import { type ChildProcess, spawn } from "node:child_process";

/**
 * The V8 flag a build runs with: young-generation semi-spaces of up to 64 MiB instead of V8's 16. A build makes
 * short-lived objects by the million (rows, documents, page strings) while it holds a state's records; with 16 MiB
 * they survive a scavenge or two before they die, and copying them is the main thread's largest cost. Measured on a
 * weekly 100k release (`--trace-gc`, one run each): 807 scavenges taking 8.3 s of the main thread against 222
 * taking 3.9 s, peak RSS 890 against 874 MiB (docs/benchmarks.md). V8 reads it when the process starts only, so the
 * CLI starts itself again with it (`relaunch`), as the server does with its own flags (`execForServing`,
 * packages/server).
 */
export const YOUNG_GENERATION_FLAG = "--max-semi-space-size=64";
const FLAG_NAME = "--max-semi-space-size";

/** The commands that build (the others serve, or start a server and stay up, where the default fits better). */
const BUILDING = new Set(["build"]);

/** Signals passed on to the relaunched process; it stops as a build stopped by them does. */
const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * The node arguments to start the CLI again with, for a command that builds in a process started without the flag
 * (nor with its own size: `node --max-semi-space-size=… bin/ucd.js` or `NODE_OPTIONS` wins); null to run here. A
 * process started under the inspector (`--inspect…`) runs here too: the debugger is attached to it.
 * @example relaunchArgs(["build", "--out", "public"], [], {}) // ["--max-semi-space-size=64"]
 */
export function relaunchArgs(
  argv: readonly string[],
  execArgv: readonly string[],
  env: NodeJS.ProcessEnv,
): string[] | null {
  if (!BUILDING.has(argv[0] ?? "") || argv.includes("--help") || argv.includes("-h")) return null;
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? "").split(/\s+/)];
  if (given.some((a) => a === FLAG_NAME || a.startsWith(`${FLAG_NAME}=`) || a.startsWith("--inspect")))
    return null;
  return [...execArgv, YOUNG_GENERATION_FLAG];
}

/**
 * Set in the environment of the relaunched child (Node 20) to the parent's process id: the child ends when that
 * parent does (`endWithParent`).
 */
const PARENT_VARIABLE = "UCD_RELAUNCHED_BY";

/** `process.execve` (Node 23.11+): this process becomes a new Node, same PID and standard streams. */
type Execve = (file: string, args: string[], env: NodeJS.ProcessEnv) => never;

/**
 * Starts the CLI again with `YOUNG_GENERATION_FLAG` when `relaunchArgs` asks for it; null when the command is to run
 * in this process. Where Node has `process.execve` (23.11+), this process becomes the new one (same PID, streams
 * and signals) and the call does not return. Elsewhere (Node 20) the CLI runs in a child process sharing this
 * one's standard streams, and the call resolves with its exit code: SIGINT, SIGTERM and SIGHUP sent to this process
 * go to the child, and a child ended by a signal ends this process by the same signal, so that a caller sees what
 * it would have seen without the relaunch. A parent that dies without passing anything on (SIGKILL, the OOM killer)
 * ends the child too (`endWithParent`): a build nobody waits for would hold the store's lock and publish later.
 * @example const code = await relaunch(script, argv); if (code === null) process.exitCode = await main(argv);
 */
export async function relaunch(script: string, argv: readonly string[]): Promise<number | null> {
  const args = relaunchArgs(argv, process.execArgv, process.env);
  if (args === null) {
    endWithParent();
    return null;
  }
  const execve = (process as { execve?: Execve }).execve;
  if (typeof execve === "function")
    execve.call(process, process.execPath, [process.execPath, ...args, script, ...argv], process.env);
  // The signals are taken before the child exists: a SIGTERM that came between the child's start and the handlers
  // would end this process alone and leave the build running (seen on a loaded machine). Handlers run from the event
  // loop, after `spawn` has returned.
  let child: ChildProcess | null = null;
  const forward = (signal: NodeJS.Signals) => () => {
    child?.kill(signal);
  };
  const handlers = FORWARDED.map((s) => [s, forward(s)] as const);
  for (const [s, h] of handlers) process.on(s, h);
  // An IPC channel, never used for messages: it closes when this process ends, however it ends.
  const started = spawn(process.execPath, [...args, script, ...argv], {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: { ...process.env, [PARENT_VARIABLE]: String(process.pid) },
  });
  child = started;
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done, fail) => {
    started.once("error", fail);
    started.once("exit", (c, s) => done([c, s]));
  }).finally(() => {
    for (const [s, h] of handlers) process.off(s, h);
  });
  if (signal !== null) {
    process.kill(process.pid, signal);
    // Not every signal ends a process (SIGCHLD, SIGWINCH): a build that ended by one failed.
    return 1;
  }
  return code ?? 1;
}

/**
 * In the child a Node 20 relaunch started: ends it, as SIGTERM ends a build (nothing published; the next build
 * removes its lock and temporary folder, its process being gone), once the parent's IPC channel closes — the kernel
 * closes it when the parent dies, SIGKILL included, which nothing in Node could catch. The channel does not keep the
 * child running. Elsewhere (no channel, or one another program opened without the variable) it does nothing.
 */
function endWithParent(): void {
  const channel = (process as { channel?: { unref(): void } }).channel;
  const parent = process.env[PARENT_VARIABLE];
  if (channel === undefined || parent === undefined) return;
  delete process.env[PARENT_VARIABLE]; // not for the processes this one starts
  const end = () => {
    process.kill(process.pid, "SIGTERM");
  };
  // A parent gone already (this process adopted by another, the channel closed) is not waited for.
  if (parent !== String(process.ppid) || !process.connected) end();
  else {
    process.once("disconnect", end);
    channel.unref();
  }
}
