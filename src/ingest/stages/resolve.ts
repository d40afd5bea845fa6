import { hoursFrom } from "../../dataset/hours-text.js";
import type { CityRecord, ClinicRecord, NetworkEvidence, WithheldPlace } from "../../dataset/types.js";
import { distanceKm } from "../../geo/distance.js";
import { timezoneAt } from "../../geo/timezone.js";
import type { PlaceKind } from "../../schema/evidence.js";
import { dedupe, splitProvenance } from "../dedupe/index.js";
import { mergeSources } from "../merge/index.js";
import { assignNetworks, type NetworkDecision } from "../networks/assign.js";
import type { InferredNetwork } from "../networks/infer.js";
import type { JoinedRecord, MergedRecord, NormalisedRecord } from "../normalised.js";
import type { Problem } from "../problems.js";
import { assignIds } from "../resolve/ids.js";
import { resolvePlaces } from "../resolve/places.js";

/** A clinic this far from its city's centre is reported (its city name or its point is doubtful). */
export const FAR_FROM_CITY_KM = 50;

/** What the resolve stage needs to know beyond one state's records. */
export interface ResolveContext {
  /** Whether a record's source id identifies it (not a row number). */
  stableSourceId: (r: NormalisedRecord) => string | null;
  /** Whether a record's source id makes its clinic id (the profile says the ids are stable). */
  idFromSourceId: (r: NormalisedRecord) => string | null;
  inferred: ReadonlyMap<string, ReadonlyMap<string, InferredNetwork>>;
  /** Ids our own exports gave, in every state (kept ids are global; derived ids include the state). */
  keptIds: Set<string>;
  /** Kinds of place published (`walk_in_urgent_care` always; `--keep-kind` adds more). */
  keepKinds: ReadonlySet<PlaceKind>;
  report: (p: Problem) => void;
}

/**
 * The context of every state of an import: a record's source id identifies it unless its input's ids count rows, and
 * makes its clinic id when its profile says the ids are stable; no id of our own exports kept yet.
 * @example const ctx = { ...resolveContext(read.rowNumberIds, prefixes.decide()), report };
 */
export function resolveContext(
  rowNumberIds: ReadonlySet<number>,
  inferred: ResolveContext["inferred"],
  keepKinds: Iterable<PlaceKind> = [],
): Omit<ResolveContext, "report"> {
  const stable = (r: NormalisedRecord) => (rowNumberIds.has(r.input) ? null : r.sourceId);
  return {
    stableSourceId: stable,
    idFromSourceId: (r) => (r.stableId ? stable(r) : null),
    inferred,
    keptIds: new Set(),
    keepKinds: new Set<PlaceKind>(["walk_in_urgent_care", ...keepKinds]),
  };
}

/** What resolving one state found besides its clinics. */
export interface ResolvedState {
  cities: CityRecord[];
  merged: Record<string, number>;
  /** Records not published for want of a location (rejected). */
  unlocated: number;
  /** Repair codes of each published clinic (with its duplicates'). */
  repairs: string[][];
  /** Places not published for their kind (`--keep-kind` did not keep it), with their evidence. */
  withheld: WithheldPlace[];
}

/**
 * The resolve stage for one state: de-duplication within each source, the merge of the sources (`src/ingest/merge`),
 * then for each clinic its network (with evidence), its city (centre and time zone), its id and its hours' time
 * zone — each decided once, here. Yields the published records one by one (so that they can be written out without
 * being held) and fills `found` with the rest.
 * @example for (const clinic of resolveState(await spill.read("TX"), ctx, found)) await out.add("TX", clinic);
 */
