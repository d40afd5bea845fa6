// The figures of an upload plan's summary line, for bench/upload/run.mjs and bench/build/incremental.mjs.

/** The figures of an upload plan's summary line (see `summaryLine` in src/cli/commands/deploy-config.ts). */
export function summaryOf(err) {
  const line = err.split("\n").find((l) => l.startsWith("upload plan:")) ?? "";
  const num = (re) => Number((re.exec(line)?.[1] ?? "NaN").replaceAll(",", ""));
  return {
    line,
    uploads: num(/([\d,]+) of [\d,]+ keys to upload/),
    keys: num(/of ([\d,]+) keys to upload/),
    deletes: num(/([\d,]+) to delete/),
    planned: num(/([\d,]+) keys in the plan/),
  };
}
