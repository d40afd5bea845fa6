// @ts-check
// Word lists of the NPPES generator. Provider and clinic names are made up from these; the chain brands are
// fictional (no real urgent-care chain is named), as synthetic data must never pass for real.

/** Common US given names and surnames (as any synthetic roster uses), upper case as NPPES writes names. */
export const FIRST_NAMES = Object.freeze(
  "JAMES MARY ROBERT PATRICIA JOHN JENNIFER MICHAEL LINDA DAVID ELIZABETH WILLIAM BARBARA RICHARD SUSAN JOSEPH JESSICA THOMAS SARAH CHRISTOPHER KAREN CHARLES LISA DANIEL NANCY MATTHEW BETTY ANTHONY SANDRA MARK MARGARET DONALD ASHLEY STEVEN KIMBERLY ANDREW EMILY PAUL DONNA JOSHUA MICHELLE KENNETH CAROL KEVIN AMANDA BRIAN MELISSA GEORGE DEBORAH TIMOTHY STEPHANIE RONALD REBECCA JASON SHARON EDWARD LAURA JEFFREY CYNTHIA RYAN DOROTHY JACOB AMY GARY KATHLEEN NICHOLAS ANGELA ERIC SHIRLEY JONATHAN BRENDA STEPHEN EMMA LARRY ANNA JUSTIN PAMELA SCOTT NICOLE BRANDON SAMANTHA BENJAMIN KATHERINE SAMUEL CHRISTINE PRIYA WEI MIGUEL FATIMA OLUWASEUN NGUYEN AHMED SOFIA ALEJANDRO MEI".split(
    " ",
  ),
);
export const LAST_NAMES = Object.freeze(
  "SMITH JOHNSON WILLIAMS BROWN JONES GARCIA MILLER DAVIS RODRIGUEZ MARTINEZ HERNANDEZ LOPEZ GONZALEZ WILSON ANDERSON THOMAS TAYLOR MOORE JACKSON MARTIN LEE PEREZ THOMPSON WHITE HARRIS SANCHEZ CLARK RAMIREZ LEWIS ROBINSON WALKER YOUNG ALLEN KING WRIGHT SCOTT TORRES NGUYEN HILL FLORES GREEN ADAMS NELSON BAKER HALL RIVERA CAMPBELL MITCHELL CARTER ROBERTS PATEL SHAH KIM CHEN WANG SINGH O'BRIEN MCDONALD DE LA CRUZ VAN DYKE OKAFOR HASSAN KOWALSKI NOVAK FISCHER ROSSI".split(
    " ",
  ),
);
export const MIDDLE = Object.freeze([
  "A",
  "B",
  "C",
  "D",
  "E",
  "J",
  "L",
  "M",
  "R",
  "S",
  "T",
  "ANN",
  "LEE",
  "MARIE",
  "",
]);
export const CREDENTIALS = Object.freeze([
  "MD",
  "M.D.",
  "DO",
  "NP",
  "FNP-C",
  "PA-C",
  "RN",
  "DDS",
  "PHARMD",
  "DPT",
  "LCSW",
  "CRNA",
  "OD",
  "DC",
  "MD, MPH",
  "",
]);
export const AO_TITLES = Object.freeze([
  "OWNER",
  "CEO",
  "PRESIDENT",
  "CFO",
  "MEDICAL DIRECTOR",
  "ADMINISTRATOR",
  "MANAGING MEMBER",
  "DIRECTOR OF OPERATIONS",
  "CREDENTIALING MANAGER",
  "VP REVENUE CYCLE",
]);

/**
 * Taxonomies of individuals with their weight (NUCC codes): family and internal medicine, nurse practitioners,
 * physician assistants, pharmacists, dentists, therapists, counsellors, nurses, students…
 * @type {readonly (readonly [string, number])[]}
 */
// biome-ignore format: a table
export const INDIVIDUAL_TAXONOMIES = Object.freeze([
  ["207Q00000X", 8], ["207R00000X", 8], ["363LF0000X", 7], ["363A00000X", 6], ["183500000X", 5], ["122300000X", 5],
  ["225100000X", 4], ["1041C0700X", 4], ["101YM0800X", 4], ["163W00000X", 5], ["207P00000X", 2], ["208000000X", 3],
  ["207RC0000X", 1], ["2084P0800X", 2], ["367500000X", 2], ["152W00000X", 2], ["111N00000X", 2], ["390200000X", 3],
  ["363LP0808X", 2], ["235Z00000X", 1], ["106H00000X", 2], ["207X00000X", 1], ["2085R0202X", 1], ["1223G0001X", 2],
]);

/**
 * Taxonomies of organisations other than urgent care, with their weight: pharmacies, labs, hospitals, clinics of
 * other kinds (primary care 261QP2300X, FQHC, rural health, multi-specialty), groups, home health, DME, ambulances…
 * @type {readonly (readonly [string, number])[]}
 */
