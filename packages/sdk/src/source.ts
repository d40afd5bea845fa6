import type { RequestOptions } from "./transport.js";
import type { CitiesList, ClinicsByCity } from "./types.js";

/** The two documents the directory-wide helpers read; `UrgentCareClient` is one. */
export interface DirectorySource {
  cities(options?: RequestOptions): Promise<CitiesList>;
  clinics(state: string, city: string, options?: RequestOptions): Promise<ClinicsByCity>;
}
