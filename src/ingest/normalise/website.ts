import type { Normalised } from "./phone.js";

/**
 * A web site as an absolute https URL: a missing scheme gets `https://`, `http` is upgraded, the host is
 * lower-cased, tracking parameters (`utm_*`, `gclid`, `fbclid`, `msclkid`, …) are removed. Anything that is not a plausible public web address becomes null and is reported.
 * @example normaliseWebsite("WWW.CARENOW.COM/Locations") // { value: "https://www.carenow.com/Locations" }
 */
export function normaliseWebsite(text: string): Normalised<string | null> {
  const invalid = (why: string) => ({
    value: null,
    problem: { code: "invalid_website", message: `"${text}" ${why}; dropped` },
  });
  if (/\s/.test(text)) return invalid("contains spaces");
  const withScheme = text.startsWith("//")
    ? `https:${text}`
    : /^[a-z][a-z0-9+.-]*:/i.test(text)
      ? text
      : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return invalid("is not a web address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return invalid(`uses ${url.protocol} instead of http(s)`);
  if (url.username || url.password) return invalid("carries a user name or password");
  if (!/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/.test(url.hostname))
    return invalid("has no valid public host name");
  url.protocol = "https:";
  if (url.port === "443") url.port = "";
  for (const key of [...url.searchParams.keys()]) if (isTracking(key)) url.searchParams.delete(key);
  if (url.searchParams.size === 0) url.search = "";
  return { value: url.href };
}

/** Query parameters that track a visit rather than address a page: removed from web sites. */
const TRACKING = new Set([
  "gclid",
  "gclsrc",
  "dclid",
  "gbraid",
  "wbraid",
  "fbclid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "igshid",
  "li_fat_id",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
  "srsltid",
  "y_source",
  "cmpid",
  "campaignid",
  "adgroupid",
]);

function isTracking(key: string): boolean {
  const k = key.toLowerCase();
  return k.startsWith("utm_") || TRACKING.has(k);
}
