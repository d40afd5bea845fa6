/** The pages' strings in Spanish (US usage: "código postal", miles, 12-hour clock). Clinic data stays as published. */

import type { Freshness } from "../dataset/freshness.js";
import { SAMPLE_SOURCE_NAME } from "../dataset/sources.js";
import type { SourceField } from "../schema/sources.js";
import { type Fragment, type Html, html } from "../util/html.js";
import { count, type PageMessages } from "./en.js";
import type { Weekday } from "./words.js";

const FIELD_WORDS_ES: Record<SourceField, string> = {
  name: "nombre",
  address: "dirección",
  phone: "teléfono",
  coordinates: "ubicación",
  website: "sitio web",
  hours: "horario",
  services: "servicios",
  insurance: "seguros",
  rating: "calificación",
  neighborhood: "barrio",
  npi: "NPI",
};

const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
/** Estados y D. C., D. C. aparte: "3 estados y Washington D. C.", "Washington D. C.", "2 estados". */
const where = (states: number, dc: boolean) =>
  states === 0
    ? dc
      ? "Washington D. C."
      : plural(0, "estado")
    : `${plural(states, "estado")}${dc ? " y Washington D. C." : ""}`;
const clinics = (n: number) => plural(n, "clínica");

const SHORT_DAYS: Record<Weekday, string> = {
  mon: "lun",
  tue: "mar",
  wed: "mié",
  thu: "jue",
  fri: "vie",
  sat: "sáb",
  sun: "dom",
};

const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

const ZONES: Record<string, string> = {
  "America/New_York": "hora del Este",
  "America/Detroit": "hora del Este",
  "America/Indiana/Indianapolis": "hora del Este",
  "America/Kentucky/Louisville": "hora del Este",
  "America/Chicago": "hora del Centro",
  "America/Indiana/Knox": "hora del Centro",
  "America/Menominee": "hora del Centro",
  "America/North_Dakota/Center": "hora del Centro",
  "America/Denver": "hora de la Montaña",
  "America/Boise": "hora de la Montaña",
  "America/Phoenix": "hora estándar de la Montaña (sin horario de verano)",
  "America/Los_Angeles": "hora del Pacífico",
  "America/Anchorage": "hora de Alaska",
  "America/Juneau": "hora de Alaska",
  "America/Adak": "hora de Hawái-Aleutianas",
  "Pacific/Honolulu": "hora de Hawái",
};

function date(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return `${d} de ${MONTHS[m - 1]} de ${y}`;
}

/** The freshness notice of `freshness()`, said in Spanish from its figures. */
function freshness(f: Freshness, synthetic: boolean): string {
  if (f.age_days === null)
    return synthetic
      ? "Son los datos de muestra sintéticos incluidos: las clínicas son ficticias y no tienen fechas propias."
      : `La fuente no pone fecha a sus registros; esta versión es del ${date(f.data_version)}. Consulte con la clínica antes de confiar en sus datos.`;
  const newest = f.newest_record as string;
  const range =
    f.oldest_record !== null && f.oldest_record !== newest
      ? `entre el ${date(f.oldest_record)} y el ${date(newest)}`
      : `el ${date(newest)}`;
  if (f.stale) {
    const years = Math.floor(f.age_days / 365.25);
    const span = years >= 2 ? `${years} años` : `${Math.floor(f.age_days / 30.44)} meses`;
    return `Estos datos son antiguos: su registro más reciente tiene fecha del ${date(newest)}, ${span} antes de preparar esta versión (los registros tienen fecha ${range}). Las clínicas abren, cierran y cambian; consulte con la clínica antes de confiar en sus datos.`;
  }
  return `Los registros tienen fecha ${range}: el día en que cada fuente los actualizó o revisó por última vez, lo que no prueba que la clínica esté abierta. Consulte con la clínica antes de confiar en sus datos.`;
}

