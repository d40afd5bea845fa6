import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** What a release records about itself for the next one (`bookkeeping/release.json`). */
export interface ReleaseInfo {
  id: string;
  data_version: string;
  generated_at: string;
  compression: string;
  clinics: number;
  previous_version: string | null;
  /**
   * The release folder whose tree this one was rendered against (its render bookkeeping's `delta.txt` lists the
   * paths that differ from that tree); null for a first release. Absent in releases from before trees were recycled.
   */
  previous_release?: string | null;
}

/** A release's `release.json`, or null when it has none (a folder from before releases) or it is unreadable. */
export async function readInfo(stateDir: string): Promise<ReleaseInfo | null> {
  try {
    return JSON.parse(await readFile(join(stateDir, "release.json"), "utf8")) as ReleaseInfo;
  } catch {
    return null;
  }
}

/** The folder of a release's bookkeeping, beside its served tree `site`. */
export const BOOKKEEPING = "bookkeeping";

/**
 * Where a release folder keeps its bookkeeping: `bookkeeping/`, or `state/` in a store written before it was so
 * named.
 * @example bookkeepingOf(".public.releases/0003-2026-06-15") // ".public.releases/0003-2026-06-15/bookkeeping"
 */
export function bookkeepingOf(root: string): string {
  const bookkeeping = join(root, BOOKKEEPING);
  const older = join(root, "state");
  return !existsSync(bookkeeping) && existsSync(older) ? older : bookkeeping;
}
