import { createHash } from "node:crypto";

/**
 * A content key: a hash of the content fingerprint (the options that reach the bytes) and of everything a unit's
 * files show apart from their stamp. Two releases of one program that compute the same key for a unit render it to
 * the same bytes (given the same stamp); test/incremental.test.ts checks it by rendering every unit again. The
 * program is not in it: a unit whose key a new version computes unchanged keeps its stamp (`./fingerprint.ts`).
 * @example contentKey(ledger.fingerprint, "city", [entry, memberKeys])
 */
export function contentKey(fingerprint: string, kind: string, content: unknown): string {
  return createHash("sha256")
    .update(fingerprint)
    .update(kind)
    .update(typeof content === "string" ? content : JSON.stringify(content))
    .digest("base64url")
    .slice(0, 22);
}

/** A content key fed piece by piece (a network's members, streamed from their spill). */
export function contentKeyStream(fingerprint: string, kind: string) {
  const hash = createHash("sha256").update(fingerprint).update(kind);
  return {
    update(piece: string | Buffer) {
      hash.update(piece);
    },
    digest: () => hash.digest("base64url").slice(0, 22),
  };
}
