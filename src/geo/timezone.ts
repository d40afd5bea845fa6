import tzlookup from "@photostructure/tz-lookup";

/**
 * The IANA time zone at a point (tz-lookup's offline boundaries); null when the lookup fails.
 * @example timezoneAt(30.2672, -97.7431) // "America/Chicago"
 */
export function timezoneAt(latitude: number, longitude: number): string | null {
  try {
    return tzlookup(latitude, longitude);
  } catch {
    return null;
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
