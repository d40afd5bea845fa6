import type {
  Evidence,
  EvidenceLevel,
  EvidenceSignal,
  EvidenceSource,
  PlaceKind,
} from "../schema/evidence.js";
import { type NameSays, nameSays } from "./names.js";
import { primaryTaxonomy, taxonomyKind, URGENT_CARE_CODE, urgentCareSlot } from "./taxonomy.js";

/** A kind in plain words, for the signals' details. */
const KIND_WORDS: Record<PlaceKind, string> = {
  walk_in_urgent_care: "a walk-in urgent care centre",
  occupational_medicine: "occupational medicine",
  emergency_room: "an emergency room",
  telehealth: "telehealth",
  mobile: "care that comes to the patient",
  administrative: "an office (billing, management, corporate)",
  hospital: "a hospital",
  physician_group: "a physician group",
};

/** Kinds no patient can walk into: a name that says one of them is decisive. */
const NOT_A_PLACE: ReadonlySet<string> = new Set(["administrative", "telehealth", "mobile"]);

/** Kinds a name says that outweigh a registry's urgent care code (a group's words do not: see rule 6). */
const STRONG_NAMES: ReadonlySet<string> = new Set(["occupational_medicine", "emergency_room", "hospital"]);

/** Source types that list a place as urgent care of their own accord (not a registry's self-declared code). */
const LISTS_AS_URGENT_CARE: ReadonlySet<string> = new Set([
  "facility_list",
  "places",
  "store_locator",
  "mapping",
  "synthetic",
]);

const signal = (code: string, detail: string): EvidenceSignal => ({ code, detail });

/**
 * The kind of a place and the level of its evidence, from every source's listing (`listings`, in input order), its
 * published name and its town. The kind, by the first rule that holds (docs/ingest.md, "Kinds of place"):
 * 1. the chain's own store locator lists it → walk-in urgent care (unless its name says it is no place to walk
 *    into);
 * 2. its name says it is an office, telehealth or care at home → that kind;
 * 3. its name says urgent care → walk-in urgent care (a hospital's or a group's code beside it is a sign against);
 * 4. another of its names (a registry's legal or former name) says it is an office, telehealth or care at home,
 *    and none says urgent care → that kind; one says urgent care → walk-in urgent care;
 * 5. its name says occupational medicine, an emergency room or a hospital → that kind (such organisations file
 *    urgent care as their primary taxonomy too);
 * 6. a registry lists urgent care as its primary taxonomy → walk-in urgent care (a plain name such as "Smith
 *    Medical Associates" with urgent care as its primary code is a walk-in centre);
 * 7. its name says a physician group, or a registry's primary taxonomy says occupational medicine, an emergency
 *    room, a hospital or a physician group → that kind — unless another source (HIFLD, a places data set, a
 *    locator, an operator's file) lists it as urgent care: a hospital's NPI whose only urgent-care signal is a
 *    secondary slot needs a second source;
 * 8. otherwise, a source lists it as urgent care → walk-in urgent care.
 * The level: `confirmed` when the chain's own locator lists it or two independent sources do, else `listed`; one
 * step lower (`listed`, `doubtful`) when something says it is another kind.
 * @example decideEvidence([nppesListing], "Quickmend Urgent Care", "Austin").kind // "walk_in_urgent_care"
 */
export function decideEvidence(
  listings: readonly EvidenceSource[],
  name: string,
  town: string | null,
): Evidence {
  const { kind, reason, against } = decideKind(listings, name, town);
  return { kind, level: levelOf(listings, against.length > 0), reason, against, sources: [...listings] };
}

interface KindDecision {
  kind: PlaceKind;
  reason: EvidenceSignal;
  against: EvidenceSignal[];
}

