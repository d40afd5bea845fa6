// The `ucd-sdk` command: a thin shell over the library, for people and for scripts (`--json`).
import { readFileSync } from "node:fs";
import { UrgentCareClient } from "./client.js";
import { isHttpError, isNetworkError, isNotFoundError } from "./errors.js";
import { nextChange, openStatus, type StatusChange } from "./hours.js";
import type { NearestResult } from "./nearest.js";
import type { Clinic } from "./types.js";

/** Where the CLI looks for the API when neither --base-url nor $UCD_BASE_URL says: a local `npm start`. */
export const LOCAL_BASE_URL = "http://127.0.0.1:8080/api/v1";

const USAGE = `Usage: ucd-sdk <command> [options]

Commands:
  clinic <id>             one clinic, with its city, state and network
  search <text…>          clinics by name, network, city, state or ZIP ("redfern austin", "78701")
  find <state> <city>     clinics of a city (codes, names or slugs: tx austin, "New York" "New York")
  network <slug|name>     a network and all its clinics
  nearest <lat> <lng>     nearest clinics to a point, across city and state borders
  states                  the 50 states and DC with their counts
  stats                   coverage and data-quality figures, and the states with most clinics

Options:
  --json                  print JSON with the API's own field names instead of text
  --base-url URL          API address (default: $UCD_BASE_URL or ${LOCAL_BASE_URL})
  --limit N               most items listed, for every command (search, nearest, stats: default 10)
  --max-km KM             nearest: only within KM kilometres
  --max-miles MI          nearest: only within MI miles
  --units km|mi           distances in kilometres or miles (default: miles with --max-miles or in a US, UK,
                          Liberian or Burmese locale — $LC_ALL, $LC_MEASUREMENT, $LANG — else kilometres)
  --open-now              find, network, nearest, search: only clinics open now
  --open-first            nearest: the nearest clinics open now first, then the nearest not open (hours
                          unknown, then closed), as the site lists them
  --version               the SDK's version
  -h, --help              this help

Exit codes: 0 success (an empty answer included), 1 not found or request failed, 2 bad usage.`;

class UsageError extends Error {}

interface Args {
  command: string | undefined;
  positionals: string[];
  json: boolean;
  openNow: boolean;
  openFirst: boolean;
  help: boolean;
  version: boolean;
  baseUrl: string | undefined;
  limit: number | undefined;
  maxKm: number | undefined;
  maxMiles: number | undefined;
  units: Unit | undefined;
}

/** A unit of distance the CLI prints in. */
export type Unit = "km" | "mi";
const KM_PER_MILE = 1.609344;

/** Hand-rolled so that negative numbers (`nearest 40.7 -74.0`) are positionals, not options. */
export function parseCli(argv: readonly string[]): Args {
  const args: Args = {
    command: undefined,
    positionals: [],
    json: false,
    openNow: false,
    openFirst: false,
    help: false,
    version: false,
    baseUrl: undefined,
    limit: undefined,
    maxKm: undefined,
    maxMiles: undefined,
    units: undefined,
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
    else if (flag === "--open-first") args.openFirst = true;
    else if (flag === "--help" || flag === "-h") args.help = true;
    else if (flag === "--version") args.version = true;
    else if (flag === "--base-url") args.baseUrl = value();
    else if (flag === "--limit") {
      const n = numberArg(flag, value());
      if (!Number.isInteger(n) || n < 0) throw new UsageError(`--limit must be a whole number ≥ 0: ${n}`);
      args.limit = n;
    } else if (flag === "--max-km") args.maxKm = numberArg(flag, value());
    else if (flag === "--max-miles") args.maxMiles = numberArg(flag, value());
    else if (flag === "--units") {
      const u = value().toLowerCase();
      if (u !== "km" && u !== "mi") throw new UsageError(`--units must be km or mi: ${u}`);
      args.units = u;
    } else if (flag.startsWith("-") && !/^-\d/.test(flag)) throw new UsageError(`unknown option: ${flag}`);
    else if (args.command === undefined) args.command = token;
    else args.positionals.push(token);
  }
  if (args.maxKm !== undefined && args.maxMiles !== undefined)
    throw new UsageError("give --max-km or --max-miles, not both");
  return args;
}

