/** The result of a normaliser: the value to keep, and a problem when the input had to be dropped or changed. */
export interface Normalised<T> {
  value: T;
  problem?: { code: string; message: string };
}

/**
 * Why the North American Numbering Plan allows no such number, as a problem code and its reason; null when it
 * does. A number is checked before it is published, so that a Call button never rings an emergency or service line:
 * - an N11 area code (211, 311, 411, 511, 611, 711, 811, 911): dialled, `911` and the rest reach the service, not a
 *   clinic (`phone_service_code`);
 * - an area code starting with 0 or 1, or of the form N9X, reserved for the plan's expansion
 *   (`phone_invalid_area_code`);
 * - an exchange (the next three digits) starting with 0 or 1 (`phone_invalid_exchange`), or an N11 exchange: service
 *   codes are never a subscriber's exchange (`phone_service_code`);
 * - 555 outside 555-0100 to 555-0199: 555-1212 is directory assistance and the rest of 555 is kept for information
 *   services (`phone_555_service`). 555-0100 to 555-0199 is the range set aside for fiction: it rings no one, so the
 *   sample and test data use it, and it is kept.
 * @example nanpProblem("9115550148") // { code: "phone_service_code", … }
 */
export function nanpProblem(digits: string): { code: string; reason: string } | null {
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  if (/^[2-9]11$/.test(area))
    return {
      code: "phone_service_code",
      reason: `area code ${area} is the ${area} service line, not a clinic's`,
    };
  if (/^[01]/.test(area))
    return { code: "phone_invalid_area_code", reason: "no area code starts with 0 or 1" };
  if (area[1] === "9")
    return {
      code: "phone_invalid_area_code",
      reason: `area codes like ${area} (a 9 in the middle) are reserved for the plan's expansion`,
    };
  if (/^[01]/.test(exchange))
    return { code: "phone_invalid_exchange", reason: "no exchange starts with 0 or 1" };
  if (/^[2-9]11$/.test(exchange))
    return {
      code: "phone_service_code",
      reason: `${exchange} is a service code (${exchange.replace(/^(\d)11$/, "$1-1-1")}), never a subscriber's exchange`,
    };
  if (exchange === "555" && !/^01\d\d$/.test(line))
    return {
      code: "phone_555_service",
      reason:
        "555 numbers outside 555-0100 to 555-0199 are directory assistance (555-1212) or reserved services",
    };
  return null;
}

/**
 * A US phone number in one format, `(NXX) NXX-XXXX`; a leading country code 1 is dropped, an extension is
 * dropped and reported, anything that is not a 10-digit number the North American plan allows becomes null and is
 * reported with the reason ({@link nanpProblem}).
 * @example normalisePhone("512.555.0134") // { value: "(512) 555-0134" }
 * @example normalisePhone("+1 (512) 555-0134 ext. 12") // { value: "(512) 555-0134", problem: { code: "phone_extension_dropped", … } }
 * @example normalisePhone("(911) 555-0148") // { value: null, problem: { code: "phone_service_code", … } }
 */
export function normalisePhone(text: string): Normalised<string | null> {
  const ext = /\s*(?:x|ext\.?|extension|#)\s*(\d{1,6})\s*$/i.exec(text);
  const main = ext ? text.slice(0, ext.index) : text;
  if (/[a-z]/i.test(main))
    return {
      value: null,
      problem: { code: "invalid_phone", message: `"${text}" is not a phone number; dropped` },
    };
  let digits = main.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10) {
    return {
      value: null,
      problem: { code: "invalid_phone", message: `"${text}" is not a valid 10-digit US number; dropped` },
    };
  }
  const refused = nanpProblem(digits);
  if (refused)
    return {
      value: null,
      problem: {
        code: refused.code,
        message: `"${text}" cannot be a clinic's number: ${refused.reason}; dropped`,
      },
    };
  const value = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return ext
    ? {
        value,
        problem: {
          code: "phone_extension_dropped",
          message: `extension ${ext[1]} of "${text}" dropped: the format has none`,
        },
      }
    : { value };
}
