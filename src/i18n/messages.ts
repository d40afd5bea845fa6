/**
 * Every string of the site, by language: the pages' (`en.ts`, `es.ts`) and the words they share with the browser
 * scripts (`words.ts`). Templates take them from the page's `SiteContext` (`site.t`, `site.w`); nothing else
 * writes words a visitor reads.
 */
import { pages as en, type PageMessages } from "./en.js";
import { pages as es } from "./es.js";
import type { Lang } from "./lang.js";

export type Messages = PageMessages;

export const MESSAGES: Readonly<Record<Lang, Messages>> = { en, es };
