/**
 * What the browser scripts say, in every language, and the wording pages share with them (open now, hours not
 * known, distances, times of day), so that a status reads the same whether the build or a script wrote it. Free of
 * DOM and Node APIs: the build imports it, and esbuild bundles it into the site's script.
 */
import type { PlaceKind } from "../schema/evidence.js";
import type { Lang } from "./lang.js";

export type Weekday = "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";

export interface Words {
  /** A 24-hour `HH:MM` as people say it: "8 am", "7:30 pm", "midnight" (non-breaking spaces inside). */
  clock(hhmm: string): string;
  /** Full weekday names. */
  days: Record<Weekday, string>;
  status: {
    open: string;
    closed: string;
    /** When the hours are unknown: never "closed". */
    unknown: string;
    /** Open around the clock. */
    always: string;
    /** "closes 8 pm", "closes 2 am tomorrow", "closes 8 pm Monday". */
    closes(time: string, inDays: number, day: string): string;
    /** "opens 8 am", "opens 8 am tomorrow", "opens 8 am Monday". */
    opens(time: string, inDays: number, day: string): string;
    /** "closes in 25 min": an open clinic that closes within the hour. */
    closesIn(minutes: number): string;
    /** How a time zone other than the reader's is named after a time: " (Central Time)". */
    zone(name: string): string;
  };
  /** "1.2 mi", "about 3 mi" when the clinic's position is approximate. */
  distance(miles: number, approximate: boolean): string;
  /** Read to screen readers next to the distance. */
  distanceLabel(text: string): string;
  filter: {
    /** "Open now only" */
    label: string;
    /** "12 of 80 clinics open now" */
    shown(open: number, total: number): string;
    /** While the clinics of the other pages are read. */
    loading: string;
    failed: string;
  };
  search: {
    none(text: string): string;
    some(count: number, limit: number, text: string): string;
    unavailable: string;
  };
  near: {
    locating: string;
    searching: string;
    /** The position was refused or is unavailable. */
    refused: string;
    unavailable: string;
    /** No town, ZIP code or clinic matches what was typed: say so, and offer the ZIP code. */
    notFound(text: string): string;
    /** A 5-digit ZIP code that does not exist. */
    unknownZip(zip: string): string;
    /** No place matches, but clinics' names do: they are listed. */
    clinicsNamed(text: string): string;
    /** The results' caption: where they are near, and how many are open, of unknown hours, closed. */
    results(where: string, open: number, unknown: number, closed: number): string;
    /** Only part of the text named a place (a street's town): the list is from that town's centre. */
    partial(place: string): string;
    /** The headings of the groups of results. */
    groups: { open: string; unknown: string; closed: string };
    /** What the results are near: the reader's position, a ZIP code, a city. */
    here: string;
    zip(zip: string): string;
    none: string;
    offline: string;
    call: string;
    directions: string;
    approximate: string;
    /** Read out when suggestions appear as the patient types. */
    suggestions(places: number, clinics: number): string;
    /** The label of a suggested town: "Pflugerville, TX: nearest clinics". */
    suggestPlace(place: string): string;
  };
  /** The map of the near-me results. */
  map: {
    title(where: string): string;
    /** One clinic in the map's text alternative: "1: 0.8 mi north-east, open now." */
    item(n: number, distance: string, direction: string, status: string): string;
    /** North, north-east, east, … (clockwise from north). */
    directions: readonly string[];
    status: { open: string; closed: string; unknown: string };
    caption: string;
  };
  /** How a list marks a clinic that only one source lists (`listed`) or that may be another kind (`doubtful`). */
  level: { listed: string; doubtful: string };
  /** What each kind of place is called, as a label (a kind the operator kept is named in lists and on its page). */
  kind: Record<PlaceKind, string>;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Hours and minutes of `HH:MM`. */
function parts(hhmm: string): [number, number] {
  return [Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5))];
}

