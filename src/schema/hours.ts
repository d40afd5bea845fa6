import { z } from "zod";

/** 24-hour wall-clock time `HH:MM`; `24:00` is allowed as a closing time meaning midnight at the end of the day. */
export const TimeOfDay = z
  .string()
  .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/)
  .meta({
    description: "24-hour local time HH:MM; 24:00 only as a closing time (end of the day).",
    example: "08:00",
  });

export const OpeningPeriod = z
  .strictObject({
    open: TimeOfDay,
    close: TimeOfDay,
  })
  .meta({
    id: "OpeningPeriod",
    description:
      "One opening period that starts on the day it is listed under. If close is earlier than or equal to open (e.g. 20:00–02:00) the period runs past midnight into the next day; 00:00–24:00 is the whole day.",
  });
export type OpeningPeriod = z.infer<typeof OpeningPeriod>;

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const day = z.array(OpeningPeriod).nullable().meta({
  description:
    "Opening periods starting this day, in order; empty = closed; null = not known (the source gives no hours for this day, which is not the same as closed).",
});

export const WeeklyHours = z
  .strictObject({ mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day })
  .meta({ id: "WeeklyHours", description: "Regular weekly opening periods in the clinic's local time." });
export type WeeklyHours = z.infer<typeof WeeklyHours>;

export const Hours = z
  .strictObject({
    timezone: z.string().min(1).meta({
      description: "IANA time zone of the clinic; all times are local to it.",
      example: "America/Chicago",
    }),
    open_24_hours: z
      .boolean()
      .meta({ description: "True when every day is 00:00–24:00 (never when a day is not known)." }),
    weekly: WeeklyHours,
  })
  .meta({
    // No component id: OpenAPI 3.0 cannot mark a $ref nullable, so Clinic.hours inlines this object.
    description:
      "Machine-readable regular opening hours. To tell whether a clinic is open at an instant, convert the instant to `timezone`, then check the periods of that weekday and those of the previous day that run past midnight; when no period covers the instant and that weekday is null (not known), whether it is open is not known either. Holiday exceptions are not represented. Where the hours come from and when they were seen: the clinic's `sources` entry whose `fields` list `hours`, with its `date` (for a chain's store locator read by All The Places, the day of the run that read it).",
  });
export type Hours = z.infer<typeof Hours>;
