import type { IngestReport, PlaceCounts } from "../../dataset/types.js";
import { STATES } from "../../geo/states.js";
import { EVIDENCE_LEVELS, type EvidenceLevel, PLACE_KINDS, type PlaceKind } from "../../schema/evidence.js";
import type { Stats } from "../../schema/stats.js";
import type { BuildContext } from "../context.js";
import type { Summary } from "../summary.js";
import { fieldCoverage, share } from "./entries.js";

export function statsDocument(ctx: BuildContext, summary: Summary): Stats {
  const { dataset } = ctx;
  const total = summary.clinics;
  const perCity = summary.cities.map((c) => c.clinics).sort((a, b) => a - b);
  const networkClinics = summary.known.network;
  const rejected = sumValues(dataset.report.rejected);
  const merged = sumValues(dataset.report.merged);
  return {
    coverage: {
      total_clinics: total,
      total_cities: summary.cities.length,
      total_states: summary.states.filter((s) => s.clinics > 0).length,
      total_networks: summary.networks.length,
      network_clinics: networkClinics,
      no_known_network_clinics: total - networkClinics,
      independent_clinics: total - networkClinics,
      clinics_per_city: {
        min: perCity[0] ?? 0,
        median: median(perCity),
        max: perCity[perCity.length - 1] ?? 0,
      },
      states: summary.states.map((s) => ({
        slug: s.state.slug,
        code: s.state.code,
        name: s.state.name,
        cities: s.cities.length,
        clinics: s.clinics,
        networks: s.networks,
        no_known_network_clinics: s.clinics - s.known.network,
        independent_clinics: s.clinics - s.known.network,
        hours: { known: share(s.known.hours, s.clinics), oldest_observation: s.hoursObserved },
      })),
    },
    data_quality: {
      synthetic: dataset.source.synthetic,
      source: dataset.source.name,
      data_version: dataset.dataVersion,
      generated_at: ctx.generatedAt,
      record_dates: { ...dataset.recordDates },
      network_evidence: sorted(summary.networkEvidence),
      places: placeQuality(dataset.report),
      records: {
        read: dataset.report.read,
        carried: dataset.report.carried,
        replaced: dataset.report.replaced,
        published: total,
        rejected,
        merged,
        repaired: dataset.report.repairedRecords,
      },
      rejected_by_reason: sorted(dataset.report.rejected),
      repaired_by_reason: sorted(dataset.report.repaired),
      merged_by_reason: sorted(dataset.report.merged),
      completeness: {
        ...fieldCoverage(summary.known, total),
        address: share(summary.known.address, total),
        neighborhood: share(summary.known.neighborhood, total),
        services: share(summary.known.services, total),
        insurance: share(summary.known.insurance, total),
        reviews_count: share(summary.known.reviews_count, total),
      },
      sources: dataset.source.files.map((f) => ({ ...f })),
    },
    meta: ctx.meta("/stats.json"),
  };
}

/** The places by kind and level, in all and per state (`IngestReport.places`), kinds and levels in schema order. */
function placeQuality(report: IngestReport): Stats["data_quality"]["places"] {
  const total: PlaceCounts = {};
  const states = STATES.filter((s) => report.places[s.code] !== undefined)
    .map((s) => ({ slug: s.slug, code: s.code, name: s.name, counts: report.places[s.code] as PlaceCounts }))
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  for (const s of states)
    for (const [kind, levels] of Object.entries(s.counts) as [
      PlaceKind,
      Partial<Record<EvidenceLevel, number>>,
    ][])
      for (const [level, count] of Object.entries(levels) as [EvidenceLevel, number][]) {
        const byLevel = total[kind] ?? {};
        byLevel[level] = (byLevel[level] ?? 0) + count;
        total[kind] = byLevel;
      }
  return {
    published_kinds: PLACE_KINDS.filter((k) => report.keptKinds.includes(k)),
    kinds: kindCounts(total),
    states: states.map(({ counts, ...s }) => ({ ...s, kinds: kindCounts(counts) })),
  };
}

function kindCounts(counts: PlaceCounts) {
  const out: Partial<Record<PlaceKind, Record<EvidenceLevel, number>>> = {};
  for (const kind of PLACE_KINDS) {
    const levels = counts[kind];
    if (levels)
      out[kind] = Object.fromEntries(EVIDENCE_LEVELS.map((l) => [l, levels[l] ?? 0])) as Record<
        EvidenceLevel,
        number
      >;
  }
  return out;
}

function median(sortedValues: readonly number[]): number {
  if (sortedValues.length === 0) return 0;
  const mid = sortedValues.length >> 1;
  return sortedValues.length % 2
    ? (sortedValues[mid] as number)
    : ((sortedValues[mid - 1] as number) + (sortedValues[mid] as number)) / 2;
}

function sumValues(counts: Record<string, number>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

function sorted(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
