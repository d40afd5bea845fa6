/**
 * A clinic drawn by the script (near-me results, the open-now list across pages), from its API form: its name (a
 * link to its page in this language), status, distance, place, address, and big Call and Directions buttons.
 * Built with DOM calls and `textContent`: no value from the data becomes markup.
 */
import { type Clinic, parseCoordinates } from "@urgent-care-directory/sdk";
import { directionsHref, telHref, unbreakablePhone } from "./links.js";
import { localPage, type PageInfo } from "./page.js";
import { describeStatus, paintStatus } from "./statuses.js";

export interface CardOptions {
  /** Distance from the searched point, in km. */
  distanceKm?: number;
  /** "Austin, TX": where the clinic is, when the list spans places. */
  place?: string;
  /** The element of the clinic's name, by where the list sits in the page's headings. Default h3. */
  heading?: "h2" | "h3" | "h4";
  /** Its number in the list, shown beside the name: the map of the results marks it with the same number. */
  n?: number;
  at: Date;
}

const KM_PER_MILE = 1.609344;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** One clinic as a list item. */
export function clinicCard(info: PageInfo, clinic: Clinic, o: CardOptions): HTMLLIElement {
  const w = info.words;
  const li = el("li", "clinic");
  const name = el(o.heading ?? "h3");
  if (o.n !== undefined) {
    // The list's own numbering is read out; this badge is for the eye, to find the clinic on the map.
    const badge = el("span", "rank", String(o.n));
    badge.setAttribute("aria-hidden", "true");
    name.append(badge, " ");
  }
  const a = el("a", undefined, clinic.name);
  a.href = localPage(info, clinic.url);
  name.append(a);
  li.append(name);
  const status = el("p", "status");
  const now = describeStatus(w, clinic.hours, o.at);
  paintStatus(status, now);
  li.append(status);
  const approximate = clinic.coordinates_source === "zip_centroid";
  if (o.distanceKm !== undefined) {
    const text = w.distance(o.distanceKm / KM_PER_MILE, approximate);
    const p = el("p", "distance");
    const strong = el("strong", undefined, text);
    strong.setAttribute("aria-label", w.distanceLabel(text));
    p.append(strong);
    if (o.place) p.append(` · ${o.place}`);
    li.append(p);
  } else if (o.place) li.append(el("p", undefined, o.place));
  if (clinic.address) li.append(el("p", undefined, clinic.address));
  if (approximate) li.append(el("p", "hint", w.near.approximate));
  // A clinic that only one source lists, or that may be another kind of place, says so (as lists do).
  // A document of a release before evidence levels has none: nothing is said.
  const level = clinic.evidence_level;
  const marks = [
    ...(clinic.kind && clinic.kind !== "walk_in_urgent_care" ? [w.kind[clinic.kind]] : []),
    ...(level === "listed" || level === "doubtful" ? [w.level[level]] : []),
  ];
  if (marks.length) li.append(el("p", "hint evidence", marks.join(" · ")));
  const actions = el("div", "actions");
  const tel = clinic.phone ? telHref(clinic.phone) : null;
  if (tel && clinic.phone) {
    // A closed clinic's Call button is the plain one: at night the open clinics' are the ones to press.
    const call = el(
      "a",
      now.status === "closed" ? "button button-secondary" : "button",
      unbreakablePhone(`${w.near.call} ${clinic.phone}`),
    );
    call.href = tel;
    actions.append(call);
  }
  const point = parseCoordinates(clinic);
  const directions = directionsHref(clinic.address, point);
  if (directions) {
    const go = el("a", "button button-secondary", w.near.directions);
    go.href = directions;
    actions.append(go);
  }
  if (actions.childElementCount) li.append(actions);
  return li;
}
