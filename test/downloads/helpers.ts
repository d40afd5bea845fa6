import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";

/** A clinic as its city document publishes it, plus the state, city and ZIP fields the downloads add. */
export type ExpectedClinic = Record<string, unknown> & { id: string; coordinates: string | null };

/**
 * Every clinic of a built site, read from its API documents (cities.json, then each city's clinics document),
 * in the order the API lists them: the reference the downloads are checked against.
 */
export async function clinicsFromApi(out: string): Promise<ExpectedClinic[]> {
  const api = join(out, "api/v1");
  // Read synchronously: 9,000 small documents, several times faster than through the thread pool.
  const cities = JSON.parse(readFileSync(join(api, "cities.json"), "utf8")) as {
    cities: { path: string }[];
  };
  const all: ExpectedClinic[] = [];
  for (const c of cities.cities) {
    const doc = JSON.parse(readFileSync(join(api, c.path), "utf8")) as {
      city: { slug: string; name: string; state: { slug: string; code: string; name: string } };
      clinics: ExpectedClinic[];
    };
    for (const clinic of doc.clinics) {
      // ZIP codes, sources and evidence are not in the city documents: the clinic's own document has them.
      const own = JSON.parse(readFileSync(join(api, `clinic/${clinic.id}.json`), "utf8")) as {
        clinic: { place: { zip: string | null } };
        sources: unknown[];
        evidence: unknown;
      };
      all.push({
        ...clinic,
        state: doc.city.state.slug,
        state_code: doc.city.state.code,
        state_name: doc.city.state.name,
        city: doc.city.slug,
        city_name: doc.city.name,
        zip: own.clinic.place.zip,
        sources: own.sources,
        evidence: own.evidence,
      });
    }
  }
  return all;
}

/** An in-process DuckDB: `all(sql)` returns rows as plain JS values (BIGINT as bigint). */
export async function duckdb(): Promise<{
  all: (sql: string) => Promise<Record<string, unknown>[]>;
  close: () => void;
}> {
  const instance = await DuckDBInstance.create(":memory:");
  const con = await instance.connect();
  return {
    all: async (sql) => (await con.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[],
    close: () => {
      con.closeSync();
      instance.closeSync();
    },
  };
}

/** A path as a single-quoted SQL string literal. */
export const sqlPath = (path: string) => `'${path.replaceAll("'", "''")}'`;
