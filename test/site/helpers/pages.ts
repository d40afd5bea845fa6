import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { parseTreeManifest, TREE_MANIFEST } from "../../../src/tree/manifest.js";

export interface Listed {
  path: string;
  bytes: number;
}

/** The files of a built folder as files.tsv lists them. */
export async function listed(dir: string): Promise<Listed[]> {
  return parseTreeManifest(await readFile(join(dir, TREE_MANIFEST), "utf8"));
}

const CLINIC = /^clinics\/[^/]+\/[^/]+\/(?!index\.html$)[^/]+\.html$/;
const CITY = /^clinics\/[^/]+\/[^/]+\/index\.html$/;
const STATE = /^clinics\/[^/]+\/index\.html$/;
const NETWORK = /^networks\/[^/]+\/index\.html$/;
const LIST_PAGE = /^(?:networks\/[^/]+|clinics\/[^/]+\/[^/]+)\/page-\d+\/index\.html$/;

/** The kind of a page file, or null when it is not one of the per-item pages. */
export function kindOf(file: string): "clinic" | "city" | "state" | "network" | "list-page" | null {
  if (LIST_PAGE.test(file)) return "list-page";
  if (CLINIC.test(file)) return "clinic";
  if (CITY.test(file)) return "city";
  if (STATE.test(file)) return "state";
  if (NETWORK.test(file)) return "network";
  return null;
}

/** `clinics/texas/index.html` → `/clinics/texas/`; a clinic's page (`…/austin/x.html`) is its own address */
export const urlOf = (file: string) => `/${file.replace(/index\.html$/, "")}`;

/**
 * Compressed size of a file as a browser gets it: its `.br` sibling, else its `.gz`; a file without siblings (a
 * clinic's page) is compressed on the fly by the server, gzip at level 6 (`body`, when given).
 */
export function sent(files: Map<string, number>, path: string, body?: Buffer): number {
  return files.get(`${path}.br`) ?? files.get(`${path}.gz`) ?? (body ? gzipSync(body).length : Number.NaN);
}

/** Compressed weight of a page with the CSS and scripts it loads (each shared file counted once). */
export async function pageWeight(dir: string, files: Map<string, number>, file: string): Promise<number> {
  const bytes = await readFile(join(dir, file));
  const body = bytes.toString("utf8");
  let total = sent(files, file, bytes);
  for (const m of body.matchAll(/(?:href|src)="\/(assets\/[^"]+)"/g)) total += sent(files, m[1] as string);
  return total;
}

/** One page of each kind: the heaviest city and clinic pages (by compressed size), the largest state and network. */
export async function representativePages(dir: string) {
  const all = await listed(dir);
  const sizes = new Map(all.map((f) => [f.path, f.bytes]));
  const heaviest = (kind: string) => {
    let best: string | undefined;
    // By compressed size; a kind of page without siblings (clinics') by its own size.
    const br = (path: string) => sent(sizes, path) || (sizes.get(path) ?? 0);
    for (const f of all) if (kindOf(f.path) === kind && (!best || br(f.path) > br(best))) best = f.path;
    if (!best) throw new Error(`no ${kind} page`);
    return best;
  };
  const files = {
    home: "index.html",
    near: "near-me/index.html",
    state: heaviest("state"),
    city: heaviest("city"),
    clinic: heaviest("clinic"),
    network: heaviest("network"),
    networks: "networks/index.html",
    about: "about/index.html",
    docs: "docs/index.html",
  };
  /** The same pages in Spanish. */
  const spanish = Object.fromEntries(Object.entries(files).map(([k, f]) => [k, `es/${f}`])) as typeof files;
  return { files, spanish, sizes, all };
}
