/** The web app manifest of each language, which makes the site installable on a phone's home screen. */
import type { Lang } from "../../i18n/lang.js";
import { LANG_PREFIX } from "../../i18n/lang.js";
import { ICONS } from "./icons.js";
import type { SiteContext } from "./site.js";

/**
 * The manifest's file in the output folder: one per language, so that the installed app starts in it.
 * @example manifestFile("es") // "es/manifest.webmanifest"
 */
export function manifestFile(lang: Lang): string {
  return `${LANG_PREFIX[lang].slice(1)}${LANG_PREFIX[lang] ? "/" : ""}manifest.webmanifest`;
}

/** The short name under the icon on a home screen (at most 12 characters, as launchers show). */
const SHORT_NAME: Record<Lang, string> = { en: "Urgent care", es: "Urgencias" };

/**
 * The manifest of `site`'s language: its name, start page (the language's home page), the whole site as scope,
 * the header's colours and the icons (one of them maskable, for launchers that crop icons to a shape).
 * @example JSON.parse(webManifest(site)).start_url // "/es/"
 */
export function webManifest(site: SiteContext): string {
  const root = site.hrefIn("en", "/");
  const manifest = {
    id: site.href("/"),
    name: site.t.service,
    short_name: SHORT_NAME[site.lang],
    description: site.t.near.pageDescription,
    lang: site.lang,
    dir: "ltr",
    start_url: site.href("/"),
    scope: root,
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#0b0c0c",
    icons: ICONS.filter((i) => i.manifest).map((i) => ({
      src: site.href(`/${i.file}`),
      sizes: `${i.size}x${i.size}`,
      type: "image/png",
      purpose: i.maskable ? "maskable" : "any",
    })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
