import { findState } from "../../geo/states.js";

/** The parts of a one-line postal address. */
export interface AddressParts {
  street: string | null;
  city: string | null;
  /** The state as written (code or name). */
  state: string | null;
  zip: string | null;
}

const COUNTRY = /^(?:usa|us|u\.s\.a?\.?|united states(?: of america)?|canada|mexico|m[eé]xico)$/i;
/** A Canadian province and postal code ("ON K1P 5N2"): the province is returned as the state, to be judged. */
const CANADIAN = /^(.*?)\s+([A-Z]\d[A-Z]\s?\d[A-Z]\d)$/i;
const STATE_ZIP = /^(.*?)[\s,]*(\d{5}(?:-\d{4})?)?$/;

/**
 * Splits a one-line address as directory exports write it — `220 Main St, Town, TX 77630`,
 * `220 Main St, Suite 5, Town, Texas 77630-1234`, `220 Main St, Town, TX, 77630, USA` — into street, city, state and
 * ZIP. The last comma-separated parts must hold a US state (code or name) and may hold a ZIP; otherwise only what
 * can be told is returned (a line without commas is a street).
 * @example parseAddressLine("220 Main St, Town, TX 77630") // { street: "220 Main St", city: "Town", state: "TX", zip: "77630" }
 */
export function parseAddressLine(text: string): AddressParts {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 1 && COUNTRY.test(parts[parts.length - 1] as string)) parts.pop();
  const none: AddressParts = {
    street: parts.length === 1 ? (parts[0] as string) : null,
    city: null,
    state: null,
    zip: null,
  };
  if (parts.length < 2) return none;
  let zip: string | null = null;
  let last = parts[parts.length - 1] as string;
  if (/^\d{5}(?:-\d{4})?$/.test(last)) {
    zip = last;
    parts.pop();
    last = parts[parts.length - 1] ?? "";
  }
  const ca = CANADIAN.exec(last);
  if (ca) {
    parts.pop();
    return split(parts, (ca[1] as string).trim(), null);
  }
  const m = STATE_ZIP.exec(last) as RegExpExecArray;
  const stateText = (m[1] as string).trim();
  zip ??= m[2] ?? null;
  if (!findState(stateText.replace(/\./g, ""))) {
    // "Town TX 77630" without a comma before the state: the state is the last word(s).
    const words = stateText.split(" ");
    for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
      const tail = words.slice(-n).join(" ");
      if (findState(tail.replace(/\./g, ""))) {
        parts[parts.length - 1] = words.slice(0, -n).join(" ");
        return split(parts, tail, zip);
      }
    }
    return { ...none, street: parts.join(", "), zip };
  }
  parts.pop();
  return split(parts, stateText, zip);
}

function split(parts: string[], state: string, zip: string | null): AddressParts {
  if (parts.length === 0) return { street: null, city: null, state, zip };
  const city = parts.pop() as string;
  return { street: parts.length ? parts.join(", ") : null, city, state, zip };
}
