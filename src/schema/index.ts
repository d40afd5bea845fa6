export * from "./clinic.js";
export * from "./documents.js";
export * from "./hours.js";
export * from "./index-document.js";
export * from "./meta.js";
export * from "./places.js";
export * from "./releases.js";
export * from "./stats.js";
