import { describe, expect, it } from "vitest";
import { formatWeekly, isOpen24Hours, parseWeekly } from "../../src/dataset/hours-text.js";
import type { WeeklyHours } from "../../src/schema/hours.js";

const day = (open: string, close: string) => [{ open, close }];
const allDays = (periods: WeeklyHours["mon"]): WeeklyHours => ({
  mon: periods,
  tue: periods,
  wed: periods,
  thu: periods,
  fri: periods,
  sat: periods,
  sun: periods,
});

describe("hours text form", () => {
  const cases: Array<[string, WeeklyHours, string]> = [
    [
      "daily",
      allDays(day("08:00", "20:00")),
      "mon 08:00-20:00; tue 08:00-20:00; wed 08:00-20:00; thu 08:00-20:00; fri 08:00-20:00; sat 08:00-20:00; sun 08:00-20:00",
    ],
    [
      "split day, closed Sunday, overnight Friday",
      {
        ...allDays(day("08:00", "18:00")),
        tue: [...day("08:00", "12:30"), ...day("13:30", "19:00")],
        fri: day("20:00", "02:00"),
        sun: [],
      },
      "mon 08:00-18:00; tue 08:00-12:30,13:30-19:00; wed 08:00-18:00; thu 08:00-18:00; fri 20:00-02:00; sat 08:00-18:00; sun closed",
    ],
    [
      "days not known beside closed ones",
      { ...allDays(day("08:00", "20:00")), sat: null, sun: [] },
      "mon 08:00-20:00; tue 08:00-20:00; wed 08:00-20:00; thu 08:00-20:00; fri 08:00-20:00; sat unknown; sun closed",
    ],
    [
      "24 hours",
      allDays(day("00:00", "24:00")),
      "mon 00:00-24:00; tue 00:00-24:00; wed 00:00-24:00; thu 00:00-24:00; fri 00:00-24:00; sat 00:00-24:00; sun 00:00-24:00",
    ],
  ];
  it.each(cases)("%s round-trips", (_name, weekly, text) => {
    const formatted = formatWeekly(weekly);
    expect(formatted).toBe(text);
    expect(parseWeekly(formatted)).toEqual({ weekly });
  });

  it("recognises open 24 hours", () => {
    expect(isOpen24Hours(allDays(day("00:00", "24:00")))).toBe(true);
    expect(isOpen24Hours({ ...allDays(day("00:00", "24:00")), sun: [] })).toBe(false);
    expect(isOpen24Hours({ ...allDays(day("00:00", "24:00")), sun: null })).toBe(false);
  });

  const bad: Array<[string, RegExp]> = [
    ["mon 08:00-20:00", /missing day/],
    ["mon 8-20; tue closed; wed closed; thu closed; fri closed; sat closed; sun closed", /bad period/],
    ["xyz 08:00-20:00", /unknown day/],
    ["mon 24:00-08:00; tue closed; wed closed; thu closed; fri closed; sat closed; sun closed", /bad period/],
    ["mon closed; mon closed", /twice/],
    ["whenever", /cannot read/],
  ];
  it.each(bad)("rejects %s", (text, why) => {
    const result = parseWeekly(text);
    expect("error" in result && result.error).toMatch(why);
  });
});