/** Regions whose people measure road distances in miles. */
const MILE_REGIONS = new Set(["US", "GB", "LR", "MM"]);

/**
 * The unit to print distances in: `--units`, else the unit of `--max-miles`/`--max-km`, else the locale's
 * (`LC_ALL`, then `LC_MEASUREMENT`, then `LANG`, as POSIX reads them; else the runtime's): miles in the US, the
 * UK, Liberia and Myanmar, kilometres elsewhere.
 * @example unitFor(parseCli(["nearest", "1", "2"]), { LANG: "en_US.UTF-8" }); // "mi"
 */
export function unitFor(args: Args, env: Readonly<Record<string, string | undefined>>): Unit {
  if (args.units) return args.units;
  if (args.maxMiles !== undefined) return "mi";
  if (args.maxKm !== undefined) return "km";
  const posix = [env.LC_ALL, env.LC_MEASUREMENT, env.LANG].find((v) => v !== undefined && v !== "");
  const locale = posix ?? Intl.DateTimeFormat().resolvedOptions().locale;
  const region = /^[a-z]{2,3}[_-](?:[A-Za-z]{4}[_-])?([A-Za-z]{2})\b/.exec(locale)?.[1]?.toUpperCase();
  return region !== undefined && MILE_REGIONS.has(region) ? "mi" : "km";
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

/**
 * `1 clinic`, `2 clinics`, `1 city`, `3 cities`.
 * @example plural(1, "clinic"); // "1 clinic"
 */
export function plural(n: number, word: string): string {
  if (n === 1) return `1 ${word}`;
  return `${n} ${word.endsWith("y") ? `${word.slice(0, -1)}ies` : `${word}s`}`;
}

/** The SDK's version, from its package.json (next to dist/ and src/). */
export function version(): string {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return String(manifest.version);
}

const line = (c: Clinic, now: Date) =>
  `${c.name}${c.network ? ` [${c.network}]` : ""} — ${statusText(c, now)} — ${c.address ?? "address unknown"}${c.phone ? ` — ${c.phone}` : ""}`;

const DAY_NAMES = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };

/** `21:00` → `9 pm`, `08:30` → `8:30 am`, `12:00` → `noon`, `24:00` → `midnight`. */
function clock(hhmm: string): string {
  const h = Number(hhmm.slice(0, 2));
  const m = Number(hhmm.slice(3, 5));
  if (h % 24 === 0 && m === 0) return "midnight";
  if (h === 12 && m === 0) return "noon";
  return `${h % 12 === 0 ? 12 : h % 12}${m === 0 ? "" : `:${hhmm.slice(3, 5)}`} ${h < 12 || h === 24 ? "am" : "pm"}`;
}

const when = (next: StatusChange) =>
  `${clock(next.time)}${next.inDays === 0 ? "" : next.inDays === 1 ? " tomorrow" : ` ${DAY_NAMES[next.day]}`}`;

/**
 * A clinic's status at `now` in the clinic's own wall-clock time: "open until 9 pm", "closed, opens 8 am
 * tomorrow", "open 24 hours", "hours unknown".
 * @example statusText(clinic, new Date()); // "open until 9 pm"
 */
export function statusText(c: Pick<Clinic, "hours">, now: Date): string {
  const { status, next } = nextChange(c, now);
  if (status === "unknown") return "hours unknown";
  if (status === "open")
    return next ? `open until ${when(next)}` : c.hours?.open_24_hours ? "open 24 hours" : "open";
  return next ? `closed, opens ${when(next)}` : "closed";
}

/** The last line of text output when the data is the synthetic sample. */
export const SYNTHETIC_NOTE =
  "Synthetic sample data: these clinics, names, phones and web sites are fictional.";

