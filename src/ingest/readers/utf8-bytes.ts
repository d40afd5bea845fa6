/** Byte-level helpers for checking UTF-8 as it streams. */

/**
 * The length of `bytes` without an incomplete UTF-8 sequence at its end (completed by the next chunk).
 * @example completeLength(Buffer.from([0x41, 0xc3])) // 1
 */
export function completeLength(bytes: Uint8Array): number {
  for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 4); i--) {
    const b = bytes[i] as number;
    if (b < 0x80) return bytes.length;
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return bytes.length - i < need ? i : bytes.length;
    }
  }
  return bytes.length;
}

/**
 * The offset of the first byte that does not read as UTF-8 (the WHATWG rules: no overlong forms, no surrogates,
 * nothing past U+10FFFF), or the length when every byte does.
 * @example firstInvalid(Buffer.from("Urg\xe9nt", "latin1")) // 3
 */
export function firstInvalid(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}

/** The number of line feeds in `bytes`. */
export function countLines(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

/** Up to 60 bytes either side of `at` on its line (without the line break), for a message. */
export function lineAround(bytes: Uint8Array, at: number): Uint8Array {
  const start = Math.max(bytes.lastIndexOf(10, at) + 1, at - 60);
  const nl = bytes.indexOf(10, at);
  let end = Math.min(nl === -1 ? bytes.length : nl, at + 60);
  if (bytes[end - 1] === 13) end--;
  return bytes.subarray(start, end);
}
