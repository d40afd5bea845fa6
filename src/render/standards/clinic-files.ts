import { hsdsIds } from "../hsds/ids.js";
import type { OutputWriter } from "../output/writer.js";
import { hsdsServiceFile } from "./paths.js";

/**
 * The standards' files of one clinic, files of its unit (carried with its API document and pages): its HSDS
 * service (`src/render/standards/paths.ts` says why its FHIR Location is not one).
 * @example clinicStandardsFiles("k3v9q2m7x1ab") // ["hsds/services/….json"]
 */
export function clinicStandardsFiles(id: string): string[] {
  return [hsdsServiceFile(hsdsIds(id).service)];
}

/**
 * Writes a clinic's HSDS service, already serialised (the same text is the clinic's line of its state's NDJSON
 * dump).
 */
export async function writeClinicStandards(
  out: OutputWriter,
  id: string,
  texts: { service: string },
): Promise<void> {
  await out.add(hsdsServiceFile(hsdsIds(id).service), texts.service);
}
