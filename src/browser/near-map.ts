/**
 * The map of the near-me results: an SVG drawn in the page (no tiles, no request), the searched point at the
 * centre, rings at round distances, and each clinic as its number in the list, coloured by its status. The list
 * stays the primary view: the map comes after it, and its text alternative says where each clinic lies ("1: 0.8 mi
 * north-east, open now").
 */
import type { Words } from "../i18n/words.js";

export interface MapPoint {
  /** Its number in the list. */
  n: number;
  name: string;
  lat: number;
  lng: number;
  miles: number;
  status: "open" | "closed" | "unknown";
}

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 360;
const HEIGHT = 300;
const PAD = 18;
const KM_PER_MILE = 1.609344;
/** Ring distances people read at a glance. */
const RINGS = [0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Miles east and north of the origin (a local flat projection: fine over the tens of miles a list spans). */
function offset(origin: { lat: number; lng: number }, p: { lat: number; lng: number }): [number, number] {
  const kmPerDegree = 111.195;
  const east = (p.lng - origin.lng) * kmPerDegree * Math.cos((origin.lat * Math.PI) / 180);
  const north = (p.lat - origin.lat) * kmPerDegree;
  return [east / KM_PER_MILE, north / KM_PER_MILE];
}

/** The compass point of an offset, one of eight. */
function compass(east: number, north: number): number {
  const angle = (Math.atan2(east, north) * 180) / Math.PI; // 0 = north, clockwise
  return Math.round((angle + 360) / 45) % 8;
}

/**
 * Pins moved apart until none covers another (a few steps of pushing overlapping pairs apart), kept inside the map:
 * where they moved, a line joins them to the clinic's own point.
 */
function spread(points: [number, number][], gap: number): [number, number][] {
  const out = points.map(([x, y]): [number, number] => [x, y]);
  for (let step = 0; step < 60; step++) {
    let moved = false;
    for (let i = 0; i < out.length; i++)
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i] as [number, number];
        const b = out[j] as [number, number];
        let dx = b[0] - a[0];
        let dy = b[1] - a[1];
        let d = Math.hypot(dx, dy);
        if (d >= gap) continue;
        if (d < 0.01) {
          // The same point: apart along a direction of their own, so that the result is the same every time.
          dx = Math.cos(i + j);
          dy = Math.sin(i + j);
          d = 1;
        }
        const push = (gap - d) / 2 / d;
        a[0] -= dx * push;
        a[1] -= dy * push;
        b[0] += dx * push;
        b[1] += dy * push;
        moved = true;
      }
    for (const p of out) {
      p[0] = Math.min(WIDTH - PAD, Math.max(PAD, p[0]));
      p[1] = Math.min(HEIGHT - PAD, Math.max(PAD, p[1]));
    }
    if (!moved) break;
  }
  return out;
}

/**
 * Draws the map of `points` around `origin` into `figure` (replacing what was there), or empties it when there is
 * nothing to show.
 */
export function drawNearMap(
  figure: HTMLElement,
  origin: { lat: number; lng: number; label: string },
  points: readonly MapPoint[],
  words: Words,
): void {
  figure.replaceChildren();
  figure.hidden = points.length === 0;
  if (points.length === 0) return;
  const m = words.map;
  const offsets = points.map((p) => offset(origin, p));
  // The box of the clinics and the searched point, at least a mile across, drawn as large as the map allows.
  const es = [0, ...offsets.map((o) => o[0])];
  const ns = [0, ...offsets.map((o) => o[1])];
  const span = (v: number[]) => Math.max(1, Math.max(...v) - Math.min(...v));
  const scale = Math.min((WIDTH - 2 * PAD) / span(es), (HEIGHT - 2 * PAD) / span(ns));
  const midE = (Math.max(...es) + Math.min(...es)) / 2;
  const midN = (Math.max(...ns) + Math.min(...ns)) / 2;
  const x = (e: number) => WIDTH / 2 + (e - midE) * scale;
  const y = (n: number) => HEIGHT / 2 - (n - midN) * scale;
  const cx = x(0);
  const cy = y(0);
  const id = `near-map-${Math.random().toString(36).slice(2, 8)}`;

  const root = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: "map near-map",
    role: "img",
    "aria-labelledby": `${id}-t ${id}-d`,
  });
  root.append(svg("title", { id: `${id}-t` }, m.title(origin.label)));
  const text = points.map((p, i) => {
    const [e, n] = offsets[i] as [number, number];
    return m.item(
      p.n,
      words.distance(p.miles, false),
      m.directions[compass(e, n)] as string,
      m.status[p.status],
    );
  });
  root.append(svg("desc", { id: `${id}-d` }, text.join(" ")));
  root.append(svg("rect", { class: "ground", x: 0, y: 0, width: WIDTH, height: HEIGHT }));
  // Up to three rings at round distances, the largest reaching the farthest clinic.
  const farthest = Math.max(...points.map((p) => p.miles));
  for (const r of RINGS.filter((r) => r <= farthest * 1.05).slice(-3)) {
    root.append(svg("circle", { class: "ring", cx, cy, r: r * scale }));
    root.append(
      svg("text", { class: "ring-label", x: cx + 3, y: cy - r * scale - 3 }, words.distance(r, false)),
    );
  }
  const at = offsets.map(([e, n]): [number, number] => [x(e), y(n)]);
  const pins = spread(at, 21);
  // Farthest first, so that the nearest clinics' numbers are drawn on top.
  const order = points.map((_, i) => i).sort((a, b) => (points[b]?.miles ?? 0) - (points[a]?.miles ?? 0));
  for (const i of order) {
    const p = points[i] as MapPoint;
    const [px, py] = pins[i] as [number, number];
    const [tx, ty] = at[i] as [number, number];
    const g = svg("g", { class: `pin pin-${p.status}` });
    if (Math.hypot(px - tx, py - ty) > 4) {
      g.append(svg("path", { class: "leader", d: `M${tx} ${ty}L${px} ${py}` }));
      g.append(svg("circle", { class: "spot", cx: tx, cy: ty, r: 2.5 }));
    }
    g.append(svg("circle", { cx: px, cy: py, r: 10 }));
    g.append(svg("text", { x: px, y: py + 4, "text-anchor": "middle" }, String(p.n)));
    root.append(g);
  }
  // The searched point on top of the pins, so that it is never hidden.
  root.append(svg("path", { class: "centre", d: `M${cx - 9} ${cy}h18M${cx} ${cy - 9}v18` }));
  const caption = document.createElement("figcaption");
  caption.className = "hint";
  caption.textContent = m.caption;
  figure.append(root, caption);
}
