import { createReadStream } from "node:fs";
import { appendFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Clinic } from "../schema/clinic.js";
import type { StateRef } from "../schema/places.js";
import { stateRef } from "./documents/entries.js";
import type { StateGroup } from "./group.js";
import type { NetworkSummary } from "./summary.js";

/** A clinic of a network with where it sits (what a network's document and page list). */
export interface NetworkMember {
  clinic: Clinic;
  state: StateRef;
  city: { slug: string; name: string };
  /** 5-digit ZIP code of the clinic, or null (from the record: the API's Clinic does not carry it). */
  zip: string | null;
}

/**
 * The clinics of every network, gathered while the states are rendered and spilled to one file per network, so
 * that a network's document and page can list them afterwards without the whole data set in memory. Members come
 * back in the API's order: state slug, city slug, then name and id.
 * @example const members = new NetworkMembers(join(scratch, "networks")); await members.add(group); for await (const m of members.of(network)) …
 */
export class NetworkMembers {
  readonly #dir: string;
  #ready: Promise<unknown> | null = null;

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** Appends the networked clinics of one rendered state. */
  async add(group: StateGroup): Promise<void> {
    this.#ready ??= mkdir(this.#dir, { recursive: true });
    await this.#ready;
    const state = stateRef(group.state.state);
    const lines = new Map<string, string[]>();
    for (const city of group.cities) {
      const place = { slug: city.city.slug, name: city.city.name };
      for (const { clinic, record } of city.clinics) {
        if (clinic.network === null) continue;
        const member: NetworkMember = { clinic, state, city: place, zip: record.zip };
        const list = lines.get(clinic.network);
        const line = JSON.stringify(member);
        if (list) list.push(line);
        else lines.set(clinic.network, [line]);
      }
    }
    for (const [network, list] of lines) await appendFile(this.#file(network), `${list.join("\n")}\n`);
  }

  /** The members of one network, in the API's order. */
  async *of(network: Pick<NetworkSummary, "name">): AsyncGenerator<NetworkMember> {
    const input = createReadStream(this.#file(network.name));
    for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line) yield JSON.parse(line) as NetworkMember;
    }
  }

  /** The spilled members of one network as bytes (what its documents and pages list, for its content key). */
  async raw(network: Pick<NetworkSummary, "name">): Promise<Buffer> {
    return readFile(this.#file(network.name)).catch((e: NodeJS.ErrnoException) => {
      if (e.code === "ENOENT") return Buffer.alloc(0);
      throw e;
    });
  }

  // Network names are free text: the file name is a hex encoding, safe on every file system.
  #file(network: string): string {
    return join(this.#dir, `${Buffer.from(network).toString("hex").slice(0, 200)}.ndjson`);
  }
}