export function* resolveState(
  records: NormalisedRecord[],
  ctx: ResolveContext,
  found: ResolvedState,
): Generator<ClinicRecord> {
  const where = (r: NormalisedRecord) => `${r.file}:${r.row}`;
  const bySource = new Map<string, NormalisedRecord[]>();
  for (const r of records) {
    const list = bySource.get(r.source);
    if (list) list.push(r);
    else bySource.set(r.source, [r]);
  }
  const merged: Record<string, number> = {};
  const deduped: MergedRecord[] = [];
  for (const list of bySource.values()) {
    const d = dedupe(list, where, ctx.stableSourceId, ctx.report);
    deduped.push(...d.clinics);
    for (const [k, n] of Object.entries(d.merged)) merged[k] = (merged[k] ?? 0) + n;
  }
  const joined = mergeSources(deduped, ctx.report);
  for (const [k, n] of Object.entries(joined.merged))
    merged[`merged_${k}`] = (merged[`merged_${k}`] ?? 0) + n;
  const unique: JoinedRecord[] = [];
  for (const r of joined.clinics) {
    if (ctx.keepKinds.has(r.evidence.kind)) unique.push(r);
    else found.withheld.push(withhold(r, ctx.report));
  }
  const state = records[0]?.state ?? "";
  const places = resolvePlaces(state, unique);
  for (const { record, reason } of places.unlocated) {
    const [file, row] = splitProvenance(record.provenance[0] as string);
    ctx.report({ file, row, field: "city", code: "no_location", message: reason, kind: "rejected" });
  }
  const placed = unique.filter((r) => places.cityOf.has(r));
  // The state's own ids over the global kept ones: derived ids stay in this state, without copying the global set
  // for every state (a million kept ids, 51 times over, on re-importing our own export).
  const local = new Set<string>();
  const taken = {
    has: (id: string) => local.has(id) || ctx.keptIds.has(id),
    add: (id: string) => local.add(id),
  };
  const ids = assignIds(placed, ctx.idFromSourceId, taken);
  for (const r of placed) if (r.keptId !== null) ctx.keptIds.add((ids.get(r) as { id: string }).id);
  const networks = assignNetworks(placed, ctx.inferred);
  found.cities = places.cities;
  found.merged = merged;
  found.unlocated = places.unlocated.length;
  for (const [k, r] of placed.entries()) {
    const city = places.cityOf.get(r) as CityRecord;
    const id = ids.get(r) as { id: string; collision: string | null };
    const codes = [...r.repairs];
    if (id.collision) {
      const [file, row] = splitProvenance(r.provenance[0] as string);
      ctx.report({ file, row, field: "id", code: "id_collision", message: id.collision, kind: "repaired" });
      codes.push("id_collision");
    }
    if (r.latitude !== null && r.longitude !== null) {
      const km = distanceKm(r.latitude, r.longitude, city.latitude, city.longitude);
      if (km > FAR_FROM_CITY_KM) {
        const [file, row] = splitProvenance(r.provenance[0] as string);
        ctx.report({
          file,
          row,
          field: "city",
          code: "far_from_city",
          message: `the clinic lies ${Math.round(km)} km from the centre of ${city.name}, ${state}; published as given`,
          kind: "notice",
        });
      }
    }
    const decision = networks[k] as NetworkDecision;
    found.repairs.push(codes);
    yield toClinicRecord(r, id.id, city, decision.network, decision.evidence);
  }
}

/** A place not published for its kind: reported (`not_walk_in`, rejected) with its reason and evidence. */
function withhold(r: JoinedRecord, report: (p: Problem) => void): WithheldPlace {
  const e = r.evidence;
  const reason = `not_walk_in: ${e.kind}`;
  const [file, row] = splitProvenance(r.provenance[0] as string);
  const against = e.against.length ? `; against: ${e.against.map((a) => a.detail).join("; ")}` : "";
  report({
    file,
    row,
    field: "",
    code: "not_walk_in",
    message: `${e.kind}: ${e.reason.detail}${against} (evidence ${e.level}: ${e.sources.map((s) => s.id ?? s.name).join(", ")}); not published (--keep-kind ${e.kind} would publish it)`,
    kind: "rejected",
  });
  return {
    name: r.name,
    state: r.state,
    city: r.city,
    address: r.address,
    npi: r.npi,
    source_ids: r.sourceIds,
    provenance: r.provenance,
    reason,
    evidence: e,
  };
}

function toClinicRecord(
  r: JoinedRecord,
  id: string,
  city: CityRecord,
  network: string | null,
  evidence: NetworkEvidence | null,
): ClinicRecord {
  let hours: ClinicRecord["hours"] = null;
  if (r.weekly) {
    const zone =
      r.timezone ??
      (r.latitude !== null && r.longitude !== null ? timezoneAt(r.latitude, r.longitude) : null) ??
      city.timezone;
    hours = hoursFrom(r.weekly, zone);
  }
  return {
    id,
    name: r.name,
    network,
    network_evidence: evidence,
    address: r.address,
    street: r.street,
    zip: r.zip?.slice(0, 5) ?? null,
    neighborhood: r.neighborhood,
    latitude: r.latitude,
    longitude: r.longitude,
    coordinates_source: r.latitude === null ? null : r.coordinatesSource,
    phone: r.phone,
    hours,
    services: r.services,
    insurance: r.insurance,
    rating: r.rating,
    reviews_count: r.reviews_count,
    website: r.website,
    state: r.state,
    city: city.name,
    city_slug: city.slug,
    date: r.date,
    npi: r.npi,
    sources: r.sources,
    evidence: r.evidence,
    source_ids: r.sourceIds,
    provenance: r.provenance,
  };
}
