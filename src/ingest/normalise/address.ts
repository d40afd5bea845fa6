import { properCase } from "./proper-case.js";

/**
 * A street line: proper case when all in capitals (directionals NE/NW/SE/SW, "US", "FM" and ordinals kept
 * right), a suite line joined after a comma, and "#"/"STE" spacing left as written.
 * @example streetLine("1234 N MAIN ST", "STE 100", true) // "1234 N Main St, Ste 100"
 */
export function streetLine(street: string | null, street2: string | null, recase: boolean): string | null {
  const parts = [street, street2]
    .filter((p): p is string => p !== null)
    .map((p) => (recase ? properCase(p) : p));
  if (parts.length === 2 && parts[0]?.toLowerCase() === parts[1]?.toLowerCase()) parts.pop();
  // A run of commas (empty parts: ", ,, ") is one comma; a run, not pairs, so that normalising twice changes nothing.
  return parts.length ? parts.join(", ").replace(/,(?:\s*,)+/g, ",") : null;
}

/**
 * The published address: street line, city, state code and ZIP — `"1234 N Main St, Ste 100, Austin, TX 78701"`.
 * Null when the street is unknown (a bare city would only repeat the clinic's place).
 * @example composeAddress("1234 N Main St", "Austin", "TX", "78701") // "1234 N Main St, Austin, TX 78701"
 */
export function composeAddress(
  street: string | null,
  city: string,
  stateCode: string,
  zip: string | null,
): string | null {
  if (street === null) return null;
  return `${street}, ${city}, ${stateCode}${zip ? ` ${zip}` : ""}`;
}
