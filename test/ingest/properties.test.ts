import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { cityKey } from "../../src/dataset/identity.js";
import { streetLine } from "../../src/ingest/normalise/address.js";
import { normaliseList } from "../../src/ingest/normalise/lists.js";
import { normaliseName } from "../../src/ingest/normalise/name.js";
import { normalisePhone } from "../../src/ingest/normalise/phone.js";
import { properCase } from "../../src/ingest/normalise/proper-case.js";
import { cleanText } from "../../src/ingest/normalise/text.js";
import { normaliseWebsite } from "../../src/ingest/normalise/website.js";
import { normaliseZip } from "../../src/ingest/normalise/zip.js";

/** Text that looks like registry data: upper-case words, digits, ordinals, punctuation, odd spacing. */
const registryText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "MCALLEN",
        "O'FALLON",
        "ST.",
        "1ST",
        "22ND",
        "LLC",
        "II",
        "USA",
        "OF",
        "THE",
        "-",
        "WALK-IN",
        "CHILDREN'S",
        "U.S.",
        "#200",
        "É",
      ),
      fc.stringMatching(/^[A-Z]{1,8}$/),
      fc.stringMatching(/^[0-9]{1,5}$/),
      fc.string({ maxLength: 6 }),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .chain((words) => fc.constantFrom(" ", "  ", "\t", " \u00a0").map((sep) => words.join(sep)));

// Block bodies: fast-check fails a property whose function returns false, and vitest matchers return values.
const idempotent =
  <T>(f: (x: T) => T) =>
  (x: T): void => {
    expect(f(f(x))).toEqual(f(x));
  };

describe("normalisers are idempotent: normalising twice changes nothing", () => {
  test("cleanText", () =>
    fc.assert(fc.property(registryText, (t) => idempotent((x: string) => cleanText(x) ?? "")(t))));
  test("properCase", () =>
    fc.assert(fc.property(registryText, (t) => idempotent(properCase)(cleanText(t) ?? ""))));
  test("normaliseName", () =>
    fc.assert(
      fc.property(registryText, (t) => idempotent((x: string) => normaliseName(x, true))(cleanText(t) ?? "")),
    ));
  test("streetLine", () =>
    fc.assert(
      fc.property(registryText, (t) =>
        idempotent((x: string) => streetLine(x === "" ? null : x, null, true) ?? "")(cleanText(t) ?? ""),
      ),
    ));
  test("normalisePhone", () =>
    fc.assert(
      fc.property(
        // Numbers the North American plan allows: no N11 area code or exchange, no N9X (reserved) area code, and
        // 555 only in the fictional 555-0100…0199 (the others are refused: test/ingest/normalise.test.ts).
        fc
          .stringMatching(/^(?:\+?1[ .-]?)?\(?[2-9][0-8][0-9]\)?[ .-]?[2-9][0-9]{2}[ .-]?[0-9]{4}$/)
          .filter((t) => {
            const d = t.replace(/\D/g, "").slice(-10);
            return !/^.11/.test(d) && !/^...[2-9]11/.test(d) && !/^...555(?!01)/.test(d);
          }),
        (t) => {
          const once = normalisePhone(t).value;
          expect(once).not.toBeNull();
          expect(normalisePhone(once as string).value).toBe(once);
        },
      ),
    ));
  test("normalisePhone on any text: a kept number is stable", () =>
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (t) => {
        const once = normalisePhone(t).value;
        if (once !== null) expect(normalisePhone(once).value).toBe(once);
      }),
    ));
  test("normaliseWebsite", () =>
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ["http", "https"] }), (u) => {
        const once = normaliseWebsite(u).value;
        if (once !== null) expect(normaliseWebsite(once).value).toBe(once);
      }),
    ));
  test("normaliseZip", () =>
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{3,9}$/), (z) => {
        const once = normaliseZip(z);
        if (once !== null) expect(normaliseZip(once)).toBe(once);
      }),
    ));
  test("normaliseList", () =>
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 })), (items) =>
        idempotent((x: string[]) => normaliseList(x, "|"))(items),
      ),
    ));
  test("cityKey", () =>
    fc.assert(
      fc.property(registryText, (t) => {
        expect(cityKey(cityKey(t))).toBe(cityKey(t));
      }),
    ));
});

describe("properCase never changes the letters, only their case", () => {
  test("same text ignoring case", () =>
    fc.assert(
      fc.property(registryText, (t) => {
        expect(properCase(t).toLowerCase()).toBe(t.toLowerCase());
      }),
    ));
});
