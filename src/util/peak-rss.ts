/**
 * The largest resident set this process has had so far (the kernel's high-water mark, its threads included), in
 * MiB: what `/usr/bin/time` reports at the end, read at any point of a run.
 * @example peakRssMiB() // 1641
 */
export function peakRssMiB(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