export const pages: PageMessages = {
  name: "Español",
  service: "Directorio de Atención de Urgencia",
  count,
  plural,
  clinics,
  cities: (n) => plural(n, "ciudad", "ciudades"),
  states: (n) => plural(n, "estado"),
  networks: (n) => plural(n, "red", "redes"),
  date,
  percent: (share) => `${(Math.round(share * 1000) / 10).toFixed(1)} %`,
  units: ["bytes", "KB", "MB", "GB", "TB"],
  decimal: ".",
  zone: (zone) => (ZONES[zone] ? `${ZONES[zone]} (${zone})` : zone),
  zoneShort: (zone) => ZONES[zone] ?? zone,
  freshness,
  hours: {
    shortDays: SHORT_DAYS,
    closed: "Cerrado",
    unknown: "No se conoce",
    allDay: "Abierto las 24 horas",
    everyDay: "Abierto las 24 horas, todos los días",
    range: (from, to) => `de ${from} a ${to}`,
    days: (from, to) => `${from} a ${to}`,
    local: (zone) =>
      `Las horas son las de la clínica: ${zone}. El horario de los días festivos puede ser distinto.`,
    caption: "Horario habitual",
    day: "Día",
    hours: "Horario",
  },
  layout: {
    skip: "Saltar al contenido principal",
    site: "Sitio",
    nav: { find: "Buscar una clínica", near: "Cerca de mí", about: "Sobre los datos", api: "API" },
    breadcrumb: "Ruta de navegación",
    home: "Inicio",
    language: "Idioma",
    sampleLabel: "Datos de muestra",
    sample: html`<strong>Datos de muestra sintéticos.</strong> Todas las clínicas, redes, direcciones, números de teléfono y sitios web de este sitio son ficticios. No los use para buscar atención médica.`,
    staleLabel: "Antigüedad de los datos",
    feed: "Versiones de los datos",
    footer: (service, release, licence) =>
      html`Datos: ${service}, versión ${release}, con licencia ${licence}. Código: MIT.`,
    credit: "Línea de crédito:",
    links: {
      about: "Sobre los datos",
      api: "Referencia de la API",
      downloads: "Descargas",
      llms: "llms.txt",
      feed: "Versiones (feed Atom)",
    },
  },
  near: {
    heading: "Atención de urgencia cerca de usted",
    use: "Usar mi ubicación",
    privacy: "Su ubicación no sale de este teléfono.",
    place: "O ciudad, código postal o clínica",
    emergencyLabel: "Emergencias",
    emergency: html`<strong>¿Emergencia? Llame al <a href="tel:911">911</a></strong>: dolor de pecho, falta de aire, señales de derrame cerebral, sangrado fuerte.`,
    find: "Buscar",
    needsScript: "Para buscar clínicas cerca de usted se necesita JavaScript. Elija su estado o ciudad:",
    networkHeading: (name) => `Clínicas de ${name} cerca de usted`,
    pageTitle: "Urgencias cerca de usted",
    pageDescription:
      "Las clínicas de urgencias más cercanas a usted, abiertas ahora o no, con su distancia, su teléfono y cómo llegar.",
    browse: "Buscar por estado",
  },
  list: {
    phone: "Teléfono:",
    network: "Red:",
    hoursUnknown: "Horario no conocido",
    pager: "Páginas de la lista",
    page: (n) => `Página ${n}`,
    pageOf: (n, of) => `Página ${n} de ${of}`,
    previous: "Página anterior",
    next: "Página siguiente",
    range: (from, to, total) => `Clínicas ${count(from)} a ${count(to)} de ${count(total)}.`,
    continued: "(continuación)",
  },
  home: {
    title: "Buscar una clínica de urgencias",
    description: (n) =>
      `Un directorio de ${plural(n, "clínica de urgencias", "clínicas de urgencias")} en los Estados Unidos, con direcciones, teléfonos y horarios. Datos abiertos y API gratuitos.`,
    lead: (n, cities, states, dc) =>
      `${clinics(n)} en ${plural(cities, "ciudad", "ciudades")} de ${plural(states, "estado")}${dc ? " y Washington D. C." : ""}, con direcciones, teléfonos y horarios.`,
    release: (d) => `Versión de los datos: ${d}.`,
    byState: "Buscar por estado",
    byNetwork: "Buscar por red",
    allNetworks: (n) => `Todas las redes y marcas (${count(n)})`,
    useData: "Usar los datos",
    useDataText: (about, api) =>
      html`El directorio es de datos abiertos (CC BY 4.0): lea <a href="${about}">sobre los datos y sus descargas</a>, o use la <a href="${api}">API JSON</a> gratuita.`,
    mapTitle: "Mapa de los Estados Unidos: elija un estado",
  },
  state: {
    title: (state) => `Clínicas de urgencias en ${state}`,
    description: (n, state) =>
      `${plural(n, "clínica de urgencias", "clínicas de urgencias")} en ${state}, por ciudad, con direcciones, teléfonos y horarios.`,
    none: (state) => `Esta versión no incluye clínicas en ${state}.`,
    lead: (n, cities, networks) =>
      `${clinics(n)} en ${plural(cities, "ciudad", "ciudades")}${networks ? `, de ${plural(networks, "red", "redes")}` : ""}.`,
    cities: "Ciudades",
    networksIn: (state) => `Redes en ${state}`,
    here: (n) => `(${count(n)} aquí)`,
    json: "Las ciudades de este estado en JSON:",
    mapTitle: (state, n) => `Mapa de ${state} con sus ${clinics(n)} como puntos`,
  },
  city: {
    title: (place) => `Clínicas de urgencias en ${place}`,
    description: (n, place) =>
      `${plural(n, "clínica de urgencias", "clínicas de urgencias")} en ${place}: direcciones, teléfonos, horarios y cuáles están abiertas ahora.`,
    lead: (n, zone) => `${clinics(n)}. Los horarios están en ${zone}.`,
    clinics: "Clínicas",
    json: "Las clínicas de esta ciudad en JSON:",
    mapTitle: (place, n) => `Mapa de ${place} con sus ${clinics(n)} como puntos`,
  },
  clinic: {
    title: (name, city, code) => `${name}, ${city}, ${code}`,
    description: (name, place) => `${name}: clínica de urgencias en ${place}. Dirección, teléfono y horario.`,
    address: "Dirección",
    neighbourhood: "Barrio",
    phone: "Teléfono",
    network: "Red",
    city: "Ciudad",
    website: "Sitio web",
    rating: "Calificación",
    coordinates: "Coordenadas",
    approximate: "(ubicación aproximada: el centro del área del código postal)",
    npi: "NPI",
    sources: "De dónde vienen estos datos",
    sourcesUnknown: "No consta en esta versión.",
    source: (name, date, fields) =>
      `${name}${date ? `, registro del ${date}` : ", registro sin fecha"}${fields.length ? `: ${fields.map((f) => FIELD_WORDS_ES[f]).join(", ")}` : ""}`,
    approximateNote:
      "Su posición en el mapa es aproximada (el centro del área de su código postal): guíese por la dirección.",
    ratingText: (rating, reviews) =>
      `${rating} de 5${reviews === null ? "" : ` (${plural(reviews, "reseña")})`}`,
    actions: "Llamar o ver cómo llegar",
    call: (phone) => `Llamar al ${phone}`,
    directions: "Cómo llegar",
    otherMaps: (apple, osm): Fragment =>
      html`También en <a href="${apple}">Apple Maps</a>${osm ? html` o en <a href="${osm}">OpenStreetMap</a>` : ""}.`,
    hours: "Horario",
    hoursUnknown: "No se conoce el horario. Llame a la clínica antes de ir.",
    services: "Servicios",
    servicesUnknown: "No se conocen.",
    insurance: "Seguros aceptados",
    insuranceUnknown: "No se conocen. Pregunte en la clínica.",
    json: (id: Html) => html`Esta clínica en JSON (id ${id}):`,
    evidence: {
      heading: "Cómo lo sabemos",
      kindWords: {
        walk_in_urgent_care: "un centro de urgencias sin cita",
        occupational_medicine: "medicina ocupacional",
        emergency_room: "una sala de emergencias",
        telehealth: "telemedicina",
        mobile: "atención a domicilio",
        administrative: "una oficina",
        hospital: "un hospital",
        physician_group: "un grupo médico",
      },
      kindLine: (label) => `Tipo de lugar: ${label}. No es un centro de urgencias sin cita.`,
      source: (type, name, brand) => {
        if (name === "CMS NPPES") return "el registro NPI de CMS";
        if (name === "HIFLD Urgent Care Facilities") return "la lista de centros de urgencias de HIFLD";
        if (name === "Overture Maps places") return "los datos de lugares de Overture Maps";
        if (type === "store_locator")
          return brand ? `el localizador de ${brand}` : "el localizador de la propia cadena";
        if (name === SAMPLE_SOURCE_NAME) return "la muestra sintética (inventada)";
        if (type === "synthetic") return "una segunda lista inventada de la muestra sintética";
        return name;
      },
      dated: (type, name, date) => {
        if (type === "registry") return `el registro se actualizó por última vez el ${date}`;
        if (name === "HIFLD Urgent Care Facilities")
          return `HIFLD revisó su registro por última vez el ${date}`;
        if (name === "Overture Maps places")
          return `Overture actualizó su registro por última vez el ${date}`;
        if (type === "store_locator") return `la entrada del localizador tiene fecha del ${date}`;
        return `el registro de ${name} tiene fecha del ${date}`;
      },
      listed: (sources, dates) =>
        `Figura en ${sources.join(sources.length > 2 ? ", en " : " y en ").replace(/, en ([^,]*)$/, " y en $1")}${dates.length ? `; ${dates.join(", y ")}` : ""}.`,
      locator: "La cadena la incluye en su propio localizador.",
      confirmed: "Fuentes independientes coinciden en que está ahí.",
      one: "Solo una fuente la incluye: llame antes de ir.",
      against: (why, one) =>
        `${one ? "Solo una fuente la incluye, y algo" : "Algo"} indica que puede ser otro tipo de lugar: ${why.join("; ")}. Llame antes de ir.`,
      againstTaxonomy: (kind) => `el registro la clasifica primero como ${kind}`,
      againstName: (kind) => `su nombre dice ${kind}`,
      againstListed: "una fuente la incluye como centro de urgencias",
      againstOther: "una fuente dice otra cosa",
    },
  },
  network: {
    title: (name) => `${name}: clínicas de urgencias`,
    description: (name, n, states, dc) =>
      `Las ${clinics(n)} de ${name} en ${where(states, dc)}, con direcciones, teléfonos y horarios.`,
    lead: (n, states, dc) => `${clinics(n)} en ${where(states, dc)}.`,
    byState: "Clínicas por estado",
    json: "Esta red en JSON:",
    indexTitle: "Redes y marcas",
    indexDescription: (n) => `Las ${plural(n, "red", "redes")} de clínicas de urgencias del directorio.`,
    indexLead: (networks, known, n) =>
      `${plural(networks, "red", "redes")} operan ${clinics(known)} de las ${clinics(n)} del directorio; las demás no tienen una red conocida.`,
    indexJson: "Todas las redes en JSON:",
    crumb: "Redes",
  },
  developers: "Para desarrolladores",
  notFound: {
    title: "Página no encontrada",
    description: "No hay ninguna página en esta dirección.",
    typed:
      "Si escribió la dirección, revise que sea correcta. Si la pegó, revise que copió la dirección completa.",
    moved: (home) =>
      html`A veces las clínicas cierran o se mudan: <a href="${home}">busque una clínica desde la página de inicio</a>.`,
  },
  offline: {
    title: "Está sin conexión",
    text: "Esta página no se guardó en este teléfono. Las páginas que abrió antes, y las clínicas que encontró cerca de usted, se abren sin conexión.",
    home: "Ir a la página de inicio",
  },
  tombstone: {
    title: (name) => `${name} (ya no figura)`,
    description: (name, where, since) =>
      `${name}, en ${where}, ya no figura en el directorio desde el ${since}.`,
    label: "Ya no figura",
    notice: (since, last) =>
      html`<strong>Ya no figura desde el ${since}.</strong> Esta clínica estuvo en el directorio hasta la versión del ${last}; no está en los datos actuales. Puede haber cerrado o haberse mudado. Llame antes de ir.`,
    nearby: "Clínicas cercanas",
    away: (miles) => ` · a ${miles} millas`,
    none: "No hay ninguna clínica cerca en el directorio.",
    all: (link) => html`Todas las clínicas de ${link}.`,
    last: "Últimos datos conocidos",
    asOf: (d) => `Tal como figuraban el ${d}; pueden estar desactualizados.`,
    json: (code) => html`Esta clínica en JSON, con ${code}:`,
  },
  about: {
    title: "Sobre los datos",
    description: (service) =>
      `De dónde vienen los datos del ${service}, qué tan completos son, su licencia, cómo citarlos y sus descargas.`,
    lead: (n, cities, release) =>
      `${clinics(n)} en ${plural(cities, "ciudad", "ciudades")}, versión ${release}.`,
    licence: "Licencia",
    licenceText: (licence, id) =>
      html`Los datos tienen la licencia ${licence} (${id}): puede usarlos para cualquier fin, comercial o no, compartirlos y modificarlos, también para entrenar modelos de IA, siempre que los cite, enlace a este sitio e indique si los modificó. El código cliente (el SDK) es MIT.`,
    creditHeading: "Línea de crédito, lista para pegar",
    sources: "Fuentes",
    builtFrom: "Preparados a partir de:",
    timezoneNotice: (notice) =>
      html`${notice} Las zonas horarias de las ciudades y de los horarios se obtuvieron consultando sus límites (una obra producida, ODbL 1.0 §4.3); no se publica ningún límite.`,
    publishedBy: (publisher) => `, publicado por ${publisher}`,
    edition: (date) => `, edición del ${date}`,
    nearMeSources: html`«Cerca de mí» encuentra ciudades y códigos postales con archivos de este sitio, leídos en el teléfono: lugares de <a href="https://www.geonames.org/">GeoNames</a> (ciudades y códigos postales de EE. UU., CC BY 4.0) y las Áreas de Tabulación de Códigos Postales de la Oficina del Censo (dominio público).`,
    inputFiles: "Archivos de entrada de esta versión",
    file: "Archivo",
    format: "Formato",
    records: "Registros",
    date: "Fecha",
    notKnown: "no se conoce",
    levelsHeading: "Cómo sabemos de cada clínica",
    levelsIntro:
      "Solo se incluyen centros de urgencias sin cita. Cada clínica dice cómo lo sabemos, según las fuentes que la incluyen, en uno de tres niveles:",
    level: {
      confirmed:
        "dos fuentes independientes la incluyen (el registro NPI y la lista de HIFLD, por ejemplo), o la cadena la incluye en su propio localizador, y nada indica lo contrario;",
      listed:
        "una sola fuente la incluye — a menudo una única entrada del registro NPI, que el propio proveedor presenta — o dos la incluyen pero algo indica que puede ser otro tipo de lugar: llame antes de ir;",
      doubtful:
        "una sola fuente la incluye y algo indica que puede ser otro tipo de lugar (el registro la clasifica primero como hospital o grupo médico, por ejemplo): llame antes de ir.",
    },
    registryDate:
      "La fecha de un registro es el día en que el proveedor editó su entrada por última vez: nunca prueba que una clínica exista o esté abierta.",
    levelCounts: (counts) =>
      `De las clínicas incluidas, ${counts.map(([level, n]) => `${count(n)} ${level}`).join(", ")}.`,
    leftOut:
      "Los lugares que las fuentes incluyen como urgencias pero que no son centros sin cita quedan fuera (cada uno figura en el informe de la compilación, con su motivo y su evidencia):",
    noneLeftOut: "Ningún lugar de las fuentes quedó fuera por su tipo.",
    quality: "Qué tan completos son",
    qualityText: (q) =>
      `${
        q.synthetic
          ? "Son datos de muestra generados: las cifras de abajo describen la muestra, no clínicas reales."
          : `De ${plural(q.records.read, "registro")} leídos${q.records.carried ? ` y ${count(q.records.carried)} conservados de la versión anterior (esta versión la actualiza)` : ""}, ${count(q.records.published)} se publicaron como clínicas.`
      } ${q.records.rejected ? `Se rechazaron ${plural(q.records.rejected, "registro")}` : "No se rechazó ningún registro"}, ${q.records.merged ? `se fusionaron ${plural(q.records.merged, "registro")} con otro por estar duplicados` : "ninguno se fusionó por estar duplicado"}, y ${plural(q.records.repaired, "registro publicado", "registros publicados")} tuvieron un campo corregido.`,
    rejected: "Por qué se rechazaron registros",
    merged: "Por qué se fusionaron registros",
    repaired: "Qué se corrigió",
    reason: (code) => code.replace(/_/g, " "),
    completeness: "Porcentaje de clínicas con cada campo conocido",
    field: "Campo",
    knownFor: "Conocido en",
    fields: {
      coordinates: "Posición en el mapa",
      phone: "Teléfono",
      hours: "Horario",
      website: "Sitio web",
      rating: "Calificación",
      network: "Red",
      address: "Dirección",
      neighborhood: "Barrio",
      services: "Servicios",
      insurance: "Seguros aceptados",
      reviews_count: "Número de reseñas",
    },
    networkShare: (inNetwork, none) =>
      `${clinics(inNetwork)} pertenecen a una red conocida; ${clinics(none)} no tienen una red conocida (clínicas independientes, o marcas que los datos no nombran).`,
    evidenceIntro: "Cómo se sabe la red de una clínica:",
    evidence: {
      source_column: "la fuente nombra la red",
      brand: "un conjunto de datos de lugares nombra la marca de la clínica",
      dictionary: "el nombre coincide con una marca conocida en su zona",
      name_pattern:
        "varias clínicas cercanas comparten la marca en su nombre, junto a otra evidencia de ella",
      registry_organisation: "el registro NPI la incluye bajo una misma organización con otros lugares",
    },
    evidenceCount: (kind, n) => `${kind}: ${clinics(n)}`,
    recordDates: (oldest, newest) =>
      `Los registros tienen fecha entre el ${oldest} y el ${newest}: el día en que cada fuente los actualizó o revisó por última vez (en el registro NPI, el día en que el proveedor editó su entrada), lo que no prueba que la clínica esté abierta.`,
    everyFigure: (link) => html`Todas las cifras están también en ${link}.`,
    downloads: "Descargas",
    downloadsText:
      "Todos los datos, una fila por clínica. Los nombres con fecha no cambian nunca; los nombres -latest siempre tienen la versión más reciente. Compruebe cada archivo con su SHA-256.",
    size: "Tamaño",
    rows: "Filas",
    sizeBytes: (n) => `(${count(n)} bytes)`,
    manifest: (manifest, licence) =>
      html`<a href="${manifest}">El manifiesto</a> enumera cada archivo con sus columnas y tipos; <a href="${licence}">LICENSE.txt</a> contiene la licencia y las líneas de crédito.`,
    noDownloads: "Esta versión no tiene descargas.",
    releases: "Versiones",
    releasesText: (feed, json) =>
      html`Cada versión conserva las anteriores: qué cambió y sus descargas con fecha. Suscríbase al <a href="${feed}">feed Atom de versiones</a>, o lea ${json}.`,
    release: "Versión",
    clinicsColumn: "Clínicas",
    changes: "Cambios",
    changeCounts: (added, removed, changed) =>
      `${count(added)} nuevas, ${count(removed)} que ya no figuran, ${count(changed)} con cambios`,
    since: (version) => ` desde ${version}`,
    first: "la primera versión",
  },
  docs: {
    title: "Referencia de la API",
    description: (service) =>
      `La API JSON gratuita y de solo lectura del ${service}: cada punto de acceso, cada campo, los errores, la caché, CORS y el SDK de TypeScript.`,
    heading: (title) => `Referencia de ${title}`,
    lead: (version) => `Versión ${version}. Sin clave ni registro; CORS abierto a todos los orígenes.`,
    inEnglish:
      "Las descripciones de los puntos de acceso y de los campos vienen del documento OpenAPI y están en inglés.",
    base: "Dirección base",
    index: "Índice",
    release: "Versión de los datos",
    onThisPage: "En esta página",
    conventions: "Convenciones, errores, caché y CORS",
    sdk: "Primeros pasos con el SDK",
    sdkText: "El SDK de TypeScript (MIT, sin dependencias) funciona en navegadores, Node 20+, Deno y Bun:",
    endpoints: "Puntos de acceso",
    schemas: "Campos de cada documento",
    schemasText:
      "Todos los campos están siempre presentes; los valores desconocidos son null. Los clientes deben ignorar los campos que no conozcan: dentro de v1 solo se agregan campos.",
    errors: "Cuerpos de error",
    errorsText: (link) => html`Toda respuesta de error tiene un cuerpo JSON de tipo ${link}, por ejemplo:`,
    otherStatuses: html`Otros códigos: 405 con una cabecera <code>Allow</code> para métodos distintos de GET, HEAD y OPTIONS; 400 para una ruta mal formada; 414 y 431 para una línea de petición o cabeceras demasiado largas.`,
    field: "Campo",
    type: "Tipo",
    description_: "Descripción",
    optional: "(opcional)",
    typeIs: "Tipo:",
    parameters: "Parámetros de la ruta",
    name: "Nombre",
    tryIt: "Pruébelo:",
    noDocument: "Pruébelo: todavía no hay un documento así en esta versión.",
    answers: (schema, error) =>
      html`Responde 200 con ${schema}; 304 cuando su <code>If-None-Match</code> está al día; 404 con un cuerpo ${error} cuando no existe el documento.`,
    arrayOf: "lista de",
    or: " o ",
    oneOf: ": uno de",
    orNull: ", o null",
  },
};
