/** The JSON error body shared with the build's `Error` schema: `{status, code, message}`. */
const CODES: Record<number, [code: string, message: string]> = {
  400: ["bad_request", "The request could not be understood."],
  404: ["not_found", "No document exists at this path."],
  405: ["method_not_allowed", "Only GET, HEAD and OPTIONS are allowed."],
  408: ["request_timeout", "The request was not received in time."],
  413: ["content_too_large", "Requests to this API carry no body."],
  414: ["uri_too_long", "The request path is too long."],
  416: ["range_not_satisfiable", "The requested byte range lies outside the document."],
  431: ["headers_too_large", "The request headers are too large."],
  503: ["unavailable", "The server is at its connection limit or shutting down."],
};

/** Statuses that have a JSON error body. */
export type ErrorStatus = 400 | 404 | 405 | 408 | 413 | 414 | 416 | 431 | 503;

/**
 * The JSON body of an error response.
 * @example errorBody(405); // '{"status":405,"code":"method_not_allowed","message":"Only GET, HEAD and OPTIONS are allowed."}'
 */
export function errorBody(status: ErrorStatus): string {
  const [code, message] = CODES[status] ?? ["bad_request", "The request could not be understood."];
  return JSON.stringify({ status, code, message });
}