/** Miles for people: one decimal under 10, whole miles above; approximate positions in whole miles. */
function miles(m: number, approximate: boolean): string {
  if (approximate) return String(Math.max(1, Math.round(m)));
  if (m < 10) return Math.max(0.1, Math.round(m * 10) / 10).toFixed(1);
  return String(Math.round(m));
}

export const en: Words = {
  clock(hhmm) {
    const [h, m] = parts(hhmm);
    if (h % 24 === 0 && m === 0) return "midnight";
    if (h === 12 && m === 0) return "noon";
    const hour = h % 12 === 0 ? 12 : h % 12;
    // A non-breaking space: "8 pm" never splits across lines.
    return `${hour}${m === 0 ? "" : `:${pad(m)}`}\u00a0${h < 12 || h === 24 ? "am" : "pm"}`;
  },
  days: {
    mon: "Monday",
    tue: "Tuesday",
    wed: "Wednesday",
    thu: "Thursday",
    fri: "Friday",
    sat: "Saturday",
    sun: "Sunday",
  },
  status: {
    open: "Open now",
    closed: "Closed now",
    unknown: "Hours not known",
    always: "Open 24 hours",
    closes: (time, inDays, day) =>
      `closes ${time}${inDays === 0 ? "" : inDays === 1 ? " tomorrow" : ` ${day}`}`,
    opens: (time, inDays, day) =>
      `opens ${time}${inDays === 0 ? "" : inDays === 1 ? " tomorrow" : ` ${day}`}`,
    closesIn: (minutes) => `closes in ${minutes}\u00a0min`,
    zone: (name) => ` (${name})`,
  },
  distance: (m, approximate) => `${approximate ? "about " : ""}${miles(m, approximate)} mi`,
  distanceLabel: (text) => `Distance: ${text}`,
  filter: {
    label: "Open now only",
    shown: (open, total) => `${open} of ${total} ${total === 1 ? "clinic" : "clinics"} open now`,
    loading: "Reading every page of the list…",
    failed: "The whole list could not be read; this page's clinics are filtered.",
  },
  search: {
    none: (text) => `No clinic matches “${text}”.`,
    some: (n, limit, text) =>
      `${n === limit ? `The first ${limit}` : n} clinic${n === 1 ? "" : "s"} matching “${text}”.`,
    unavailable: "Search is not available right now.",
  },
  near: {
    locating: "Finding your location…",
    searching: "Looking for the nearest clinics…",
    refused:
      "Your location is not shared with this site. Enter your town, address or ZIP code instead, or allow location in your browser's settings.",
    unavailable: "Your location could not be found. Enter your town, address or ZIP code instead.",
    notFound: (text) =>
      `No US town, ZIP code or clinic matches “${text}”. Enter your ZIP code (5 digits), or the name of the nearest town.`,
    unknownZip: (zip) => `There is no ZIP code ${zip}. Check it, or enter the name of your town.`,
    clinicsNamed: (text) => `No town is called “${text}”. Clinics with that name:`,
    results: (where, open, unknown, closed) =>
      `Nearest to ${where}: ${open} open${unknown ? `, ${unknown} hours not known` : ""}${closed ? `, ${closed} closed` : ""}.`,
    partial: (place) => `From the centre of ${place}: streets are not looked up.`,
    groups: {
      open: "Open now",
      unknown: "Hours not known: call before you go",
      closed: "Closed now",
    },
    here: "you",
    zip: (zip) => `ZIP code ${zip}`,
    none: "No clinic found nearby.",
    offline: "You are offline: these results come from what this phone saved earlier.",
    call: "Call",
    directions: "Directions",
    approximate: "Location approximate (the centre of its ZIP code area)",
    suggestions: (places, clinics) =>
      `${places} ${places === 1 ? "place" : "places"} and ${clinics} ${clinics === 1 ? "clinic" : "clinics"} match.`,
    suggestPlace: (place) => `${place}: nearest clinics`,
  },
  map: {
    title: (where) => `Map of the clinics nearest to ${where}`,
    item: (n, distance, direction, status) => `${n}: ${distance} ${direction}, ${status}.`,
    directions: ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"],
    status: { open: "open now", closed: "closed now", unknown: "hours not known" },
    caption: "The numbers are those of the list. The cross is the place searched from.",
  },
  level: { listed: "One source only", doubtful: "Doubtful: call first" },
  kind: {
    walk_in_urgent_care: "Walk-in urgent care",
    occupational_medicine: "Occupational medicine",
    emergency_room: "Emergency room",
    telehealth: "Telehealth only",
    mobile: "Comes to you (house calls)",
    administrative: "Office (billing, management)",
    hospital: "Hospital",
    physician_group: "Physician group",
  },
};

