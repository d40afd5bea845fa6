/** The sitemaps protocol's limit of URLs per file, and of files per index. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_INDEX = "sitemap.xml";
/** The sitemap of the pages outside cities (home, about, states, networks…), `-2`, `-3`… past the limit. */
export const SITE_SITEMAP = "sitemaps/site.xml";

/**
 * @example xmlText("a&b") // "a&amp;b"
 */
export function xmlText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * One sitemap file of absolute addresses.
 * @example urlset(["https://x.example/a/"]) // '<?xml …><urlset …>\n<url><loc>https://x.example/a/</loc></url>\n</urlset>\n'
 */
export function urlset(urls: readonly string[]): string {
  if (urls.length > SITEMAP_MAX_URLS) throw new Error(`a sitemap of ${urls.length} URLs (at most 50,000)`);
  let body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (const url of urls) body += `<url><loc>${xmlText(url)}</loc></url>\n`;
  return `${body}</urlset>\n`;
}

/**
 * `name.xml`, `name-2.xml`, … for a list cut at the protocol's limit.
 * @example numbered("sitemaps/site.xml", 2) // "sitemaps/site-2.xml"
 */
export function numbered(file: string, n: number): string {
  return n === 1 ? file : file.replace(/\.xml$/, `-${n}.xml`);
}

/** A list cut into pieces of at most the protocol's limit (one piece, maybe empty, at least). */
export function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SITEMAP_MAX_URLS) out.push(items.slice(i, i + SITEMAP_MAX_URLS));
  return out.length ? out : [[]];
}

/**
 * The sitemap index files listing `files` (paths of sitemap files): `sitemap.xml`, then `sitemap-2.xml`… when
 * there are more than the protocol allows in one (robots.txt names each).
 * @example sitemapIndexes(["sitemaps/site.xml"], (p) => `https://x.example${p}`)
 */
export function sitemapIndexes(
  files: readonly string[],
  absolute: (path: string) => string,
): { file: string; body: string }[] {
  return chunks(files).map((part, i) => {
    let body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    for (const f of part) body += `<sitemap><loc>${xmlText(absolute(`/${f}`))}</loc></sitemap>\n`;
    return { file: numbered(SITEMAP_INDEX, i + 1), body: `${body}</sitemapindex>\n` };
  });
}
