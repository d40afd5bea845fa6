/** The result of a normaliser: the value to keep, and a problem when the input had to be dropped or changed. */
export interface Normalised<T> {
  value: T;
  problem?: { code: string; message: string };
}

/**
 * A US phone number in one format, `(NXX) NXX-XXXX`; a leading country code 1 is dropped, an extension is
 * dropped and reported, anything that is not a valid 10-digit NANP number becomes null and is reported.
 * @example normalisePhone("512.555.0134") // { value: "(512) 555-0134" }
 * @example normalisePhone("+1 (512) 555-0134 ext. 12") // { value: "(512) 555-0134", problem: { code: "phone_extension_dropped", … } }
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
  if (digits.length !== 10 || /^[01]/.test(digits) || /^\d{3}[01]/.test(digits)) {
    return {
      value: null,
      problem: { code: "invalid_phone", message: `"${text}" is not a valid 10-digit US number; dropped` },
    };
  }
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
