/**
 * Word lists of the synthetic sample. Brand stems are invented words so that no generated network reads as a real
 * chain; people's surnames are common ones and appear only in fictional independent clinic names.
 */
export const BRAND_STEMS = [
  "Bluepine", "Copperleaf", "Harborlight", "Sagebrook", "Redfern", "Larkmoor", "Quillfield", "Brightwater Vale",
  "Stonecrest Hollow", "Amberlyn", "Wrenfield", "Cobaltia", "Juniperline", "Marigold Row", "Oakhaven Bend",
  "Tidewell", "Silverbirch", "Kestrelridge", "Meadowlark Pines", "Northwind Vale", "Cedarloft", "Sunvale Crossing",
  "Thistledown", "Pebblecreek Mill", "Hollisford", "Fernbrook Glen", "Driftmoor", "Willowmere", "Granitefall",
  "Bramblecove", "Lanternfield", "Riverquill", "Saltmarsh Gate", "Heathervane", "Ironbark Hill", "Moonpetal",
  "Starlingford", "Goldcrest Park", "Rosewick", "Ashgrove Point", "Tamarack Bay", "Violet Springs Mill",
  "Hartwell Cove", "Ember Valley", "Lindenhurst Row", "Cloverdale Knoll", "Briarpatch", "Aspenfold", "Dovecote",
  "Sparrowind", "Glimmerbrook", "Cinderwood", "Mapleshade Farm", "Kingfisher Reach", "Bellwether", "Corvina",
  "Halcyon Ridge", "Mistral Oaks", "Orchardine", "Prairiewick", "Quarrystone", "Rainmoor", "Shalewood",
  "Thornbury Vale", "Upland Fern", "Verdantia", "Westerly Mill", "Yarrowfield", "Zephyrine", "Alderwick",
  "Birchcombe", "Calloway Bend", "Dunmore Pines", "Elmstead Cove", "Foxglove Lane", "Gullhaven", "Hazelmere",
  "Inkberry", "Jasperton", "Knollwood Bay", "Lupine Crest", "Mossgate", "Nettlefield", "Osprey Landing",
  "Primrose Hollow", "Quincewood", "Rushmere", "Sorrelbrook", "Tansyfield", "Umberlane", "Vesperine",
  "Wintergreen Row", "Yewcroft", "Zinniaford", "Auburnvale", "Bayberry Knoll", "Cresthaven Mill", "Duskfield",
] as const;

export const BRAND_FORMS = [
  "Urgent Care", "Walk-In Clinic", "Express Care", "Immediate Care", "Urgent Care Centers", "Family Urgent Care",
  "QuickMed Clinic", "Medical Urgent Care",
] as const;

export const SURNAMES = [
  "Alvarez", "Bennett", "Chen", "Delgado", "Ellison", "Fitzgerald", "Garcia", "Hansen", "Ibarra", "Jensen",
  "Kowalski", "Lindqvist", "Moreno", "Nakamura", "Okafor", "Patel", "Quintero", "Ramirez", "Sullivan", "Tran",
  "Underwood", "Vasquez", "Whitaker", "Xiong", "Yamamoto", "Zimmerman", "Abbott", "Brennan", "Castillo", "Dawson",
] as const;

export const INDEPENDENT_FORMS = [
  "{place} Urgent Care",
  "{place} Walk-In Clinic",
  "{surname} Family Urgent Care",
  "{place} Immediate Care",
  "Dr. {surname} Urgent Care",
  "{place} Pediatric Urgent Care",
  "{place} Medical Clinic & Urgent Care",
  "{surname} & {surname2} Urgent Care",
  "{place} After-Hours Clinic",
] as const;

export const STREETS = [
  "Main", "Oak", "Maple", "Cedar", "Pine", "Elm", "Washington", "Lake", "Hill", "Park", "Sunset", "Lincoln",
  "Jefferson", "Jackson", "Highland", "Ridge", "River", "Meadow", "Forest", "Church", "Spring", "Mill", "Center",
  "Market", "Franklin", "Madison", "Chestnut", "Walnut", "College", "Union", "1st", "2nd", "3rd", "4th", "5th",
  "12th", "21st", "Commerce", "Industrial", "Airport", "Mission", "Valley", "Broadway", "Grand", "University",
] as const;

export const STREET_SUFFIXES = ["St", "Ave", "Blvd", "Rd", "Dr", "Pkwy", "Ln", "Way", "Hwy", "Ct"] as const;

export const DISTRICTS = [
  "Downtown", "Midtown", "Uptown", "North Side", "South Side", "East Side", "West Side", "Old Town", "Medical District",
  "University District", "Riverside", "Westgate", "Eastgate", "Northgate", "Southpoint", "Lakeside", "Hillcrest",
] as const;

export const SERVICES = [
  "Allergy treatment", "Annual physicals", "COVID-19 testing", "DOT physicals", "Drug screening", "EKG",
  "Flu shots", "Fracture care", "IV therapy", "Lab testing", "Laceration repair", "Occupational medicine",
  "Pediatric care", "Sports physicals", "STD testing", "TB testing", "Telehealth", "Travel medicine",
  "Vaccinations", "X-ray",
] as const;

export const CORE_SERVICES = ["Flu shots", "Lab testing", "X-ray"] as const;

export const INSURERS = [
  "Aetna", "Ambetter", "Blue Cross Blue Shield", "Cigna", "Humana", "Kaiser Permanente", "Medicaid", "Medicare",
  "Molina Healthcare", "Oscar", "Tricare", "UnitedHealthcare", "Self-pay",
] as const;
