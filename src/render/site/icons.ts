/**
 * The app icons (home screen, install prompt, iOS): the favicon's white cross on the header's blue, drawn at each
 * size with 4×4 supersampling, as PNG (pngjs). A maskable icon fills the whole square and keeps the cross inside
 * the central safe zone that launchers never crop. Deterministic bytes.
 */
import { PNG } from "pngjs";

export interface Icon {
  /** Path in the output folder. */
  file: string;
  size: number;
  maskable: boolean;
  /** Listed in the web app manifest (the iOS icon is linked from the page instead). */
  manifest: boolean;
}

export const ICONS: readonly Icon[] = [
  { file: "icons/icon-192.png", size: 192, maskable: false, manifest: true },
  { file: "icons/icon-512.png", size: 512, maskable: false, manifest: true },
  { file: "icons/icon-maskable-512.png", size: 512, maskable: true, manifest: true },
  { file: "icons/apple-touch-icon.png", size: 180, maskable: true, manifest: false },
];

const BLUE = [0x1d, 0x70, 0xb8] as const;

/** Coverage of one sample point in the icon's 32-unit design grid: 0 outside, 1 blue, 2 white (the cross). */
function sample(x: number, y: number, maskable: boolean): 0 | 1 | 2 {
  // Maskable: the 32-unit design shrunk to the central 70 % (the safe zone is a circle of 80 %).
  const [u, v] = maskable ? [(x - 16) / 0.7 + 16, (y - 16) / 0.7 + 16] : [x, y];
  const cross = (u >= 13 && u < 19 && v >= 6 && v < 26) || (v >= 13 && v < 19 && u >= 6 && u < 26);
  if (cross) return 2;
  if (maskable) return 1;
  const cx = Math.min(Math.max(x, 6), 26);
  const cy = Math.min(Math.max(y, 6), 26);
  return (x - cx) ** 2 + (y - cy) ** 2 <= 36 ? 1 : 0;
}

/** Icons already drawn, by file: the bytes never change, and drawing them all takes ~0.15 s of CPU. */
const drawn = new Map<string, Buffer>();

/**
 * One icon as PNG bytes: drawn on the first call in a process, the same bytes afterwards (a process that renders
 * several times, such as a test run, draws each icon once). Do not modify the buffer.
 * @example iconPng(ICONS[0]).subarray(1, 4).toString() // "PNG"
 */
export function iconPng(icon: Icon): Buffer {
  const key = `${icon.file} ${icon.size} ${icon.maskable}`;
  let png = drawn.get(key);
  if (!png) {
    png = draw(icon);
    drawn.set(key, png);
  }
  return png;
}

/** Draws one icon (4×4 supersampled coverage of the design) and encodes it as PNG. */
function draw(icon: Icon): Buffer {
  const { size, maskable } = icon;
  const png = new PNG({ width: size, height: size, colorType: 6 });
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let blue = 0;
      let white = 0;
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) {
          const s = sample(
            ((px + (sx + 0.5) / n) * 32) / size,
            ((py + (sy + 0.5) / n) * 32) / size,
            maskable,
          );
          if (s === 1) blue++;
          else if (s === 2) white++;
        }
      const covered = blue + white;
      const i = (py * size + px) * 4;
      const a = covered / (n * n);
      // Colour of the covered part: blue and white mixed by their share of it.
      const w = covered ? white / covered : 0;
      png.data[i] = Math.round(BLUE[0] + (255 - BLUE[0]) * w);
      png.data[i + 1] = Math.round(BLUE[1] + (255 - BLUE[1]) * w);
      png.data[i + 2] = Math.round(BLUE[2] + (255 - BLUE[2]) * w);
      png.data[i + 3] = Math.round(a * 255);
    }
  }
  return PNG.sync.write(png, { colorType: 6 });
}
