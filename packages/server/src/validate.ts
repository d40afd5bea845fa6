import type { Site } from "./site.js";

/** Documents a build must contain before it may replace the one being served. */
export const REQUIRED_DOCUMENTS = ["/api/v1/index.json", "/api/openapi.json", "/404.json"] as const;

/**
 * Checks that a loaded output folder is a complete build: the required documents exist, every JSON
 * document under /api and the 404 body parse, and gzip siblings carry the gzip magic number. Returns the
 * problems found (empty when the build may be served).
 * @example const problems = await validateSite(await loadSite("public")); if (problems.length) throw new Error(problems.join("; "));
 */
export async function validateSite(site: Site): Promise<string[]> {
  const problems: string[] = [];
  for (const path of REQUIRED_DOCUMENTS) if (!site.documents.has(path)) problems.push(`missing ${path}`);
  let checked = 0;
  for (const [path, doc] of site.documents) {
    // Yield now and then: validation of a reload runs beside live traffic.
    if (++checked % 32 === 0) await new Promise((resolve) => setImmediate(resolve));
    if (doc.path !== path) continue; // an alias of a document checked under its own path
    if (path.endsWith(".json") && (path.startsWith("/api/") || path === "/404.json")) {
      try {
        JSON.parse(doc.identity.body.toString("utf8"));
      } catch {
        problems.push(`${path} is not valid JSON`);
      }
    }
    const gz = doc.gzip?.body;
    if (gz && (gz.length < 18 || gz[0] !== 0x1f || gz[1] !== 0x8b)) problems.push(`${path}.gz is not gzip`);
    if (doc.br && doc.br.body.length === 0) problems.push(`${path}.br is empty`);
  }
  return problems;
}
