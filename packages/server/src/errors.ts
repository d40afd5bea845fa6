/**
 * Every error the server can answer, in one table: status → stable `code` and human `message`. The build's
 * published `Error` schema takes its `code` enum from here (`src/schema/index-document.ts`), so every error
 * body the server sends is valid against the published OpenAPI document.
 */
export const ERRORS = {
  400: { code: "bad_request", message: "The request could not be understood." },
  404: { code: "not_found", message: "No document exists at this path." },
  405: { code: "method_not_allowed", message: "Only GET, HEAD and OPTIONS are allowed." },
  408: { code: "request_timeout", message: "The request was not received in time." },
  413: { code: "content_too_large", message: "Requests to this API carry no body." },
  414: { code: "uri_too_long", message: "The request path is too long." },
  416: { code: "range_not_satisfiable", message: "The requested byte range lies outside the document." },
  431: { code: "headers_too_large", message: "The request headers are too large." },
  500: { code: "internal_error", message: "The document could not be read intact; try again shortly." },
  503: {
    code: "unavailable",
    message: "The server is at its connection limit or shutting down; retry shortly.",
  },
} as const satisfies Record<number, { code: string; message: string }>;

/** Statuses that have a JSON error body. */
export type ErrorStatus = keyof typeof ERRORS;

/** The `code` of an error body. */
export type ErrorCode = (typeof ERRORS)[ErrorStatus]["code"];

/** Every status the server can answer with an error body, ascending. */
export const ERROR_STATUSES = Object.keys(ERRORS).map(Number) as ErrorStatus[];

/**
 * Every error code, in status order: what the published `Error` schema's `code` enum lists.
 * @example ERROR_CODES.includes("not_found"); // true
 */
export const ERROR_CODES = ERROR_STATUSES.map((s) => ERRORS[s].code) as [ErrorCode, ...ErrorCode[]];

/**
 * The JSON body of an error response: `{status, code, message}`.
 * @example errorBody(405); // '{"status":405,"code":"method_not_allowed","message":"Only GET, HEAD and OPTIONS are allowed."}'
 */
export function errorBody(status: ErrorStatus): string {
  const { code, message } = ERRORS[status];
  return JSON.stringify({ status, code, message });
}
