import { createHash } from "node:crypto";

/** RFC 4122's namespace for URLs (the namespace of our own namespace, below). */
const URL_NAMESPACE = "6ba7b811-9dad-11d1-80b4-00c04fd430c8";

/**
 * A name-based UUID (version 5: SHA-1 of the namespace and the name, RFC 4122 § 4.3): the same name gives the same
 * UUID on every build.
 * @example uuidV5("6ba7b811-9dad-11d1-80b4-00c04fd430c8", "https://example.org/") // "…-5…-…"
 */
export function uuidV5(namespace: string, name: string): string {
  const hash = createHash("sha1")
    .update(Buffer.from(namespace.replace(/-/g, ""), "hex"))
    .update(name, "utf8")
    .digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The directory's own namespace: every HSDS id is a UUID in it, whatever address the site is published at. */
const NAMESPACE = uuidV5(URL_NAMESPACE, "urn:urgent-care-directory:hsds");

/**
 * HSDS ids (UUIDs, as HSDS 3 requires) of a clinic's rows, from its id: the service, its organisation (the operator),
 * its location, the service at the location, its phone, its address, its NPI, and its schedule rows by index.
 * Stable across builds: a client keeps them. A network's organisation has its own, from its slug.
 * @example hsdsIds("k3v9q2m7x1ab").service // "…"
 */
export function hsdsIds(id: string) {
  const of = (kind: string) => uuidV5(NAMESPACE, `${kind}:${id}`);
  return {
    service: of("service"),
    organization: of("organization"),
    location: of("location"),
    serviceAtLocation: of("service_at_location"),
    phone: of("phone"),
    address: of("address"),
    identifier: of("organization_identifier"),
    schedule: (i: number) => of(`schedule:${i}`),
  };
}

/** The id of a network's organisation. */
export const networkOrganizationUuid = (slug: string) => uuidV5(NAMESPACE, `network:${slug}`);
