export { cacheControlOf, contentTypeOf } from "./content-types.js";
export { errorBody } from "./errors.js";
export { handle, lookupKey, negotiate } from "./handler.js";
export { type RunningServer, type ServeOptions, startServer } from "./server.js";
export { type Document, loadSite, type Site, type Variant } from "./site.js";