export const es: Words = {
  clock(hhmm) {
    const [h, m] = parts(hhmm);
    if (h % 24 === 0 && m === 0) return "medianoche";
    if (h === 12 && m === 0) return "mediodía";
    const hour = h % 12 === 0 ? 12 : h % 12;
    return `${hour}${m === 0 ? "" : `:${pad(m)}`}\u00a0${h < 12 || h === 24 ? "a.\u00a0m." : "p.\u00a0m."}`;
  },
  days: {
    mon: "lunes",
    tue: "martes",
    wed: "miércoles",
    thu: "jueves",
    fri: "viernes",
    sat: "sábado",
    sun: "domingo",
  },
  status: {
    open: "Abierto ahora",
    closed: "Cerrado ahora",
    unknown: "Horario no conocido",
    always: "Abierto las 24 horas",
    closes: (time, inDays, day) =>
      `cierra ${inDays === 0 ? "" : inDays === 1 ? "mañana " : `el ${day} `}${at(time)}`,
    opens: (time, inDays, day) =>
      `abre ${inDays === 0 ? "" : inDays === 1 ? "mañana " : `el ${day} `}${at(time)}`,
    closesIn: (minutes) => `cierra en ${minutes}\u00a0min`,
    zone: (name) => ` (${name})`,
  },
  distance: (m, approximate) => `${approximate ? "unas " : ""}${miles(m, approximate)} mi`,
  distanceLabel: (text) => `Distancia: ${text}`,
  filter: {
    label: "Solo abiertas ahora",
    shown: (open, total) =>
      `${open} de ${total} ${total === 1 ? "clínica abierta" : "clínicas abiertas"} ahora`,
    loading: "Leyendo todas las páginas de la lista…",
    failed: "No se pudo leer la lista completa; se filtran las clínicas de esta página.",
  },
  search: {
    none: (text) => `Ninguna clínica coincide con «${text}».`,
    some: (n, limit, text) =>
      `${n === limit ? `Las primeras ${limit} clínicas` : `${n} ${n === 1 ? "clínica" : "clínicas"}`} que ${n === 1 ? "coincide" : "coinciden"} con «${text}».`,
    unavailable: "La búsqueda no está disponible en este momento.",
  },
  near: {
    locating: "Buscando su ubicación…",
    searching: "Buscando las clínicas más cercanas…",
    refused:
      "Su ubicación no se comparte con este sitio. Escriba su ciudad, dirección o código postal, o permita la ubicación en la configuración del navegador.",
    unavailable: "No se pudo encontrar su ubicación. Escriba su ciudad, dirección o código postal.",
    notFound: (text) =>
      `Ninguna ciudad, código postal ni clínica de EE. UU. coincide con «${text}». Escriba su código postal (5 dígitos) o el nombre de la ciudad más cercana.`,
    unknownZip: (zip) => `No existe el código postal ${zip}. Revíselo o escriba el nombre de su ciudad.`,
    clinicsNamed: (text) => `Ninguna ciudad se llama «${text}». Clínicas con ese nombre:`,
    results: (where, open, unknown, closed) =>
      `Cerca ${where.startsWith("el ") ? `del ${where.slice(3)}` : `de ${where}`}: ${open} ${open === 1 ? "abierta" : "abiertas"}${unknown ? `, ${unknown} sin horario conocido` : ""}${closed ? `, ${closed} ${closed === 1 ? "cerrada" : "cerradas"}` : ""}.`,
    partial: (place) => `Desde el centro de ${place}: no se buscan las calles.`,
    groups: {
      open: "Abiertas ahora",
      unknown: "Horario no conocido: llame antes de ir",
      closed: "Cerradas ahora",
    },
    here: "usted",
    zip: (zip) => `el código postal ${zip}`,
    none: "No se encontró ninguna clínica cercana.",
    offline: "Está sin conexión: estos resultados vienen de lo que este teléfono guardó antes.",
    call: "Llamar al",
    directions: "Cómo llegar",
    approximate: "Ubicación aproximada (el centro de su código postal)",
    suggestions: (places, clinics) =>
      `${places} ${places === 1 ? "lugar" : "lugares"} y ${clinics} ${clinics === 1 ? "clínica" : "clínicas"} coinciden.`,
    suggestPlace: (place) => `${place}: clínicas más cercanas`,
  },
  map: {
    title: (where) =>
      `Mapa de las clínicas más cercanas ${where.startsWith("el ") ? `al ${where.slice(3)}` : `a ${where}`}`,
    item: (n, distance, direction, status) => `${n}: a ${distance} al ${direction}, ${status}.`,
    directions: ["norte", "noreste", "este", "sureste", "sur", "suroeste", "oeste", "noroeste"],
    status: { open: "abierta ahora", closed: "cerrada ahora", unknown: "horario no conocido" },
    caption: "Los números son los de la lista. La cruz es el lugar desde el que se busca.",
  },
  level: { listed: "Una sola fuente", doubtful: "Dudoso: llame antes" },
  kind: {
    walk_in_urgent_care: "Urgencias sin cita",
    occupational_medicine: "Medicina ocupacional",
    emergency_room: "Sala de emergencias",
    telehealth: "Solo telemedicina",
    mobile: "Atención a domicilio",
    administrative: "Oficina (facturación, administración)",
    hospital: "Hospital",
    physician_group: "Grupo médico",
  },
};

