/**
 * The date of a record as YYYY-MM-DD from the forms registries write: ISO dates and timestamps,
 * `2019/06/04 00:00:00`, US `6/4/2019`, or epoch milliseconds (ArcGIS exports). Years outside 1990–2100 and
 * impossible dates give null.
 * @example normaliseDate("2019/06/04 00:00:00") // "2019-06-04"
 * @example normaliseDate("1559606400000") // "2019-06-04"
 */
export function normaliseDate(text: string): string | null {
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: .*)?$/.exec(text);
  let y: number;
  let m: number;
  let d: number;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else if (/^\d{12,13}$/.test(text)) {
    const date = new Date(Number(text));
    [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  } else return null;
  if (y < 1990 || y > 2100) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}
