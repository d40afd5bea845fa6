import type { FileSink, OutputWriter } from "../output/writer.js";

/** The sitemaps protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_INDEX = "sitemap.xml";

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const TAIL = "</urlset>\n";

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
 * Writes the sitemap as the pages are rendered, never holding the URLs: they stream into
 * `sitemaps/sitemap-1.xml`, `-2`, … (a new file every `maxUrls`), and `sitemap.xml` is the sitemap index that
 * lists the files.
 * @example const map = new SitemapWriter(out, ctx.page); await map.add("/clinics/texas/"); await map.finish();
 */
export class SitemapWriter {
  readonly #out: OutputWriter;
  readonly #absolute: (path: string) => string;
  readonly #maxUrls: number;
  #sink: FileSink | null = null;
  #inFile = 0;
  /** Lines not yet written: written in blocks, not a write (and a compressor call) per URL. */
  #buffer = "";
  readonly #files: string[] = [];

  constructor(out: OutputWriter, absolute: (path: string) => string, maxUrls = SITEMAP_MAX_URLS) {
    this.#out = out;
    this.#absolute = absolute;
    this.#maxUrls = maxUrls;
  }

  /** Adds a page by its site path. */
  async add(path: string): Promise<void> {
    if (this.#sink && this.#inFile >= this.#maxUrls) await this.#close();
    if (!this.#sink) {
      const file = `sitemaps/sitemap-${this.#files.length + 1}.xml`;
      this.#files.push(file);
      this.#sink = await this.#out.stream(file);
      this.#inFile = 0;
      await this.#sink.write(HEAD);
    }
    this.#inFile++;
    this.#buffer += `<url><loc>${xmlText(this.#absolute(path))}</loc></url>\n`;
    if (this.#buffer.length >= 64 * 1024) await this.#flush();
  }

  /** Closes the last file and writes the index; returns the files written. */
  async finish(): Promise<string[]> {
    await this.#close();
    const entries = this.#files.map(
      (f) => `<sitemap><loc>${xmlText(this.#absolute(`/${f}`))}</loc></sitemap>\n`,
    );
    await this.#out.add(
      SITEMAP_INDEX,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("")}</sitemapindex>\n`,
    );
    return this.#files;
  }

  async #close(): Promise<void> {
    if (!this.#sink) return;
    this.#buffer += TAIL;
    await this.#flush();
    await this.#sink.close();
    this.#sink = null;
  }

  async #flush(): Promise<void> {
    if (!this.#sink || this.#buffer === "") return;
    const block = this.#buffer;
    this.#buffer = "";
    await this.#sink.write(block);
  }
}
