// The `ucd-sdk` command: a thin shell over the library, for people and for scripts (`--json`).
import { UrgentCareClient } from "./client.js";
import { isHttpError, isNetworkError, isNotFoundError } from "./errors.js";
import { openStatus } from "./hours.js";
import type { NearestResult } from "./nearest.js";
import type { Clinic } from "./types.js";

const USAGE = `Usage: ucd-sdk <command> [options]

Commands:
  find <state> <city>     clinics of a city (slugs or names: texas austin, "New York" "New York")
  nearest <lat> <lng>     nearest clinics to a point, across city and state borders
  states                  the 50 states and DC with their counts
  stats                   coverage and data-quality figures

Options:
  --json                  print the API's JSON instead of a table
  --base-url URL          API address (default: $UCD_BASE_URL or http://127.0.0.1:8080/api/v1)
  --limit N               nearest: most results (default 10)
  --max-km KM             nearest: only within KM kilometres
  --open-now              find, nearest: only clinics open now
  -h, --help              this help

Exit codes: 0 success, 1 not found or request failed, 2 bad usage.`;

class UsageError extends Error {}

interface Args {
  command: string | undefined;
  positionals: string[];
  json: boolean;
  openNow: boolean;
  help: boolean;
  baseUrl: string | undefined;
  limit: number | undefined;
  maxKm: number | undefined;
}

/** Hand-rolled so that negative numbers (`nearest 40.7 -74.0`) are positionals, not options. */
export function parseCli(argv: readonly string[]): Args {
  const args: Args = {
    command: undefined,
    positionals: [],
    json: false,
    openNow: false,
    help: false,
    baseUrl: undefined,
    limit: undefined,
    maxKm: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    const [flag, inline] =
      token.startsWith("--") && token.includes("=")
        ? [token.slice(0, token.indexOf("=")), token.slice(token.indexOf("=") + 1)]
        : [token, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "--json") args.json = true;
    else if (flag === "--open-now") args.openNow = true;
    else if (flag === "--help" || flag === "-h") args.help = true;
    else if (flag === "--base-url") args.baseUrl = value();
    else if (flag === "--limit") args.limit = numberArg(flag, value());
    else if (flag === "--max-km") args.maxKm = numberArg(flag, value());
    else if (flag.startsWith("-") && !/^-\d/.test(flag)) throw new UsageError(`unknown option: ${flag}`);
    else if (args.command === undefined) args.command = token;
    else args.positionals.push(token);
  }
  return args;
}

function numberArg(name: string, text: string): number {
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n)) throw new UsageError(`${name} is not a number: ${text}`);
  return n;
}

function expectPositionals(args: Args, names: string[]): string[] {
  if (args.positionals.length !== names.length) {
    throw new UsageError(`${args.command} takes ${names.map((n) => `<${n}>`).join(" ")}`);
  }
  return args.positionals;
}

const line = (c: Clinic, now: Date) =>
  `${c.name}${c.network ? ` [${c.network}]` : ""} — ${openStatus(c, now)} — ${c.address ?? "address unknown"}${c.phone ? ` — ${c.phone}` : ""}`;

/** Runs the CLI with `argv` (without node and the script) and returns the exit code. */
export async function main(argv: readonly string[], out = console.log, err = console.error): Promise<number> {
  let args: Args;
  try {
    args = parseCli(argv);
  } catch (e) {
    err(`ucd-sdk: ${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help || args.command === undefined) {
    (args.help ? out : err)(USAGE);
    return args.help ? 0 : 2;
  }
  const client = new UrgentCareClient({
    baseUrl: args.baseUrl ?? process.env.UCD_BASE_URL ?? "http://127.0.0.1:8080/api/v1",
  });
  const now = new Date();
  try {
    switch (args.command) {
      case "find": {
        const [state, city] = expectPositionals(args, ["state", "city"]);
        const doc = await client.clinics(state as string, city as string);
        const clinics = args.openNow ? doc.clinics.filter((c) => openStatus(c, now) === "open") : doc.clinics;
        if (args.json)
          out(JSON.stringify(args.openNow ? { ...doc, count: clinics.length, clinics } : doc, null, 2));
        else {
          out(
            `${doc.city.name}, ${doc.city.state.code}: ${clinics.length} clinic(s)${args.openNow ? " open now" : ""}`,
          );
          for (const c of clinics) out(`  ${line(c, now)}`);
        }
        return 0;
      }
      case "nearest": {
        const [lat, lng] = expectPositionals(args, ["lat", "lng"]).map((v, i) =>
          numberArg(i ? "lng" : "lat", v),
        );
        const results = await client.nearest(lat as number, lng as number, {
          ...(args.limit !== undefined && { limit: args.limit }),
          ...(args.maxKm !== undefined && { maxKm: args.maxKm }),
          ...(args.openNow && { openAt: now }),
        });
        if (args.json) out(JSON.stringify(results.map(toJson), null, 2));
        else
          for (const r of results)
            out(
              `${r.distanceKm.toFixed(2).padStart(8)} km  ${r.city.name}, ${r.city.state.code}: ${line(r.clinic, now)}`,
            );
        return 0;
      }
      case "states": {
        expectPositionals(args, []);
        const doc = await client.states();
        if (args.json) out(JSON.stringify(doc, null, 2));
        else
          for (const s of doc.states)
            out(
              `${s.code}  ${s.name.padEnd(22)} ${String(s.city_count).padStart(4)} cities ${String(s.clinic_count).padStart(6)} clinics`,
            );
        return 0;
      }
      case "stats": {
        expectPositionals(args, []);
        const doc = await client.stats();
        const c = doc.coverage;
        if (args.json) out(JSON.stringify(doc, null, 2));
        else {
          out(
            `${c.total_clinics} clinics in ${c.total_cities} cities, ${c.total_states} states, ${c.total_networks} networks`,
          );
          out(
            `data ${doc.data_quality.data_version} from ${doc.data_quality.source}${doc.data_quality.synthetic ? " (synthetic sample)" : ""}`,
          );
        }
        return 0;
      }
      default:
        throw new UsageError(`unknown command: ${args.command}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      err(`ucd-sdk: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (isNotFoundError(e)) err(`ucd-sdk: not found: ${e.url}`);
    else if (isHttpError(e) || isNetworkError(e)) err(`ucd-sdk: ${e.message}`);
    else err(`ucd-sdk: ${(e as Error).message}`);
    return 1;
  }
}

function toJson(r: NearestResult) {
  return { distance_km: Math.round(r.distanceKm * 1000) / 1000, city: r.city.path, clinic: r.clinic };
}