/** "a la 1 p. m.", "a las 8 a. m.", "a medianoche", "a mediodía". */
function at(time: string): string {
  if (time === "medianoche" || time === "mediodía") return `a ${time}`;
  return /^1\D/.test(time) ? `a la ${time}` : `a las ${time}`;
}

/** Every language's words. */
export const WORDS: Readonly<Record<Lang, Words>> = { en, es };

/** The shape of the SDK's `nextChange` answer (structural, so that this file imports nothing). */
export interface StatusDetail {
  status: "open" | "closed" | "unknown";
  next: { day: Weekday; time: string; inDays: number; inMinutes?: number } | null;
}

/** An open clinic that closes within the hour: the line says "closes in 25 min". */
export const CLOSING_SOON_MINUTES = 60;

/** Whether a status closes within the hour. */
export const closingSoon = (d: StatusDetail): boolean =>
  d.status === "open" && d.next?.inMinutes !== undefined && d.next.inMinutes < CLOSING_SOON_MINUTES;

/**
 * A clinic's status in one line, the same on every page: "Open now · closes 8 pm", "Open now · closes in 25 min"
 * (within the hour), "Closed now · opens 8 am tomorrow", "Open 24 hours", "Hours not known". `zone` names the clinic's time zone when it is not the reader's.
 * @example statusText(en, { status: "open", next: { day: "wed", time: "20:00", inDays: 0 } }) // "Open now · closes 8 pm"
 */
export function statusText(w: Words, d: StatusDetail, zone = ""): string {
  if (d.status === "unknown") return w.status.unknown;
  if (d.next === null) return d.status === "open" ? w.status.always : w.status.closed;
  const when = [w.clock(d.next.time), d.next.inDays, w.days[d.next.day]] as const;
  if (closingSoon(d)) return `${w.status.open} · ${w.status.closesIn(d.next.inMinutes as number)}`;
  return d.status === "open"
    ? `${w.status.open} · ${w.status.closes(...when)}${zone}`
    : `${w.status.closed} · ${w.status.opens(...when)}${zone}`;
}
