/** The JSON error body shared with the build's `Error` schema: `{status, code, message}`. */
const CODES: Record<number, [code: string, message: string]> = {
  400: ["bad_request", "The request could not be understood."],
  404: ["not_found", "No document exists at this path."],
  405: ["method_not_allowed", "Only GET, HEAD and OPTIONS are allowed."],
  414: ["uri_too_long", "The request path is too long."],
  431: ["headers_too_large", "The request headers are too large."],
};

export function errorBody(status: keyof typeof CODES & number): string {
  const [code, message] = CODES[status] ?? ["bad_request", "The request could not be understood."];
  return JSON.stringify({ status, code, message });
}
