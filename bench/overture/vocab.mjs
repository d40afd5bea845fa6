// @ts-check
// Word lists of the Overture places generator: the categories of Overture's taxonomy that places carry most (the
// names are the taxonomy's own; the weights roughly follow how common such places are in the US), and the words
// of made-up place names and streets. Names are fictional; web sites are under example.com.

/** The category of urgent-care centres in Overture's taxonomy. */
export const URGENT_CARE = "urgent_care_clinic";
/** Categories an importer may be asked to add (`--category`). */
export const WALK_IN = "walk_in_clinic";

/**
 * Categories with their weight among US places (urgent care and its neighbours are planned separately, see
 * plan.mjs; their weight here is the background: places with them as an alternate category only).
 * @type {readonly (readonly [string, number])[]}
 */
// biome-ignore format: a table
export const CATEGORIES = Object.freeze([
  ["restaurant", 60], ["fast_food_restaurant", 40], ["coffee_shop", 22], ["cafe", 14], ["bar", 20], ["pizza_restaurant", 18],
  ["mexican_restaurant", 16], ["chinese_restaurant", 12], ["italian_restaurant", 10], ["american_restaurant", 14],
  ["sandwich_shop", 9], ["bakery", 8], ["burger_restaurant", 9], ["chicken_restaurant", 6], ["bbq_restaurant", 5],
  ["breakfast_and_brunch_restaurant", 6], ["diner", 4], ["sushi_restaurant", 5], ["thai_restaurant", 4],
  ["indian_restaurant", 4], ["japanese_restaurant", 4], ["seafood_restaurant", 5], ["steakhouse", 4],
  ["ice_cream_shop", 5], ["dessert_shop", 4], ["donuts", 3], ["juice_bar", 2], ["food_truck", 3], ["caterer", 4],
  ["grocery_store", 14], ["convenience_store", 16], ["gas_station", 18], ["liquor_store", 7], ["pharmacy", 9],
  ["drugstore", 3], ["department_store", 3], ["discount_store", 6], ["shopping_center", 6], ["clothing_store", 12],
  ["womens_clothing_store", 4], ["shoe_store", 4], ["jewelry_store", 5], ["furniture_store", 6], ["hardware_store", 5],
  ["home_improvement_store", 3], ["electronics", 4], ["mobile_phone_store", 6], ["florist", 4], ["gift_shop", 4],
  ["bookstore", 2], ["sporting_goods", 3], ["bicycle_shop", 1], ["toy_store", 1], ["thrift_store", 3], ["pawn_shop", 2],
  ["tobacco_shop", 3], ["vape_shop", 2], ["cannabis_dispensary", 2], ["pet_store", 3], ["appliance_store", 1],
  ["mattress_store", 1], ["flooring_store", 2], ["paint_store", 1], ["boutique", 5], ["beauty_salon", 22],
  ["hair_salon", 14], ["nail_salon", 10], ["barber", 8], ["spas", 5], ["massage", 5], ["tattoo_and_piercing", 3],
  ["gym", 9], ["yoga_studio", 3], ["martial_arts_club", 3], ["dance_school", 2], ["music_school", 2], ["golf_course", 3],
  ["sports_club_and_league", 4], ["church_cathedral", 18], ["baptist_church", 6], ["school", 8], ["elementary_school", 5],
  ["high_school", 3], ["college_university", 3], ["day_care_preschool", 6], ["child_care_and_day_care", 4],
  ["library", 2], ["post_office", 2], ["park", 12], ["campground", 2], ["rv_park", 1], ["marina", 1], ["museum", 2],
  ["art_gallery", 2], ["movie_theater", 1], ["hotel", 9], ["motel", 3], ["apartments", 10], ["real_estate_agent", 14],
  ["real_estate", 8], ["property_management", 5], ["mortgage_broker", 3], ["bank_credit_union", 9], ["atms", 4],
  ["insurance_agency", 12], ["financial_service", 5], ["tax_services", 4], ["accountant", 6], ["lawyer", 12],
  ["travel_agents", 2], ["professional_services", 16], ["contractor", 10], ["construction_services", 8], ["plumbing", 5],
  ["electrician", 4], ["hvac_services", 5], ["landscaping", 6], ["cleaning_services", 5], ["movers", 2],
  ["self_storage", 4], ["laundromat", 3], ["dry_cleaning", 3], ["automotive_repair", 14], ["car_dealer", 8],
  ["auto_parts_and_supply_store", 5], ["car_wash", 4], ["tire_dealer_and_repair", 4], ["towing_service", 3],
  ["car_rental", 2], ["trucking_company", 4], ["it_service_and_computer_repair", 4], ["software_development", 3],
  ["advertising_agency", 2], ["marketing_agency", 3], ["printing_services", 2], ["photographer", 4],
  ["event_planning", 3], ["funeral_services_and_cemeteries", 2], ["cemetery", 2], ["farm", 4], ["winery", 1],
  ["brewery", 1], ["manufacturing", 4], ["industrial_company", 2], ["wholesale_store", 2], ["warehouses", 2],
  ["architect", 2], ["engineering_services", 2], ["interior_design", 2], ["non_profit_organization", 6],
  ["community_services_non_profits", 4], ["local_and_state_government_offices", 4], ["police_department", 1],
  ["fire_department", 1], ["hospital", 3], ["medical_center", 5], ["doctor", 12], ["family_practice", 6],
  ["internal_medicine", 3], ["pediatrician", 3], ["dentist", 10], ["general_dentistry", 4], ["orthodontist", 2],
  ["chiropractor", 5], ["physical_therapy", 5], ["optometrist", 4], ["eyewear_and_optician", 2], ["dermatologist", 2],
  ["obstetrician_and_gynecologist", 2], ["orthopedist", 2], ["cardiologist", 1], ["counseling_and_mental_health", 5],
  ["psychologist", 2], ["laboratory_testing", 2], ["diagnostic_services", 2], ["medical_spa", 2], ["home_health_care", 3],
  ["retirement_home", 3], ["senior_citizen_services", 2], ["emergency_room", 1], ["hearing_aid_provider", 1],
  ["veterinarian", 5], ["pet_groomer", 2], ["animal_shelter", 1], ["airport", 1], ["bus_station", 1], ["parking", 3],
]);

