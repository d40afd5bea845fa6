import { clinicLocation } from "../fhir/resources.js";
import { hsdsIds } from "../hsds/ids.js";
import { fullService } from "../hsds/service.js";
import type { OutputWriter } from "../output/writer.js";
import type { ClinicFacts } from "./facts.js";
import { fhirLocationFile, hsdsServiceFile } from "./paths.js";

/**
 * The standards' files of one clinic, files of its unit (carried with its API document and pages): its FHIR
 * Location and its HSDS service.
 * @example clinicStandardsFiles("k3v9q2m7x1ab") // ["fhir/r4/Location/k3v9q2m7x1ab.json", "hsds/services/….json"]
 */
export function clinicStandardsFiles(id: string): string[] {
  return [fhirLocationFile(id), hsdsServiceFile(hsdsIds(id).service)];
}

/**
 * Writes a clinic's FHIR Location and HSDS service, as of `lastUpdated` (the time of the release that last changed
 * the clinic: the same in the bulk files).
 */
export async function writeClinicStandards(
  out: OutputWriter,
  f: ClinicFacts,
  lastUpdated: string,
): Promise<void> {
  await out.json(fhirLocationFile(f.id), clinicLocation(f, lastUpdated));
  await out.json(hsdsServiceFile(hsdsIds(f.id).service), fullService(f, lastUpdated));
}
