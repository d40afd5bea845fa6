export {
  defaultWorkers,
  execForServing,
  main,
  SERVE_OPTIONS,
  SERVE_OPTIONS_HELP,
  SERVE_USAGE,
  type ServeSettings,
  ServeUsageError,
  serve,
  serveSettings,
} from "./cli.js";
export {
  type ClusterMessage,
  type ClusterOptions,
  DEFAULT_RESTART,
  type RunningCluster,
  restartDelay,
  startCluster,
  workerFlags,
} from "./cluster.js";
export {
  type Body,
  type Document,
  type DocumentParts,
  etagOf,
  type FileRef,
  makeDocument,
  type Variant,
} from "./document.js";
export {
  ERROR_CODES,
  ERROR_STATUSES,
  ERRORS,
  type ErrorCode,
  type ErrorStatus,
  errorBody,
} from "./errors.js";
export { connectionCap, FD_RESERVE, openFileLimit } from "./fd-limit.js";
export { Gate, IntegrityError, openVerified, readVerified } from "./files.js";
export { type FixedReplies, preflightReply, type ReplyPair } from "./fixed.js";
export { gzippedOnTheFly, readAndGzip } from "./gzip-on-the-fly.js";
export {
  hasBareLineEnd,
  MAX_EMPTY_LINES,
  PARTIAL,
  type ScanState,
  scanHead,
} from "./head-scan.js";
export { HotSet } from "./hot-set.js";
export { HOST, MAX_HEADERS, newRequestHead, parseHead, type RequestHead } from "./http-parser.js";
export { LiveSite, type ReloadResult, watchReplacement } from "./live-site.js";
export { type AccessLogger, accessLogger, jsonLogger, type LogFields, type Logger } from "./log.js";
export {
  type Entry,
  MANIFEST_HEADER,
  MANIFEST_NAME,
  ManifestError,
  type ManifestLine,
  type ManifestSummary,
  readLinesAt,
  readManifest,
  safePath,
} from "./manifest.js";
export { encodingOf, matchesTags, negotiate } from "./negotiate.js";
export { createNodeServer, handle } from "./node-server.js";
export * from "./policy.js";
export { parseRange, partialReply } from "./range.js";
export {
  createRawServer,
  DEFAULT_LIMITS,
  type Limits,
  type RunningHttp,
} from "./raw-server.js";
export { clock, fresh, httpDate, makeReply, type Reply, tickClock } from "./reply.js";
export {
  type Answer,
  HEALTH_PATH,
  isApiKey,
  isJsonKey,
  isStreamed,
  lookupKey,
  MAX_PATH,
  type Request,
  respond,
  type Streamed,
} from "./respond.js";
export { type RunningServer, type ServeOptions, type ServerMode, startServer } from "./server.js";
export {
  type CheckedTree,
  checkTree,
  classOf,
  DEFAULT_SITE_OPTIONS,
  loadSite,
  REQUIRED_DOCUMENTS,
  Site,
  type SiteOptions,
} from "./site.js";
export {
  editDistance,
  FUZZY_PER_SECOND,
  MAX_NAMES,
  Suggestions,
  SuggestionsBuilder,
  stateCodes,
} from "./suggest.js";
export { HAS_BR, HAS_GZ, hashBytes, hashKey, type KeyHash, TreeIndex } from "./tree-index.js";
