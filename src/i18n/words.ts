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
    /** Nothing matches the ZIP code or city typed. */
    notFound(text: string): string;
    /** The heading above the results. */
    results(where: string, count: number, openOnly: boolean): string;
    /** What the results are near: the reader's position, a ZIP code, a city. */
    here: string;
    zip(zip: string): string;
    none(openOnly: boolean): string;
    offline: string;
    call: string;
    directions: string;
    approximate: string;
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
      "Your location is not shared with this site. Enter a ZIP code or city instead, or allow location in your browser's settings.",
    unavailable: "Your location could not be found. Enter a ZIP code or city instead.",
    notFound: (text) =>
      `No ZIP code or city with clinics matches “${text}”. Check the spelling, or try a ZIP code.`,
    results: (where, count, openOnly) =>
      `${count} nearest ${openOnly ? "open " : ""}${count === 1 ? "clinic" : "clinics"} to ${where}`,
    here: "you",
    zip: (zip) => `ZIP code ${zip}`,
    none: (openOnly) => (openOnly ? "No clinic nearby is known to be open now." : "No clinic found nearby."),
    offline: "You are offline: these results come from what this phone saved earlier.",
    call: "Call",
    directions: "Directions",
    approximate: "Location approximate (the centre of its ZIP code area)",
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
      "Su ubicación no se comparte con este sitio. Escriba un código postal o una ciudad, o permita la ubicación en la configuración del navegador.",
    unavailable: "No se pudo encontrar su ubicación. Escriba un código postal o una ciudad.",
    notFound: (text) =>
      `Ningún código postal ni ciudad con clínicas coincide con «${text}». Revise cómo se escribe o pruebe con un código postal.`,
    results: (where, count, openOnly) =>
      `${count} ${count === 1 ? "clínica" : "clínicas"} ${openOnly ? (count === 1 ? "abierta " : "abiertas ") : ""}más ${count === 1 ? "cercana" : "cercanas"} ${where.startsWith("el ") ? `al ${where.slice(3)}` : `a ${where}`}`,
    here: "usted",
    zip: (zip) => `el código postal ${zip}`,
    none: (openOnly) =>
      openOnly
        ? "No se sabe de ninguna clínica cercana abierta ahora."
        : "No se encontró ninguna clínica cercana.",
    offline: "Está sin conexión: estos resultados vienen de lo que este teléfono guardó antes.",
    call: "Llamar",
    directions: "Cómo llegar",
    approximate: "Ubicación aproximada (el centro de su código postal)",
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
  next: { day: Weekday; time: string; inDays: number } | null;
}

/**
 * A clinic's status in one line, the same on every page: "Open now · closes 8 pm", "Closed now · opens 8 am
 * tomorrow", "Open 24 hours", "Hours not known". `zone` names the clinic's time zone when it is not the reader's.
 * @example statusText(en, { status: "open", next: { day: "wed", time: "20:00", inDays: 0 } }) // "Open now · closes 8 pm"
 */
export function statusText(w: Words, d: StatusDetail, zone = ""): string {
  if (d.status === "unknown") return w.status.unknown;
  if (d.next === null) return d.status === "open" ? w.status.always : w.status.closed;
  const when = [w.clock(d.next.time), d.next.inDays, w.days[d.next.day]] as const;
  return d.status === "open"
    ? `${w.status.open} · ${w.status.closes(...when)}${zone}`
    : `${w.status.closed} · ${w.status.opens(...when)}${zone}`;
}
