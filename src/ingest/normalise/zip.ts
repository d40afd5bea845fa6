/** A ZIP code as read: 5 digits (`12345-6789` with its +4), and whether leading zeros had to be put back. */
export interface ZipReading {
  zip: string;
  /** `2134` read as `02134`: a spreadsheet dropped the zeros; only the record's state can confirm it. */
  lostZeros: boolean;
}

/**
 * A ZIP code as 5 digits (ZIP+4 kept as `12345-6789`, `+0000` dropped); 3–4 digits (7–8 with a +4), as a
 * spreadsheet leaves a ZIP that began with zeros, get them back and are marked `lostZeros` (the caller checks the
 * state: see `locate`). Anything else is null.
 * @example readZip("2134") // { zip: "02134", lostZeros: true }
 * @example readZip("787011234") // { zip: "78701-1234", lostZeros: false }
 */
export function readZip(text: string): ZipReading | null {
  const t = text.replace(/\s/g, "");
  const m = /^(\d{3,5})(?:-?(\d{4}))?$/.exec(t);
  if (!m) return null;
  const given = m[1] as string;
  const five = given.padStart(5, "0");
  if (five === "00000") return null;
  return { zip: m[2] && m[2] !== "0000" ? `${five}-${m[2]}` : five, lostZeros: given.length < 5 };
}

/**
 * `readZip`'s ZIP alone.
 * @example normaliseZip("2134") // "02134"
 * @example normaliseZip("787011234") // "78701-1234"
 */
export function normaliseZip(text: string): string | null {
  return readZip(text)?.zip ?? null;
}
