import { properCase } from "./proper-case.js";

/**
 * A clinic name: proper case (when all in capitals and the profile asks for it) and one spacing around the
 * dash of "BRAND - LOCATION" names; a hyphen inside a word ("Walk-In") is left alone.
 * @example normaliseName("CARENOW URGENT CARE -  FRISCO", true) // "Carenow Urgent Care - Frisco"
 */
export function normaliseName(text: string, recase: boolean): string {
  const spaced = text.replace(/\s*[–—]\s*/g, " - ").replace(/\s+-\s*|\s*-\s+/g, " - ");
  return recase ? properCase(spaced) : spaced;
}
