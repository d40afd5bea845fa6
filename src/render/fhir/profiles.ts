/**
 * The code systems, identifier systems and profiles the FHIR resources use: the Da Vinci PDex Plan-Net
 * implementation guide (1.2.0, `hl7.fhir.us.davinci-pdex-plan-net`), the profiles of a payer's provider directory,
 * which the US National Directory (NDH) took over (docs/fhir.md says why Plan-Net and what each element holds).
 */
const PLAN_NET = "http://hl7.org/fhir/us/davinci-pdex-plan-net";

/** The profiles claimed in `meta.profile`: every resource that claims one is validated against it in a test. */
export const PROFILES = {
  Organization: `${PLAN_NET}/StructureDefinition/plannet-Organization`,
  Location: `${PLAN_NET}/StructureDefinition/plannet-Location`,
  HealthcareService: `${PLAN_NET}/StructureDefinition/plannet-HealthcareService`,
} as const;

/** NPI: the National Provider Identifier's identifier system (FHIR's US realm). */
export const NPI_SYSTEM = "http://hl7.org/fhir/sid/us-npi";

/** Wikidata items, the identifier of a network's brand. */
export const WIKIDATA_SYSTEM = "http://www.wikidata.org/entity/";

/** Plan-Net's organisation types: a clinic's operator is a facility, a network of clinics a provider group. */
export const ORG_TYPE_SYSTEM = `${PLAN_NET}/CodeSystem/OrgTypeCS`;

/** Plan-Net's healthcare service categories: `urg`, Urgent Care. */
export const SERVICE_CATEGORY_SYSTEM = `${PLAN_NET}/CodeSystem/HealthcareServiceCategoryCS`;

/** HL7's identifier types (v2 table 0203): `NPI`. */
export const IDENTIFIER_TYPE_SYSTEM = "http://terminology.hl7.org/CodeSystem/v2-0203";

/**
 * The tag of test data (HL7 v3 ActReason `HTEST`, "test health data"), in `meta.tag` of every resource of the
 * built-in sample: its clinics are fictional.
 */
export const SYNTHETIC_TAG = {
  system: "http://terminology.hl7.org/CodeSystem/v3-ActReason",
  code: "HTEST",
  display: "test health data",
} as const;
