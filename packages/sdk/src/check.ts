import { InvalidResponseError } from "./errors.js";

type Kind = "array" | "object" | "number" | "string";

/**
 * A light structural check of a document's top level (no dependency on a validation library): the fields
 * the SDK relies on must be there with the right JSON kind, otherwise InvalidResponseError. Unknown fields are
 * fine — the API only ever adds fields within v1.
 */
export function checkShape<T>(url: string, value: unknown, shape: Record<string, Kind>): T {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InvalidResponseError(url, "expected a JSON object");
  }
  for (const [key, kind] of Object.entries(shape)) {
    const v = (value as Record<string, unknown>)[key];
    const actual = Array.isArray(v) ? "array" : v === null ? "null" : typeof v;
    if (actual !== kind)
      throw new InvalidResponseError(url, `field "${key}" should be ${kind}, is ${actual}`);
  }
  return value as T;
}