/** Categories an urgent-care centre carries beside `urgent_care_clinic` (as primary or alternate). */
export const URGENT_CARE_NEIGHBOURS = Object.freeze([
  "medical_center",
  "walk_in_clinic",
  "family_practice",
  "doctor",
  "emergency_room",
  "occupational_medicine",
  "laboratory_testing",
]);

/** The basic category Overture gives a category (the taxonomy's coarser level), for the ones that matter here. */
export const BASIC = Object.freeze(
  /** @type {Record<string, string>} */ ({
    urgent_care_clinic: "clinic_or_treatment_center",
    walk_in_clinic: "clinic_or_treatment_center",
    medical_center: "clinic_or_treatment_center",
    dentist: "dental_care",
    general_dentistry: "dental_care",
    restaurant: "restaurant",
    fast_food_restaurant: "restaurant",
    coffee_shop: "coffee_shop",
    pharmacy: "pharmacy",
  }),
);

/** The hierarchy of a category in the new taxonomy (`taxonomy.hierarchy`), for the ones that matter here. */
export const HIERARCHY = Object.freeze(
  /** @type {Record<string, string[]>} */ ({
    urgent_care_clinic: ["health_care", "medical_clinic", "urgent_care_clinic"],
    walk_in_clinic: ["health_care", "medical_clinic", "walk_in_clinic"],
    dentist: ["health_care", "dentist"],
  }),
);

/** Words of made-up place names (title case, as the sources of Overture write names). */
export const NAME_WORDS = Object.freeze(
  "Prairie Lakeside Cedar Riverbend Summit Valley Harbor Maple Pioneer Liberty Mesa Pinewood Bluebird Heritage Oakridge Sunrise Copper Willow Granite Meadow Briarwood Stonegate Foxglove Ironwood Silverleaf Tallgrass Bayside Highland Canyon Riverside Juniper Aspen Magnolia Redwood Sycamore Thistle Orchard Beacon Compass Lantern Anchor Falcon Heron Sparrow Wren Otter Bison Coyote Elk".split(
    " ",
  ),
);

/**
 * Words of the names of urgent cares only Overture lists: none of them in NPPES's names (bench/nppes/vocab.mjs), so
 * that two different clinics of one ZIP code share a name as rarely as in real directories (see
 * COINCIDENT_NAME_SHARE in plan.mjs for the ones that do).
 */
export const ONLY_WORDS = Object.freeze(
  "Alder Amber Arbor Ashford Aurora Balsam Beacon Bellwood Birch Bramble Brookline Cascade Chestnut Clover Coral Crescent Cypress Driftwood Elmhurst Emerald Fairhaven Fernwood Fieldstone Glacier Glenwood Golden Greenway Hawthorn Hazel Hillcrest Horizon Indigo Juniper Kingsley Larkspur Laurel Linden Magnolia Marigold Mistral Northgate Oakmont Orchard Palisade Parkside Pebble Quarry Redbud Ridgeline Rosewood Saddle Sagebrush Seabrook Sequoia Shoreline Sierra Spruce Stillwater Sycamore Thornbury Timber Trillium Vista Waverly Westbrook Whitestone Wildflower Windsor Woodland Yarrow".split(
    " ",
  ),
);

/** What follows a name word in a place of each kind of category (the first word of the category, title case). */
export const NAME_FORMS = Object.freeze([
  "Co.",
  "& Sons",
  "Shop",
  "House",
  "Group",
  "Studio",
  "Market",
  "Center",
  "Services",
  "Company",
]);

/** Street names as the sources of Overture write them: mixed case, types abbreviated or not. */
// biome-ignore format: a table
export const STREETS = Object.freeze([
  "Main St", "N Broadway", "W 1st Ave", "S 22nd St", "E 3rd St", "Martin Luther King Jr Blvd", "US Highway 19 N",
  "Oak St", "Lincoln Ave", "Washington Blvd", "NE 4th St", "SW 89th St", "Old Mill Rd", "Cedar Hollow Rd",
  "Park Plaza Dr", "Commerce Pkwy", "Medical Center Dr", "State Route 7", "River Rd", "Lakeview Dr", "College Ave",
  "Industrial Blvd", "Highland Ave", "Central Ave", "Military Trl", "El Camino Real", "County Road 42",
]);

/**
 * Fictional brands of other kinds of places, with made-up Wikidata-shaped ids far above any real item's.
 * @type {readonly (readonly [string, string])[]}
 */
// biome-ignore format: a table
export const OTHER_BRANDS = Object.freeze([
  ["Gilded Spoon", "Q990000101"], ["PumpRight", "Q990000102"], ["Nimbus Coffee", "Q990000103"],
  ["Pennywise Mart", "Q990000104"], ["Brightsmile Dental", "Q990000105"],
]);
