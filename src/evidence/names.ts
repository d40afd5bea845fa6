import type { PlaceKind } from "../schema/evidence.js";
import { words } from "../util/words.js";

/** What a name says of its place: a kind, or `urgent_care` (a walk-in urgent care centre's words), with the words. */
export interface NameSays {
  says: "urgent_care" | Exclude<PlaceKind, "walk_in_urgent_care">;
  /** The words that say it, as they stand in the name (lower case). */
  words: string;
}

/**
 * Words that name urgent care as patients see it on a door. Matched as whole words; "urgent" alone counts
 * ("Urgent Medical Center"), and so do the forms clinics use: walk-in, immediate care, express care, after hours,
 * minor emergency. A plain name ("Smith Medical Associates") says nothing either way: its kind comes from its sources.
 */
const URGENT_CARE =
  /\b(?:urgent|urgentcare|walk ?in|immediate care|express care|expresscare|quick care|quickcare|prompt care|promptcare|convenient care|after ?hours|minor emergency|minute clinic|minuteclinic|retail clinic)\b/;

/** Care by video or phone: "Virtual Urgent Care", "Telemedicine". */
const TELEHEALTH =
  /\b(?:virtual|telemedicine|telehealth|tele ?(?:medicine|health|med|care|doc|docs|visit|visits|urgent)|online|e ?visits?|video visits?)\b/;

/** Care that comes to the patient: "Mobile Urgent Care", "House Calls". The town "Mobile" is left out first. */
const MOBILE =
  /\b(?:house ?calls?|home visits?|mobile (?:urgent|medical|medicine|health|healthcare|clinic|clinics|care|doctors?|physicians?|unit|units)|in ?home|at ?home (?:urgent|medical|care|doctors?))\b/;

const OCCUPATIONAL =
  /\b(?:occupational|occ med|occmed|work ?health|workplace health|worksite|employer|employee health|industrial (?:medicine|health)|workers comp|workers compensation|corporate health|dot physicals?)\b/;

const EMERGENCY =
  /\b(?:er|emergency (?:room|rooms|center|centers|centre|department|hospital)|freestanding emergency|emergency care center)\b/;

const HOSPITAL = /\b(?:hospital|hospitals|health system|healthcare system|infirmary)\b/;

const GROUP =
  /\b(?:medical group|physicians? group|physicians|physician partners|medical associates|associates|family practice|family medicine|internal medicine|pediatrics|primary care|multi ?specialty)\b/;

/**
 * Words that make a name an office, not a place of care, when the name ends with them (its head): "Quickmend Urgent
 * Care Management Services", "Acme Billing". Before the name's last words they are part of a place or brand
 * ("Corporate Woods Urgent Care") and say nothing.
 */
const ADMINISTRATIVE_HEAD =
  /\b(?:billing|management|mgmt|holdings?|holding company|corporate|corporate office|headquarters|hq|administrative|administration|revenue cycle|consulting|consultants|staffing|franchising|franchise|franchisor|collections|coding|credentialing|mso)$/;

/** Words a head may be followed by and still be the head: "Acme Billing Services", "… Management Group LLC". */
const TRAILING =
  /(?: (?:services?|solutions|group|company|co|corp|inc|llc|associates|partners|organi[sz]ation|office|offices|department|division|team|systems|specialists|professionals|of america|usa|us))+$/;

/** A management that is care, not administration: pain management, weight management… */
const CLINICAL_MANAGEMENT =
  /\b(?:pain|weight|wound|diabetes|disease|case|medication|injury|stress|anger|headache|spine|chronic|sleep|vein|asthma)( and [a-z]+)? (?:management|mgmt)$/;

/**
 * What one name says of its place, in this order: care by video (`telehealth`) or at home (`mobile`), unless "and"
 * joins those words to urgent care's ("Virtual Urgent Care", "Urgent Care Online" are telehealth; "Acme Urgent Care &
 * Telehealth" is a walk-in centre that also offers video visits); an office (`administrative`) when the name ends with an office's
 * words; urgent care's words; then occupational medicine, a freestanding emergency room, a hospital, a physician
 * group. Null when the name says none of these. The words of the place's town are left out first (Mobile, AL).
 * @example nameSays("Quickmend Urgent Care Management Services", "Austin") // { says: "administrative", words: "management" }
 * @example nameSays("Corporate Woods Urgent Care", "Overland Park") // { says: "urgent_care", words: "urgent" }
 */
export function nameSays(name: string, town: string | null): NameSays | null {
  const townWords = new Set(town === null ? [] : words(town).split(" "));
  const clean = (s: string) =>
    words(s)
      .split(" ")
      .filter((w) => w !== "" && !townWords.has(w))
      .join(" ");
  const text = clean(name);
  if (text === "") return null;
  const urgent = URGENT_CARE.exec(text);
  for (const [pattern, says] of [
    [TELEHEALTH, "telehealth"],
    [MOBILE, "mobile"],
  ] as const) {
    const m = pattern.exec(text);
    if (m && (urgent === null || !joined(text, urgent.index, m.index))) return { says, words: m[0] };
  }
  const head = administrativeHead(clean(name.split(" - ")[0] as string));
  if (head !== null) return { says: "administrative", words: head };
  if (urgent) return { says: "urgent_care", words: urgent[0] };
  for (const [pattern, says] of [
    [OCCUPATIONAL, "occupational_medicine"],
    [EMERGENCY, "emergency_room"],
    [HOSPITAL, "hospital"],
    [GROUP, "physician_group"],
  ] as const) {
    const m = pattern.exec(text);
    if (m) return { says, words: m[0] };
  }
  return null;
}

/**
 * Whether the words at two places of a name are joined by "and" ("Urgent Care and Telehealth", "Telemedicine &
 * Urgent Care"): a place that offers both, not one that offers only the second.
 */
function joined(text: string, a: number, b: number): boolean {
  return / and /.test(text.slice(Math.min(a, b), Math.max(a, b)));
}

/**
 * The office words a name's main part ends with — the part before a location (" - North Austin", given without it)
 * and before "of", "for", "at" or "in" ("Billing Services for Urgent Care Centers") — once words such as "Services"
 * or "Group" that may follow them are set aside; null when it ends otherwise.
 */
function administrativeHead(text: string): string | null {
  const main = (text.split(/ (?:of|for|at|in) /)[0] as string).trim();
  const head = main.replace(TRAILING, "");
  if (CLINICAL_MANAGEMENT.test(head)) return null;
  return ADMINISTRATIVE_HEAD.exec(head)?.[0] ?? null;
}
