import { readFile } from "node:fs/promises";
import { z } from "zod";

/**
 * Which All The Places features are urgent care besides those its spiders tag so (`healthcare:speciality=urgent`,
 * All The Places' `Categories.CLINIC_URGENT`): features of the spiders listed here (chains whose spiders tag only
 * `amenity=clinic`, or nothing, and let the Name Suggestion Index fill the category in), and features whose brand
 * or operator is one of the Wikidata items listed here. An operator edits a copy of this list and passes it with
 * `--atp-urgent-care FILE.json` (the same shape, validated on load); it replaces the built-in one.
 */
export const UrgentCareList = z.strictObject({
  spiders: z
    .array(
      z.strictObject({
        spider: z.string().regex(/^[a-z0-9_]+$/),
        name: z.string().min(1),
        /**
         * `closed`: the spider's locator lists every day the place opens (a day it leaves out is closed), as its
         * code shows; else a day left out of `opening_hours` is not known.
         */
        omitted_days: z.enum(["unknown", "closed"]).default("unknown"),
        why: z.string().min(1),
      }),
    )
    .default([]),
  brands: z
    .array(
      z.strictObject({
        wikidata: z.string().regex(/^Q[1-9]\d*$/),
        name: z.string().min(1),
        why: z.string().min(1),
      }),
    )
    .default([]),
});
export type UrgentCareList = z.output<typeof UrgentCareList>;

/**
 * The built-in list, from the spiders of `alltheplaces/alltheplaces` (read at commit 0e866a2, August 2026). Health
 * systems whose spiders tag their urgent-care sites `healthcare:speciality=urgent` (Ascension, Mercy Health,
 * WellStar, Sutter Health, CoxHealth, Kaiser Permanente…) need no entry: their other sites are hospitals and
 * offices, so neither their spider nor their brand is listed. Carbon Health's spider tags urgent care per site.
 */
export const URGENT_CARE_LIST: UrgentCareList = UrgentCareList.parse({
  spiders: [
    {
      spider: "afc_urgent_care",
      name: "AFC Urgent Care",
      omitted_days: "closed",
      why: "tags amenity=clinic only; its locator gives seven days of hours and the spider leaves out the days without hours",
    },
    {
      spider: "gohealth_urgent_care_us",
      name: "GoHealth Urgent Care",
      why: "sets no category (the Name Suggestion Index may fill it in); every site is an urgent care centre",
    },
    {
      spider: "premierurgentcare",
      name: "Premier Urgent Care",
      why: "tags amenity=clinic only; every site is an urgent care centre",
    },
    {
      spider: "nextcare_us",
      name: "NextCare Urgent Care",
      why: "tags urgent care; listed so that a change of its category does not drop the chain",
    },
  ],
  brands: [
    {
      wikidata: "Q110552174",
      name: "AFC Urgent Care",
      why: "operator of the afc_urgent_care spider's sites",
    },
    { wikidata: "Q110282081", name: "GoHealth Urgent Care", why: "brand of gohealth_urgent_care_us" },
    { wikidata: "Q139994485", name: "NextCare Urgent Care", why: "brand of nextcare_us and nextcare" },
  ],
});

/**
 * An operator's list (`--atp-urgent-care FILE.json`); throws with every reason when it is not one.
 * @example const list = await loadUrgentCareList("my-urgent-care.json");
 */
export async function loadUrgentCareList(path: string): Promise<UrgentCareList> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, "utf8"));
  } catch (e) {
    throw new Error(`cannot read the urgent-care list ${path}: ${(e as Error).message}`);
  }
  const result = UrgentCareList.safeParse(json);
  if (!result.success)
    throw new Error(
      `the urgent-care list ${path} is invalid: ${result.error.issues.map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`).join("; ")}`,
    );
  return result.data;
}
