import type { Stats } from "../../schema/stats.js";
import type { BuildContext } from "../context.js";
import type { Model } from "../model.js";
import { fieldCoverage, share } from "./entries.js";

export function statsDocument(ctx: BuildContext, model: Model): Stats {
  const { dataset } = ctx;
  const clinics = dataset.clinics;
  const perCity = model.cities.map((c) => c.clinics.length).sort((a, b) => a - b);
  const networkClinics = clinics.filter((c) => c.network !== null).length;
  const rejected = sumValues(dataset.report.rejected);
  const merged = sumValues(dataset.report.merged);
  return {
    coverage: {
      total_clinics: clinics.length,
      total_cities: model.cities.length,
      total_states: model.states.filter((s) => (model.citiesByState.get(s.code) ?? []).length > 0).length,
      total_networks: model.networks.length,
      network_clinics: networkClinics,
      independent_clinics: clinics.length - networkClinics,
      clinics_per_city: {
        min: perCity[0] ?? 0,
        median: median(perCity),
        max: perCity[perCity.length - 1] ?? 0,
      },
      states: model.states.map((s) => {
        const inState = (model.citiesByState.get(s.code) ?? []).flatMap((c) => c.clinics);
        const independent = inState.filter((c) => c.network === null).length;
        return {
          slug: s.slug,
          code: s.code,
          name: s.name,
          cities: (model.citiesByState.get(s.code) ?? []).length,
          clinics: inState.length,
          networks: new Set(inState.map((c) => c.network).filter((n) => n !== null)).size,
          independent_clinics: independent,
        };
      }),
    },
    data_quality: {
      synthetic: dataset.source.synthetic,
      source: dataset.source.name,
      data_version: dataset.dataVersion,
      generated_at: ctx.generatedAt,
      records: {
        read: dataset.report.read,
        published: clinics.length,
        rejected,
        merged,
        repaired: dataset.report.repairedRecords,
      },
      rejected_by_reason: sorted(dataset.report.rejected),
      repaired_by_reason: sorted(dataset.report.repaired),
      merged_by_reason: sorted(dataset.report.merged),
      completeness: {
        ...fieldCoverage(clinics),
        address: share(clinics, (c) => c.address !== null),
        neighborhood: share(clinics, (c) => c.neighborhood !== null),
        services: share(clinics, (c) => c.services.length > 0),
        insurance: share(clinics, (c) => c.insurance.length > 0),
        reviews_count: share(clinics, (c) => c.reviews_count !== null),
      },
      sources: dataset.source.files.map((f) => ({ ...f })),
    },
    meta: ctx.meta("/stats.json"),
  };
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
