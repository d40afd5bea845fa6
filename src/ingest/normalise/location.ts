import { isInState, stateAt } from "../../geo/state-shapes.js";
import { zipCentroid } from "../../geo/zip-centroids.js";
import { zipState } from "../../geo/zip-states.js";
import { type LatLng, normaliseCoordinates, splitCoordinates } from "./coordinates.js";
import { normaliseState } from "./state.js";
import type { ZipReading } from "./zip.js";

/** A problem found while placing a record; `rejected` ones keep it from being published. */
export interface LocationProblem {
  field: string;
  code: string;
  message: string;
  kind: "rejected" | "repaired";
}

export interface Location {
  /** USPS code, or null when the record is rejected for its state. */
  state: string | null;
  point: LatLng | null;
  coordinatesSource: "source" | "zip_centroid" | null;
  /** The ZIP code kept: null when none was given, or when leading zeros it lost cannot be put back for its state. */
  zip: string | null;
  problems: LocationProblem[];
}

/**
 * Places a record: its state (as given, else from its coordinates) and its point. Candidate coordinate pairs come
 * in column order (duplicated X/Y columns give several); the first pair that is a valid position is taken, with
 * latitude and longitude exchanged when only that lies in the state. A point outside its state is dropped, whatever
 * the profile (no source is trusted with a point in another state or at sea, our own exports included). A ZIP that
 * lost its leading zeros (`2134`) gets them back only when that makes a ZIP of the record's state (`02134`, MA);
 * otherwise it is dropped. A record without a usable point is placed at its ZIP code's centroid (approximate) when
 * `placeByZip` and the ZIP is one of its state's — by the ZIP table (`zipState`), wherever the centroid lies.
 * @example locate([["30.26", "-97.74"]], null, "TX", null).point // { latitude: 30.26, longitude: -97.74 }
 */
export function locate(
  pairs: readonly [string | null, string | null][],
  coordinatesText: string | null,
  stateText: string | null,
  given: ZipReading | null,
  placeByZip = true,
): Location {
  const problems: LocationProblem[] = [];
  const repaired = (field: string, code: string, message: string) =>
    problems.push({ field, code, message, kind: "repaired" });
  const candidates = pairs.length > 0 ? [...pairs] : [];
  if (candidates.every(([a, b]) => a === null && b === null) && coordinatesText !== null)
    candidates.unshift(splitCoordinates(coordinatesText));

  // The first valid pair wins; a pair valid only when swapped is remembered for the state check.
  let point: LatLng | null = null;
  let swappedOnly = false;
  let firstProblem: { code: string; message: string } | undefined;
  for (const [lat, lng] of candidates) {
    const c = normaliseCoordinates(lat, lng);
    if (c.value) {
      point = c.value;
      break;
    }
    if (c.problem && lat !== null && lng !== null && c.problem.code === "coordinates_out_of_range") {
      const s = normaliseCoordinates(lng, lat);
      if (s.value) {
        point = s.value;
        swappedOnly = true;
        break;
      }
    }
    if (c.problem && !firstProblem) firstProblem = c.problem;
  }
  if (!point && firstProblem) repaired("coordinates", firstProblem.code, firstProblem.message);

  let state: string | null = null;
  if (stateText === null) {
    const inferred = point && !swappedOnly ? stateAt(point.latitude, point.longitude) : undefined;
    if (inferred) {
      state = inferred;
      repaired("state", "state_from_coordinates", `no state given; ${inferred} taken from the coordinates`);
    } else if (point)
      problems.push({
        field: "state",
        code: "out_of_scope_state",
        message: `no state given, and the coordinates ${point.latitude},${point.longitude} lie outside the 50 states and DC (another country, or at sea); skipped`,
        kind: "rejected",
      });
    else
      problems.push({
        field: "state",
        code: "missing_state",
        message: "the record has no state and no coordinates; skipped",
        kind: "rejected",
      });
  } else {
    const s = normaliseState(stateText);
    if ("state" in s) state = s.state.code;
    else if ("outOfScope" in s)
      problems.push({
        field: "state",
        code: "out_of_scope_state",
        message: `${s.outOfScope} (${stateText}) is outside the 50 states and DC; skipped`,
        kind: "rejected",
      });
    else
      problems.push({
        field: "state",
        code: "invalid_state",
        message: `"${stateText}" is not a US state; skipped`,
        kind: "rejected",
      });
  }
  if (state === null)
    return { state, point: null, coordinatesSource: null, zip: given?.zip ?? null, problems };
  const zip = given === null ? null : keptZip(given, state, repaired);

  if (point && swappedOnly) {
    if (isInState(state, point.latitude, point.longitude))
      repaired(
        "coordinates",
        "coordinates_swapped",
        `latitude and longitude were exchanged; read as ${point.latitude},${point.longitude}`,
      );
    else {
      repaired(
        "coordinates",
        "coordinates_out_of_range",
        `${point.longitude},${point.latitude} is not a valid position; dropped`,
      );
      point = null;
    }
  } else if (point && !isInState(state, point.latitude, point.longitude)) {
    if (isInState(state, point.longitude, point.latitude)) {
      repaired(
        "coordinates",
        "coordinates_swapped",
        `${point.latitude},${point.longitude} lies outside ${state}; latitude and longitude were swapped`,
      );
      point = { latitude: point.longitude, longitude: point.latitude };
    } else {
      const actual = stateAt(point.latitude, point.longitude);
      repaired(
        "coordinates",
        "coordinates_outside_state",
        `${point.latitude},${point.longitude} lies ${actual ? `in ${actual}` : "outside every state"}, not in ${state}; coordinates dropped`,
      );
      point = null;
    }
  }
  if (point) return { state, point, coordinatesSource: "source", zip, problems };

  if (zip !== null && placeByZip) {
    const centre = zipCentroid(zip);
    if (centre) {
      // The ZIP's own state, not the one its centre falls in: 82930 (Evanston, WY) has its centre in Utah.
      const own = zipState(zip);
      if (own === state)
        return {
          state,
          point: { latitude: centre.latitude, longitude: centre.longitude },
          coordinatesSource: "zip_centroid",
          zip,
          problems,
        };
      repaired(
        "zip",
        "zip_outside_state",
        `ZIP ${zip} is ${own ? `a ZIP of ${own}` : "no ZIP of the 50 states and DC"}, not of ${state}: not used to place the clinic`,
      );
    }
  }
  return { state, point: null, coordinatesSource: null, zip, problems };
}

/**
 * The ZIP as read, when whole; one that lost its leading zeros only when the zeros make a ZIP of the record's state
 * (reported, `zip_leading_zero`), else dropped (`invalid_zip`): `7030` is `07030` in New Jersey, nothing in Texas.
 */
function keptZip(
  given: ZipReading,
  state: string,
  repaired: (field: string, code: string, message: string) => void,
): string | null {
  if (!given.lostZeros) return given.zip;
  const own = zipState(given.zip);
  const digits = given.zip.replace("-", "").replace(/^0+/, "");
  if (own === state) {
    repaired(
      "zip",
      "zip_leading_zero",
      `"${digits}" lost its leading zero(s): read as ${given.zip}, a ZIP of ${state}`,
    );
    return given.zip;
  }
  repaired(
    "zip",
    "invalid_zip",
    `"${digits}" is not a ZIP code of ${state}${own ? ` (with the leading zeros a spreadsheet drops it would be ${given.zip}, a ZIP of ${own})` : ""}; dropped`,
  );
  return null;
}
