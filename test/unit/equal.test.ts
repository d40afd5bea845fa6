import { describe, expect, it } from "vitest";
import { expectEqual } from "../helpers/equal.js";

describe("expectEqual", () => {
  it("passes what toEqual passes, key order and undefined properties included", () => {
    expectEqual({ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 });
    expectEqual({ a: 1, b: undefined }, { a: 1 });
  });

  it("fails what toEqual fails, with the message and toEqual's diff", () => {
    expect(() => expectEqual({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] }, "clinic x")).toThrow(/clinic x/);
    expect(() => expectEqual([1, 2], [1, 2, 3])).toThrow(/expected/);
    expect(() => expectEqual(null, {})).toThrow();
  });
});
