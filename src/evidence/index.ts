/**
 * The kind of a place and how sure the directory is of it, decided from what each source lists (docs/ingest.md,
 * "Kinds of place and evidence"): below the import, the sample and the release store, which all decide it.
 */
export { countPlace } from "./counts.js";
export { decideEvidence, levelOf } from "./decide.js";
export { bareListing, keptEvidence, keptListing, type ListedRecord } from "./kept.js";
export { type NameSays, nameSays } from "./names.js";