// biome-ignore format: a table
export const ORG_TAXONOMIES = Object.freeze([
  ["193200000X", 10], ["193400000X", 6], ["3336C0003X", 6], ["333600000X", 3], ["291U00000X", 3], ["282N00000X", 2],
  ["261QP2300X", 4], ["261QF0400X", 2], ["261QR1300X", 2], ["261QM1300X", 2], ["261QE0700X", 1], ["261Q00000X", 3],
  ["251E00000X", 5], ["314000000X", 3], ["332B00000X", 5], ["341600000X", 2], ["207Q00000X", 3], ["122300000X", 3],
  ["225100000X", 2], ["261QR0405X", 1], ["261QM0801X", 1], ["311500000X", 1], ["253Z00000X", 2], ["261QA1903X", 1],
]);

/** What an urgent-care organisation may carry beside 261QU0200X: primary care, multi-specialty, family medicine… */
export const URGENT_CARE_COMPANIONS = Object.freeze([
  "261QP2300X",
  "261QM1300X",
  "193200000X",
  "207Q00000X",
  "207P00000X",
  "261Q00000X",
  "291U00000X",
  "261QR1300X",
]);

/** The urgent-care taxonomy ("Ambulatory Health Care Facilities / Clinic/Center, Urgent Care"). */
export const URGENT_CARE = "261QU0200X";

/** Fictional urgent-care chains: the DBA their clinics carry, and their weight among chain clinics. */
// biome-ignore format: a table
export const BRANDS = Object.freeze([
  ["QUICKMEND URGENT CARE", 9], ["NORTHSTAR WALK-IN CLINIC", 7], ["BRIGHTPATH URGENT CARE", 6], ["SWIFTWELL URGENT CARE", 5],
  ["HARBORLIGHT EXPRESS CARE", 4], ["KESTREL IMMEDIATE CARE", 4], ["TRAILHEAD URGENT CARE", 3], ["BLUE HERON URGENT CARE", 3],
  ["MAPLEFIELD WALK-IN CARE", 2], ['"TINY TRIAGE" PEDIATRIC URGENT CARE', 1],
]);

/** Words of independent clinics' names. */
export const WORDS = Object.freeze(
  "PRAIRIE LAKESIDE CEDAR RIVERBEND SUMMIT VALLEY HARBOR MAPLE PIONEER LIBERTY MESA PINEWOOD BLUEBIRD HERITAGE OAKRIDGE SUNRISE COPPER WILLOW GRANITE MEADOW BRIARWOOD STONEGATE FOXGLOVE IRONWOOD SILVERLEAF TALLGRASS BAYSIDE HIGHLAND CANYON RIVERSIDE".split(
    " ",
  ),
);
export const CLINIC_FORMS = Object.freeze([
  "URGENT CARE",
  "WALK-IN CLINIC",
  "URGENT CARE CENTER",
  "FAMILY URGENT CARE",
  "EXPRESS CARE",
  "IMMEDIATE CARE",
  "URGENT & FAMILY CARE",
  "AFTER HOURS CLINIC",
]);
export const COMPANY_FORMS = Object.freeze([
  " LLC",
  ", LLC",
  ", INC.",
  " INC",
  " PC",
  " PLLC",
  ", P.A.",
  " PA",
  " LLP",
  ", PLLC",
  " CORP",
]);
export const ORG_NAME_FORMS = Object.freeze([
  "FAMILY MEDICINE",
  "HOME HEALTH SERVICES",
  "PHARMACY",
  "MEDICAL GROUP",
  "DENTAL ASSOCIATES",
  "PHYSICAL THERAPY",
  "IMAGING CENTER",
  "MEDICAL SUPPLY",
  "BEHAVIORAL HEALTH",
  "AMBULANCE SERVICE",
  "CLINICAL LABORATORY",
  "HEALTH CENTER",
  "REGIONAL HOSPITAL",
  "ORTHOPEDIC ASSOCIATES",
]);
// biome-ignore format: a table
export const STREETS = Object.freeze([
  "MAIN ST", "N BROADWAY", "W 1ST AVE", "S 22ND ST", "E 3RD ST", "MARTIN LUTHER KING JR BLVD", "US HIGHWAY 19 N", "FM 1960 RD W", "OAK ST", "LINCOLN AVE",
  "WASHINGTON BLVD", "NE 4TH ST", "SW 89TH ST", "OLD MILL RD", "CEDAR HOLLOW RD", "PARK PLAZA DR", "COMMERCE PKWY", "MEDICAL CENTER DR", "STATE ROUTE 7", "RIVER RD",
  "LAKEVIEW DR", "COLLEGE AVE", "INDUSTRIAL BLVD", "HIGHLAND AVE", "CENTRAL AVE", "MILITARY TRL", "PEACHTREE INDUSTRIAL BLVD", "EL CAMINO REAL", "COUNTY ROAD 42", "TOWNE CENTRE DR",
]);
export const SUITES = Object.freeze([
  "STE 100",
  "STE 110",
  "SUITE 200",
  "SUITE B",
  "STE 1A",
  "BLDG 2",
  "UNIT 5",
  "# 300",
  "FLOOR 2",
  "STE 120",
]);
