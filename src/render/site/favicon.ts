/** The site's icon: a white cross on the header's blue, as SVG and as a 32×32 ICO drawn from the same shape. */

const BLUE = [0x1d, 0x70, 0xb8] as const;

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d70b8"/><path d="M13 6h6v7h7v6h-7v7h-6v-7H6v-6h7z" fill="#fff"/></svg>
`;

/** Whether pixel (x, y) of the 32×32 icon (y down) is in the cross. */
function inCross(x: number, y: number): boolean {
  return (x >= 13 && x < 19 && y >= 6 && y < 26) || (y >= 13 && y < 19 && x >= 6 && x < 26);
}

/** Whether pixel (x, y) is inside the rounded square (corner radius 6). */
function inSquare(x: number, y: number): boolean {
  const cx = Math.min(Math.max(x + 0.5, 6), 26);
  const cy = Math.min(Math.max(y + 0.5, 6), 26);
  return (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= 36;
}

/**
 * `favicon.ico`: one 32×32 32-bit image (a BMP without its file header, then the 1-bit AND mask), as browsers
 * that ask for /favicon.ico expect. Deterministic bytes.
 */
export function faviconIco(): Buffer {
  const size = 32;
  const pixels = size * size * 4;
  const mask = size * 4; // 32 bits per row, already 4-byte aligned
  const image = 40 + pixels + mask;
  const buf = Buffer.alloc(6 + 16 + image);
  buf.writeUInt16LE(0, 0);
  buf.writeUInt16LE(1, 2); // icon
  buf.writeUInt16LE(1, 4); // one image
  buf.writeUInt8(size, 6);
  buf.writeUInt8(size, 7);
  buf.writeUInt16LE(1, 10); // planes
  buf.writeUInt16LE(32, 12); // bits per pixel
  buf.writeUInt32LE(image, 14);
  buf.writeUInt32LE(22, 18);
  let o = 22;
  buf.writeUInt32LE(40, o);
  buf.writeInt32LE(size, o + 4);
  buf.writeInt32LE(size * 2, o + 8); // image and mask
  buf.writeUInt16LE(1, o + 12);
  buf.writeUInt16LE(32, o + 14);
  buf.writeUInt32LE(pixels + mask, o + 20);
  o += 40;
  for (let row = size - 1; row >= 0; row--) {
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = !inSquare(x, row)
        ? [0, 0, 0, 0]
        : inCross(x, row)
          ? [255, 255, 255, 255]
          : [BLUE[0], BLUE[1], BLUE[2], 255];
      buf.writeUInt8(b, o);
      buf.writeUInt8(g, o + 1);
      buf.writeUInt8(r, o + 2);
      buf.writeUInt8(a, o + 3);
      o += 4;
    }
  }
  return buf; // the AND mask stays zero: the alpha channel decides
}
