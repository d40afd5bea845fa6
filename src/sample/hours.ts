import { isOpen24Hours } from "../dataset/hours-text.js";
import type { Hours, OpeningPeriod, Weekday, WeeklyHours } from "../schema/hours.js";
import { WEEKDAYS } from "../schema/hours.js";
import type { Rng } from "./rng.js";

type Plan = { weekday: OpeningPeriod[]; sat: OpeningPeriod[]; sun: OpeningPeriod[] };

const p = (open: string, close: string): OpeningPeriod[] => [{ open, close }];

/** Typical urgent-care schedules, most common first; the overnight one runs past midnight. */
const PLANS: ReadonlyArray<readonly [weight: number, plan: Plan]> = [
  [30, { weekday: p("08:00", "20:00"), sat: p("08:00", "20:00"), sun: p("08:00", "20:00") }],
  [18, { weekday: p("08:00", "20:00"), sat: p("09:00", "17:00"), sun: p("09:00", "17:00") }],
  [12, { weekday: p("09:00", "21:00"), sat: p("09:00", "21:00"), sun: p("10:00", "18:00") }],
  [10, { weekday: p("07:00", "19:00"), sat: p("08:00", "16:00"), sun: [] }],
  [8, { weekday: p("08:00", "22:00"), sat: p("08:00", "22:00"), sun: p("08:00", "22:00") }],
  [6, { weekday: p("08:00", "18:00"), sat: p("09:00", "14:00"), sun: [] }],
  [4, { weekday: p("00:00", "24:00"), sat: p("00:00", "24:00"), sun: p("00:00", "24:00") }],
  [4, { weekday: p("16:00", "02:00"), sat: p("12:00", "02:00"), sun: p("12:00", "22:00") }],
  [
    4,
    {
      weekday: [
        { open: "08:00", close: "12:30" },
        { open: "13:30", close: "19:00" },
      ],
      sat: p("09:00", "13:00"),
      sun: [],
    },
  ],
];
const TOTAL = PLANS.reduce((n, [w]) => n + w, 0);

export function sampleHours(rng: Rng, timezone: string): Hours {
  let roll = rng.next() * TOTAL;
  let plan = PLANS[0]?.[1] as Plan;
  for (const [w, candidate] of PLANS) {
    roll -= w;
    if (roll < 0) {
      plan = candidate;
      break;
    }
  }
  const weekly = {} as WeeklyHours;
  for (const d of WEEKDAYS) weekly[d] = periodsFor(plan, d).map((x) => ({ ...x }));
  return { timezone, open_24_hours: isOpen24Hours(weekly), weekly };
}

function periodsFor(plan: Plan, d: Weekday): OpeningPeriod[] {
  if (d === "sat") return plan.sat;
  if (d === "sun") return plan.sun;
  return plan.weekday;
}
