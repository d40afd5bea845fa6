/** Formatting shared by the page templates that does not depend on the language (words are in src/i18n). */

/**
 * A size in the page's units ("4.3 MB").
 * @example bytes(4_512_003, ["bytes", "KB", "MB", "GB", "TB"]) // "4.3 MB"
 */
export function bytes(n: number, units: readonly string[]): string {
  if (n < 1024) return `${n} ${units[0]}`;
  let v = n / 1024;
  let i = 1;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 100 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}
