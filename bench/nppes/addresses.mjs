// @ts-check
// Where and when a record is: a place picked in proportion to its weight, a made-up street address there, phones in
// the 555-0100…555-0199 range of a real area code (never a line that rings), the record's dates.
import { STREETS, SUITES } from "./vocab.mjs";

/** @typedef {import("./rows.mjs").Address} Address */
/** @typedef {import("./places.mjs").Place} Place */
/** @typedef {import("./records.mjs").Context} Context */
/** @typedef {import("./random.mjs").Random} Random */

/** @param {Context} ctx @param {Random} rng */
export const pickPlace = (ctx, rng) =>
  /** @type {Place} */ (
    ctx.places[/** @type {number} */ (ctx.slots[Math.floor(rng.next() * ctx.slots.length)])]
  );

/** A phone number that can never ring anyone: a real area code, exchange 555, line 0100–0199 (NXX5550100–NXX5550199). */
export const phoneIn = (/** @type {string} */ area, /** @type {Random} */ rng) =>
  `${area}5550${100 + rng.int(0, 99)}`;

/** A phone number of a place (its state's area code), never one that rings. */
export const phone = (/** @type {Place} */ place, /** @type {Random} */ rng) => phoneIn(place.area, rng);

/**
 * A made-up street address at a real place: 9-digit ZIP+4 (as NPPES writes them) or 5 digits.
 * @param {Place} place
 * @param {Random} rng
 * @param {number} [zip4] share of ZIP+4
 * @returns {Address}
 */
export function usAddress(place, rng, zip4 = 0.6) {
  const zip = rng.pick(place.zips);
  return {
    line1: `${rng.int(1, 29_999)} ${rng.pick(STREETS)}`,
    line2: rng.chance(0.35) ? rng.pick(SUITES) : "",
    city: place.city,
    state: place.state,
    postal: rng.chance(zip4) ? `${zip}${String(rng.int(1, 9998)).padStart(4, "0")}` : zip,
    country: "US",
    phone: phone(place, rng),
    fax: rng.chance(0.5) ? phone(place, rng) : "",
  };
}

/** A post-office box in the same city (a common mailing address). */
export const poBox = (/** @type {Address} */ a, /** @type {Random} */ rng) => ({
  ...a,
  line1: `PO BOX ${rng.int(1, 9999)}`,
  line2: "",
  postal: a.postal.slice(0, 5),
});

/**
 * @param {Context} ctx
 * @param {Random} rng
 * @param {number} [recent] the share whose last update is in the last two years
 * @returns {{ enumerated: number, updated: number, certified: number | null }}
 */
export function dates(ctx, rng, recent = 0.3) {
  const enumerated = ctx.start + Math.floor(rng.next() * (ctx.end - ctx.start - 30));
  const floor = rng.chance(recent) ? Math.max(enumerated, ctx.end - 730) : enumerated;
  const updated = floor + Math.floor(rng.next() * (ctx.end - floor));
  const certified = rng.chance(0.7) ? updated + Math.floor(rng.next() * (ctx.end - updated)) : null;
  return { enumerated, updated, certified };
}
