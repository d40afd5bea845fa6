/**
 * Call and directions links of a clinic, the same in the pages the build writes and in the lists the site's script
 * draws (near me, the open-now filter across pages). Free of DOM and Node APIs.
 */

/**
 * A `tel:` address from a US phone number as published (`(512) 555-0134` → `tel:+15125550134`); null when it
 * does not hold 10 digits (or 11 starting with 1).
 */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return null;
}

/**
 * Directions in the device's maps: a universal Google Maps address (opens the Maps app on Android and iOS when
 * installed, the web otherwise), to the street address when known (the place people go to), else to the
 * coordinates. A plain link the visitor follows: the page itself requests nothing from it.
 * @example directionsHref("1 Main St, Austin, TX 78701", null) // "https://www.google.com/maps/dir/?api=1&destination=1%20Main%20St%2C%20Austin%2C%20TX%2078701"
 */
export function directionsHref(
  address: string | null,
  point: { lat: number; lng: number } | null,
): string | null {
  const destination = address ?? (point ? `${point.lat},${point.lng}` : null);
  return destination === null
    ? null
    : `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/**
 * The same destination in Apple Maps (the iPhone's own maps app; a web map elsewhere).
 * @example appleMapsHref("1 Main St, Austin, TX 78701", null) // "https://maps.apple.com/?daddr=1%20Main%20St%2C%20Austin%2C%20TX%2078701"
 */
export function appleMapsHref(
  address: string | null,
  point: { lat: number; lng: number } | null,
): string | null {
  const destination = address ?? (point ? `${point.lat},${point.lng}` : null);
  return destination === null ? null : `https://maps.apple.com/?daddr=${encodeURIComponent(destination)}`;
}

/**
 * A phone number (or a Call label with one) that never wraps across lines: non-breaking spaces and hyphens.
 * @example unbreakablePhone("(512) 555-0134") // "(512)\u00a0555\u20110134"
 */
export function unbreakablePhone(phone: string): string {
  return phone.replace(/ /g, "\u00a0").replace(/-/g, "\u2011");
}
