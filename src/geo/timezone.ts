import { find } from "geo-tz/all";

/**
 * IANA zones in use in the 50 states and DC (tzdb `zone1970.tab`, country US): the only names a US record may
 * carry. Canadian and Mexican zones (America/Vancouver, America/Winnipeg, America/Moncton, America/Ciudad_Juarez…)
 * are never used, even where a boundary file puts a border town in one.
 */
export const US_ZONES: ReadonlySet<string> = new Set([
  "America/New_York",
  "America/Detroit",
  "America/Kentucky/Louisville",
  "America/Kentucky/Monticello",
  "America/Indiana/Indianapolis",
  "America/Indiana/Vincennes",
  "America/Indiana/Winamac",
  "America/Indiana/Marengo",
  "America/Indiana/Petersburg",
  "America/Indiana/Vevay",
  "America/Chicago",
  "America/Indiana/Tell_City",
  "America/Indiana/Knox",
  "America/Menominee",
  "America/North_Dakota/Center",
  "America/North_Dakota/New_Salem",
  "America/North_Dakota/Beulah",
  "America/Denver",
  "America/Boise",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "America/Juneau",
  "America/Sitka",
  "America/Metlakatla",
  "America/Yakutat",
  "America/Nome",
  "America/Adak",
  "Pacific/Honolulu",
]);

/** Rings searched around a point whose own zone is not a US zone (a pier, a river, a border crossing), in km. */
const RINGS_KM = [0.5, 1, 2, 5, 10, 20];

/**
 * The IANA time zone of a US point, from the full-resolution boundaries of timezone-boundary-builder (geo-tz,
 * `all` product: one identifier per tzdb zone, so Indiana's, Kentucky's and North Dakota's own zones are kept).
 * Only US zone names are returned: a point whose boundary zone is foreign or maritime (`Etc/GMT+5`) takes the
 * US zone found nearest to it on rings up to 20 km; null when there is none.
 * @example timezoneAt(35.8747, -110.6201) // "America/Phoenix" (Hopi Reservation, inside the Navajo Nation)
 * @example timezoneAt(48.985, -123.068) // "America/Los_Angeles" (Point Roberts, WA)
 */
export function timezoneAt(latitude: number, longitude: number): string | null {
  const own = usZone(latitude, longitude);
  if (own) return own;
  const kx = 111.32 * Math.cos((latitude * Math.PI) / 180);
  for (const km of RINGS_KM) {
    for (let k = 0; k < 8; k++) {
      const a = (k * Math.PI) / 4;
      const zone = usZone(latitude + (km * Math.sin(a)) / 110.57, longitude + (km * Math.cos(a)) / kx);
      if (zone) return zone;
    }
  }
  return null;
}

function usZone(latitude: number, longitude: number): string | undefined {
  try {
    return find(latitude, longitude).find((z) => US_ZONES.has(z));
  } catch {
    return undefined;
  }
}

/** Whether the text names a time zone this Node knows. */
export function isTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Whether the text is a US zone name (see US_ZONES). */
export function isUsTimezone(name: string): boolean {
  return US_ZONES.has(name);
}
