import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceKm } from "../../src/geo/distance.js";
import { NearestIndex } from "../../src/render/releases/nearest.js";

/** Every point measured, nearest first, ties in list order: what the index must give. */
function bruteForce(
  points: { latitude: number | null; longitude: number | null }[],
  lat: number,
  lng: number,
  n: number,
) {
  return points
    .flatMap((p, index) =>
      p.latitude === null || p.longitude === null
        ? []
        : [{ index, km: distanceKm(lat, lng, p.latitude, p.longitude) }],
    )
    .sort((a, b) => a.km - b.km || a.index - b.index)
    .slice(0, n);
}

describe("NearestIndex", () => {
  // Points on a coarse grid (many equal distances: ties must fall in list order), some without a position.
  const coordinate = (min: number, max: number) =>
    fc.integer({ min: min * 20, max: max * 20 }).map((x) => x / 20);
  const point = fc.oneof(
    { weight: 9, arbitrary: fc.record({ latitude: coordinate(25, 49), longitude: coordinate(-125, -67) }) },
    { weight: 1, arbitrary: fc.constant({ latitude: null, longitude: null }) },
  );

  it("finds the same nearest points as measuring every one, ties in list order", () => {
    fc.assert(
      fc.property(
        fc.array(point, { maxLength: 120 }),
        coordinate(25, 49),
        coordinate(-125, -67),
        fc.integer({ min: 1, max: 8 }),
        (points, lat, lng, n) => {
          expect(new NearestIndex(points).nearest(lat, lng, n)).toEqual(bruteForce(points, lat, lng, n));
        },
      ),
      { numRuns: 300 },
    );
  });
});