function decideKind(listings: readonly EvidenceSource[], name: string, town: string | null): KindDecision {
  const display = nameSays(name, town);
  const others = otherNames(listings, name).map((n) => ({ name: n, says: nameSays(n, town) }));
  const registries = listings.filter((l) => l.type === "registry");
  const seconds = listings.filter((l) => LISTS_AS_URGENT_CARE.has(l.type));
  const locator = listings.find((l) => l.type === "store_locator");
  const nameSignal = (n: string, s: NameSays) =>
    s.says === "urgent_care"
      ? signal("name_says_urgent_care", `the name "${n}" says "${s.words}"`)
      : signal(`name_${s.says}`, `the name "${n}" says "${s.words}": ${KIND_WORDS[s.says]}`);
  // What a registry's primary taxonomy says, when it is another kind than urgent care.
  const taxonomyAgainst = registries.flatMap((l) => {
    const primary = primaryTaxonomy(l.taxonomies);
    const kind = primary === null ? null : taxonomyKind(primary.code);
    if (primary === null || kind === null || kind === "walk_in_urgent_care") return [];
    const uc = urgentCareSlot(l.taxonomies);
    return [
      {
        kind,
        signal: signal(
          `taxonomy_primary_${kind}`,
          `${l.name} lists ${primary.code} (${KIND_WORDS[kind]}) as the primary taxonomy${uc ? `, urgent care (${URGENT_CARE_CODE}) only in slot ${uc.slot}` : ""}`,
        ),
      },
    ];
  });
  const walkIn = (reason: EvidenceSignal, more: EvidenceSignal[] = []): KindDecision => ({
    kind: "walk_in_urgent_care",
    reason,
    against: [
      ...taxonomyAgainst.map((t) => t.signal),
      // A group's words ("Smith Medical Associates") are no sign against: many walk-in centres are named so.
      ...(display && STRONG_NAMES.has(display.says) ? [nameSignal(name, display)] : []),
      ...others.flatMap((o) => (o.says && NOT_A_PLACE.has(o.says.says) ? [nameSignal(o.name, o.says)] : [])),
      ...more,
    ],
  });
  const other = (kind: PlaceKind, reason: EvidenceSignal): KindDecision => ({
    kind,
    reason,
    against: [
      ...(locator
        ? [signal("store_locator_lists_it", `${locator.name}, the chain's own locator, lists it`)]
        : []),
      ...seconds
        .filter((l) => l.type !== "store_locator")
        .map((l) => signal("listed_as_urgent_care", `${l.name} lists it as urgent care`)),
      ...others.flatMap((o) => (o.says?.says === "urgent_care" ? [nameSignal(o.name, o.says)] : [])),
    ],
  });

  if (display && NOT_A_PLACE.has(display.says))
    return other(display.says as PlaceKind, nameSignal(name, display));
  if (locator)
    return walkIn(signal("store_locator_lists_it", `${locator.name}, the chain's own locator, lists it`));
  if (display?.says === "urgent_care") return walkIn(nameSignal(name, display));
  const urgentName = others.find((o) => o.says?.says === "urgent_care");
  const officeName = others.find((o) => o.says && NOT_A_PLACE.has(o.says.says));
  if (officeName?.says && !urgentName)
    return other(officeName.says.says as PlaceKind, nameSignal(officeName.name, officeName.says));
  if (urgentName?.says) return walkIn(nameSignal(urgentName.name, urgentName.says));
  // A name that says occupational medicine, an emergency room or a hospital outweighs a registry's code: such
  // organisations file urgent care as their primary taxonomy too.
  if (display && STRONG_NAMES.has(display.says))
    return other(display.says as PlaceKind, nameSignal(name, display));
  const primaryUrgent = registries.find((l) => primaryTaxonomy(l.taxonomies)?.code === URGENT_CARE_CODE);
  if (primaryUrgent)
    return walkIn(
      signal(
        "taxonomy_primary_urgent_care",
        `${primaryUrgent.name} lists urgent care (${URGENT_CARE_CODE}) as the primary taxonomy`,
      ),
    );
  const second = seconds[0];
  if (display) {
    // A group's words alone are weak: a source that lists the place as urgent care outweighs them.
    if (display.says === "physician_group" && second !== undefined)
      return walkIn(signal("listed_as_urgent_care", listedDetail(second)));
    return other(display.says as PlaceKind, nameSignal(name, display));
  }
  const fromTaxonomy = taxonomyAgainst[0];
  if (fromTaxonomy) {
    if (second === undefined) return other(fromTaxonomy.kind, fromTaxonomy.signal);
    return walkIn(signal("listed_as_urgent_care", listedDetail(second)));
  }
  const first = second ?? registries[0] ?? listings[0];
  return walkIn(
    first === undefined
      ? signal("listed_as_urgent_care", "its source lists it as urgent care")
      : signal("listed_as_urgent_care", listedDetail(first)),
  );
}

/** How a source lists a place, in plain words. */
function listedDetail(l: EvidenceSource): string {
  if (l.type === "registry") {
    const uc = urgentCareSlot(l.taxonomies);
    return uc
      ? `${l.name} lists it under urgent care (${URGENT_CARE_CODE}, slot ${uc.slot}${uc.primary ? ", primary" : ""})`
      : `${l.name} lists it`;
  }
  if (l.type === "places" && l.category !== null) return `${l.name} lists it as ${l.category}`;
  return `${l.name} lists it as urgent care`;
}

/** The names the sources give the place besides its published one, each once. */
function otherNames(listings: readonly EvidenceSource[], name: string): string[] {
  const out: string[] = [];
  for (const l of listings)
    for (const n of [l.listed_as, ...(l.legal_name === null ? [] : [l.legal_name]), ...l.other_names])
      if (n !== name && !out.includes(n)) out.push(n);
  return out;
}

/**
 * The level of a place's evidence: `confirmed` when the chain's own store locator lists it, or at least two
 * independent sources do (two records of one source are one source; a places record made from a source that is
 * among the inputs is not independent of it); else `listed`; one step lower when something says it is another kind.
 * @example levelOf([nppesListing, hifldListing], false) // "confirmed"
 */
export function levelOf(listings: readonly EvidenceSource[], against: boolean): EvidenceLevel {
  const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  const names = new Set(listings.map((l) => key(l.name)));
  const independent = new Set(
    listings
      .filter(
        (l) =>
          l.type !== "places" ||
          l.based_on.length === 0 ||
          !l.based_on.every((b) => [...names].some((n) => n !== key(l.name) && n === key(b))),
      )
      .map((l) => key(l.name)),
  );
  const base: EvidenceLevel =
    listings.some((l) => l.type === "store_locator") || independent.size >= 2 ? "confirmed" : "listed";
  if (!against) return base;
  return base === "confirmed" ? "listed" : "doubtful";
}
