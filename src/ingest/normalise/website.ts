import type { Normalised } from "./phone.js";

/**
 * A web site as an absolute https URL: a missing scheme gets `https://`, `http` is upgraded, the host is
 * lower-cased, tracking parameters (`utm_*`, `gclid`, `fbclid`, `msclkid`, `mc_*`, …) are removed from the query and
 * from a fragment of parameters and reported (`tracking_removed`, a repair), the other parameters kept as written.
 * Anything that is not a plausible public web address becomes null and is reported.
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
  const removed: string[] = [];
  url.search = withoutTracking(url.search.slice(1), removed);
  // A fragment of parameters (`#utm_source=…`) is cleaned alike; a route (`#/page`) is left alone.
  if (/^#[^/?#]*=/.test(url.hash)) url.hash = withoutTracking(url.hash.slice(1), removed);
  if (removed.length === 0) return { value: url.href };
  return {
    value: url.href,
    problem: {
      code: "tracking_removed",
      message: `tracking parameter(s) ${[...new Set(removed)].join(", ")} removed from "${text}"`,
    },
  };
}

/**
 * A query (or a fragment of parameters) without its tracking parameters, the others kept as they were written
 * (not re-encoded); `&amp;`, an HTML-escaped separator that pages and scrapers leave in links, is read as `&`.
 * Removed keys are added to `removed`. Returns "" when nothing is left, else the text with its `?`/`#` to come.
 */
function withoutTracking(query: string, removed: string[]): string {
  if (query === "") return "";
  const kept = query
    .replace(/&amp;/gi, "&")
    .split("&")
    .filter((part) => {
      if (part === "") return false;
      const key = decoded(part).split("=")[0]?.toLowerCase() ?? "";
      if (!isTracking(key)) return true;
      removed.push(key);
      return false;
    });
  return kept.join("&");
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return part;
  }
}

/**
 * Query parameters that track a visit (ad clicks, e-mail campaigns, analytics sessions) rather than address a page:
 * removed from web sites, with the prefixes below.
 */
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
  "gad_source",
  "gad_campaignid",
  "mkt_tok",
  "oly_anon_id",
  "oly_enc_id",
  "rb_clickid",
  "s_cid",
  "ef_id",
  "irclickid",
  "wickedid",
  "sccid",
  "vero_id",
  "_kx",
  "_branch_match_id",
  "epik",
]);

/** Families of tracking parameters: Google Analytics (`utm_`), Mailchimp (`mc_`), HubSpot ads (`hsa_`), Matomo (`pk_`, `mtm_`). */
const TRACKING_PREFIXES = ["utm_", "mc_", "hsa_", "pk_", "mtm_", "matomo_", "piwik_"];

function isTracking(key: string): boolean {
  const k = key.toLowerCase();
  return TRACKING.has(k) || TRACKING_PREFIXES.some((p) => k.startsWith(p));
}
