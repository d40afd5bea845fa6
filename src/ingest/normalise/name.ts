import { properCase } from "./proper-case.js";

/**
 * A clinic name: proper case (when all in capitals and the profile asks for it) and one spacing around the
 * dash of "BRAND - LOCATION" names; a hyphen inside a word ("Walk-In") is left alone.
 * @example normaliseName("CARENOW URGENT CARE -  FRISCO", true) // "Carenow Urgent Care - Frisco"
 */
export function normaliseName(text: string, recase: boolean, stripForms = false): string {
  const spaced = text.replace(/\s*[–—]\s*/g, " - ").replace(/\s+-\s*|\s*-\s+/g, " - ");
  const named = stripForms ? withoutCompanyForm(spaced) : spaced;
  return recase ? properCase(named) : named;
}

/** Company forms a registry's legal names end with (`ACME URGENT CARE, P.L.L.C.`). */
const COMPANY_FORM =
  /(?:[\s,]+(?:INC|INCORPORATED|L\.?L\.?C|P\.?L\.?L\.?C|P\.?C|P\.?A|CORP|CORPORATION|LTD|L\.?L\.?P|L\.?P)\.?)+$/i;

/**
 * A name without the company form at its end (one or several: `…, LLC, INC`); a name that is nothing but a form
 * is kept as it is.
 * @example withoutCompanyForm("QUICKMEND URGENT CARE, P.L.L.C.") // "QUICKMEND URGENT CARE"
 */
export function withoutCompanyForm(name: string): string {
  const cut = name.replace(COMPANY_FORM, "").replace(/[\s,]+$/, "");
  return cut === "" ? name : cut;
}