/** A distance in the unit asked for: `1.24 mi`. */
const distance = (km: number, unit: Unit) =>
  `${(unit === "mi" ? km / KM_PER_MILE : km).toFixed(2).padStart(7)} ${unit}`;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Runs the CLI with `argv` (without node and the script) and returns the exit code. */
export async function main(
  argv: readonly string[],
  out = console.log,
  err = console.error,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  let args: Args;
  try {
    args = parseCli(argv);
  } catch (e) {
    err(`ucd-sdk: ${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.version) {
    out(version());
    return 0;
  }
  if (args.help || args.command === undefined) {
    (args.help ? out : err)(USAGE);
    return args.help ? 0 : 2;
  }
  const baseUrl = args.baseUrl ?? env.UCD_BASE_URL ?? LOCAL_BASE_URL;
  let client: UrgentCareClient;
  try {
    // Documents stay fresh for the run: `nearest` and its synthetic note read cities.json once.
    client = new UrgentCareClient({ baseUrl, cache: { ttlMs: 60_000 } });
  } catch (e) {
    err(`ucd-sdk: ${(e as Error).message}`);
    return 2;
  }
  const now = new Date();
  const limit = args.limit;
  const cut = <T>(list: readonly T[]): T[] => (limit === undefined ? [...list] : list.slice(0, limit));
  const open = <T extends Clinic>(list: readonly T[]): T[] =>
    args.openNow ? list.filter((c) => openStatus(c, now) === "open") : [...list];
  const openNow = args.openNow ? " open now" : "";
  const unit = unitFor(args, env);
  /** Ends text output on the synthetic sample with a line that says so. */
  const note = (meta: { synthetic: boolean }) => {
    if (!args.json && meta.synthetic) out(SYNTHETIC_NOTE);
  };
  try {
    switch (args.command) {
      case "clinic": {
        const [id] = expectPositionals(args, ["id"]);
        const doc = await client.clinic(id as string);
        if (args.json) out(json(doc));
        else if (limit !== 0) {
          const c = doc.clinic;
          out(line(c, now));
          out(`  ${c.place.city.name}, ${c.place.state.name}${c.place.zip ? ` ${c.place.zip}` : ""}`);
          if (doc.network)
            out(`  network: ${doc.network.name} (${plural(doc.network.clinic_count, "clinic")})`);
          out(`  ${c.url}`);
          note(doc.meta);
        }
        return 0;
      }
      case "search": {
        if (args.positionals.length === 0) throw new UsageError("search takes <text…>");
        const text = args.positionals.join(" ");
        const want = limit ?? 10;
        // --open-now needs each hit's hours: read the clinic documents of the hits, best first.
        const hits = await client.search(text, { limit: args.openNow ? Math.max(want, 50) : want });
        let shown = hits;
        if (args.openNow) {
          const docs = await Promise.all(hits.map((h) => client.clinic(h.id)));
          shown = hits.filter((_, i) => openStatus((docs[i] as { clinic: Clinic }).clinic, now) === "open");
        }
        shown = shown.slice(0, want);
        if (args.json) out(json(shown));
        else if (shown.length === 0) out(`No clinic${openNow} matches "${text}".`);
        else
          for (const h of shown)
            out(`${h.name}${h.network ? ` [${h.network}]` : ""} — ${h.city.name}, ${h.state.code} — ${h.id}`);
        if (!args.json) note((await client.index()).meta);
        return 0;
      }
      case "find": {
        const [state, city] = expectPositionals(args, ["state", "city"]);
        const doc = await client.clinics(state as string, city as string);
        const clinics = cut(open(doc.clinics));
        if (args.json) out(json({ ...doc, count: clinics.length, clinics }));
        else {
          const all = open(doc.clinics).length;
          out(
            `${doc.city.name}, ${doc.city.state.code}: ${plural(all, "clinic")}${openNow}${clinics.length < all ? ` (first ${clinics.length} shown)` : ""}`,
          );
          for (const c of clinics) out(`  ${line(c, now)}`);
          note(doc.meta);
        }
        return 0;
      }
      case "network": {
        const [name] = expectPositionals(args, ["slug|name"]);
        const doc = await client.network(name as string);
        const clinics = cut(open(doc.clinics));
        if (args.json) out(json({ ...doc, count: clinics.length, clinics }));
        else {
          const all = open(doc.clinics).length;
          out(
            `${doc.network.name}: ${plural(all, "clinic")}${openNow} in ${plural(doc.network.state_count, "state")}${clinics.length < all ? ` (first ${clinics.length} shown)` : ""}`,
          );
          for (const c of clinics) out(`  ${c.place.city.name}, ${c.place.state.code}: ${line(c, now)}`);
          note(doc.meta);
        }
        return 0;
      }
      case "nearest": {
        const [lat, lng] = expectPositionals(args, ["lat", "lng"]).map((v, i) =>
          numberArg(i ? "lng" : "lat", v),
        );
        const maxKm = args.maxMiles !== undefined ? args.maxMiles * KM_PER_MILE : args.maxKm;
        const results = await client.nearest(lat as number, lng as number, {
          ...(limit !== undefined && { limit }),
          ...(maxKm !== undefined && { maxKm }),
          ...(args.openNow && { openAt: now }),
          ...(args.openFirst && { openFirst: now }),
        });
        if (args.json) out(json(results.map(toJson)));
        else {
          const within = args.maxMiles ?? args.maxKm;
          if (results.length === 0)
            out(
              `No clinic${openNow}${within !== undefined ? ` within ${within} ${args.maxMiles !== undefined ? "mi" : "km"}` : ""} of ${lat}, ${lng}.`,
            );
          for (const r of results)
            out(
              `${r.approximate ? "~" : " "}${distance(r.distanceKm, unit)}  ${r.city.name}, ${r.city.state.code}: ${line(r.clinic, now)}${r.approximate ? " (location approximate)" : ""}`,
            );
          note((await client.cities()).meta);
        }
        return 0;
      }
      case "states": {
        expectPositionals(args, []);
        const doc = await client.states();
        const states = cut(doc.states);
        if (args.json) out(json({ ...doc, count: states.length, states }));
        else {
          for (const s of states)
            out(
              `${s.code}  ${s.name.padEnd(22)} ${plural(s.city_count, "city").padStart(11)} ${plural(s.clinic_count, "clinic").padStart(14)}`,
            );
          note(doc.meta);
        }
        return 0;
      }
      case "stats": {
        expectPositionals(args, []);
        const doc = await client.stats();
        const c = doc.coverage;
        if (args.json) out(json({ ...doc, coverage: { ...c, states: cut(c.states) } }));
        else {
          out(
            `${plural(c.total_clinics, "clinic")} in ${plural(c.total_cities, "city")}, ${plural(c.total_states, "state")}, ${plural(c.total_networks, "network")}`,
          );
          out(
            `data ${doc.data_quality.data_version} from ${doc.data_quality.source}${doc.data_quality.synthetic ? " (synthetic sample)" : ""}`,
          );
          const largest = [...c.states].sort((a, b) => b.clinics - a.clinics).slice(0, limit ?? 10);
          if (largest.length > 0) out(`largest states:`);
          for (const s of largest)
            out(`  ${s.code}  ${s.name.padEnd(22)} ${plural(s.clinics, "clinic").padStart(14)}`);
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
    if (isNotFoundError(e)) err(`ucd-sdk: not found: ${e.url}${e.hint ? `\n  ${e.hint}` : ""}`);
    else if (isNetworkError(e))
      err(
        `ucd-sdk: ${e.message}\n  Is the API at ${baseUrl}? Point the CLI at it with --base-url URL (or $UCD_BASE_URL).`,
      );
    else if (isHttpError(e)) err(`ucd-sdk: ${e.message}`);
    else err(`ucd-sdk: ${(e as Error).message}`);
    return 1;
  }
}

/** A nearest result in the API's style: snake_case, the clinic with its `place`. */
function toJson(r: NearestResult) {
  return {
    distance_km: Math.round(r.distanceKm * 1000) / 1000,
    approximate: r.approximate,
    clinic: r.clinic,
  };
}
