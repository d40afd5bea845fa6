/**
 * The site's maps, drawn at build time as inline SVG from the state outlines (no tile server, no request to any
 * other origin): the country with a link per state, a state with its clinics as dots, a city with its clinics.
 */
import { type GeoProjection, geoAlbersUsa, geoAzimuthalEqualArea, geoCentroid } from "d3-geo";
import { type Html, html, raw } from "../../../util/html.js";
import type { StateGroup } from "../../group.js";
import type { StateSummary } from "../../summary.js";
import { simplified, stateOutlines } from "./atlas.js";
import { dotsPath, pathData } from "./svg.js";

/** Below this area (px²) a point of an outline is not worth its bytes. */
const HOME_DETAIL = 4;
const STATE_DETAIL = 2;
const CITY_DETAIL = 0.5;
const EARTH_KM = 6371;

/**
 * The country (Albers USA: Alaska and Hawaii as insets), each state a link to its page, named for screen readers
 * and keyboard users with its clinic count.
 */
export function usMap(
  states: readonly StateSummary[],
  href: (s: StateSummary) => string,
  words: { title: string; label: (s: StateSummary) => string },
): Html {
  const projection = geoAlbersUsa().scale(1300).translate([487.5, 305]);
  const outlines = stateOutlines();
  const minWeight = HOME_DETAIL / projection.scale() ** 2;
  const links = states.map((s) => {
    const outline = outlines.get(s.state.code);
    if (!outline) return "";
    const d = pathData(projection, simplified(outline, minWeight));
    const label = words.label(s);
    return html`<a href="${href(s)}" aria-label="${label}"><path class="land${s.clinics > 0 ? " has" : ""}" d="${raw(d)}"><title>${label}</title></path></a>`;
  });
  return html`<svg class="map" viewBox="0 0 975 610" role="group" aria-labelledby="us-map-title"><title id="us-map-title">${words.title}</title>${links}</svg>`;
}

function fitted(feature: Parameters<GeoProjection["fitExtent"]>[1], width: number, maxHeight: number) {
  const [lng, lat] = geoCentroid(feature);
  const projection = geoAzimuthalEqualArea()
    .rotate([-lng, -lat])
    .fitExtent(
      [
        [8, 8],
        [width - 8, maxHeight - 8],
      ],
      feature,
    );
  return projection;
}

/** A state's outline with its clinics as dots (one dot per pixel, however many clinics share it). */
export function stateMap(group: StateGroup, title: string): Html {
  const outline = stateOutlines().get(group.state.state.code);
  if (!outline) return html``;
  const width = 600;
  const projection = fitted(outline.feature, width, 460);
  const shape = simplified(outline, STATE_DETAIL / projection.scale() ** 2);
  const [[, y0], [, y1]] = pathBounds(projection, shape);
  const height = Math.ceil(y1 + Math.min(8, y0));
  const points: [number, number][] = [];
  for (const city of group.cities) {
    for (const { record } of city.clinics) {
      if (record.latitude === null || record.longitude === null) continue;
      const p = projection([record.longitude, record.latitude]);
      if (p) points.push(p);
    }
  }
  return html`<svg class="map" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="state-map-title"><title id="state-map-title">${title}</title><path class="land has" d="${raw(pathData(projection, shape))}"/><path class="dots" d="${raw(dotsPath(points))}"/></svg>`;
}

function pathBounds(projection: GeoProjection, shape: ReturnType<typeof simplified>) {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const polygon of shape.geometry.coordinates)
    for (const ring of polygon)
      for (const pt of ring) {
        const p = projection([pt[0] as number, pt[1] as number]);
        if (p) {
          xs.push(p[0]);
          ys.push(p[1]);
        }
      }
  return [
    [Math.min(...xs, 0), Math.min(...ys, 0)],
    [Math.max(...xs, 0), Math.max(...ys, 0)],
  ] as const;
}

/** One dot of a city map: where, and what its tooltip says. */
export interface CityDot {
  latitude: number;
  longitude: number;
  label: string;
}

/**
 * A city's clinics as dots over the outlines of the states around them (clipped to the frame, so coasts, lakes
 * and state lines show), with a scale bar in miles.
 */
export function cityMap(
  title: string,
  centre: { latitude: number; longitude: number },
  radiusKm: number,
  dots: readonly CityDot[],
): Html {
  const width = 600;
  const height = 400;
  const reachKm = Math.max(radiusKm, 2) * 1.15;
  const scale = (height / 2 - 12) / (reachKm / EARTH_KM);
  const projection = geoAzimuthalEqualArea()
    .rotate([-centre.longitude, -centre.latitude])
    .scale(scale)
    .translate([width / 2, height / 2])
    .clipExtent([
      [0, 0],
      [width, height],
    ]);
  const padLat = ((reachKm * 2) / 111) * 1.2;
  const padLng = (padLat / Math.max(0.1, Math.cos((centre.latitude * Math.PI) / 180))) * 1.6;
  const land: string[] = [];
  for (const outline of stateOutlines().values()) {
    const [w, s, e, n] = outline.bbox;
    if (
      centre.latitude + padLat < s ||
      centre.latitude - padLat > n ||
      centre.longitude + padLng < w ||
      centre.longitude - padLng > e
    )
      continue;
    const d = pathData(projection, simplified(outline, CITY_DETAIL / scale ** 2));
    if (d) land.push(d);
  }
  const circles = dots.map((dot) => {
    const p = projection([dot.longitude, dot.latitude]);
    if (!p) return "";
    return html`<circle class="dot" cx="${p[0].toFixed(1)}" cy="${p[1].toFixed(1)}" r="5"><title>${dot.label}</title></circle>`;
  });
  const bar = scaleBar(scale, width);
  return html`<svg class="map" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="city-map-title"><title id="city-map-title">${title}</title>${land.map((d) => html`<path class="land has" d="${raw(d)}"/>`)}${circles}${bar}</svg>`;
}

/** A bar of a round number of miles, about a fifth of the width, in the bottom left corner. */
function scaleBar(scale: number, width: number): Html {
  const pxPerMile = (scale / EARTH_KM) * 1.609344;
  const target = width / 5 / pxPerMile;
  const steps = [0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500];
  const miles = steps.reduce((best, s) => (Math.abs(s - target) < Math.abs(best - target) ? s : best), 1);
  const len = Math.round(miles * pxPerMile);
  return html`<g><path class="scale" d="M12 384h${len}"/><text x="12" y="378">${String(miles)} mi</text></g>`;
}
