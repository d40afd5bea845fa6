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
