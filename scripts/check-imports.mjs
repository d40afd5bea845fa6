// `npm run lint` runs this: the import structure of `src` and `packages` has no circle and no arrow running back
// up. Type-only imports count (dpdm reads the TypeScript sources as they are, `transform: false`): a circle of
// `import type` is still two modules that cannot be understood one without the other.
//
// The layers, lowest first (docs/architecture.md): each folder of `src` may import only the folders listed for it
// (and itself); `src/release` may import only the render's entry, `src/render/index.ts`, not its internals; the
// packages import nothing of `src`.
//
// node scripts/check-imports.mjs            prints every circle and every arrow against the layers; exit 1 if any
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCircular, parseDependencyTree } from "dpdm";

const root = fileURLToPath(new URL("..", import.meta.url));

/** What each folder of `src` may import besides itself. */
const LAYERS = {
  util: [],
  schema: ["util"],
  geo: ["util", "schema"],
  tree: ["util"],
  dataset: ["util", "geo", "schema", "tree"],
  i18n: ["util", "schema", "dataset"],
  browser: ["util", "i18n"],
  // The kind of a place and its evidence, decided alike by the import, the sample and the release store.
  evidence: ["util", "schema", "dataset"],
  ingest: ["util", "geo", "schema", "dataset", "evidence"],
  sample: ["util", "geo", "schema", "dataset", "evidence"],
  render: ["util", "geo", "schema", "tree", "dataset", "i18n", "browser"],
  // A release's records kept before clinics carried evidence get it decided again when read (`records.ts`).
  release: ["util", "geo", "schema", "tree", "dataset", "evidence", "render/index.ts"],
  deploy: ["util", "geo", "schema", "tree", "dataset", "release"],
  cli: ["*"],
};

/** The layer of a file: `render`, `packages/server`, … */
function layerOf(file) {
  const parts = file.split("/");
  if (parts[0] === "packages") return `packages/${parts[1]}`;
  if (parts[0] === "src") return parts[1]?.endsWith(".ts") ? parts[1].slice(0, -3) : parts[1];
  return parts[0];
}

/** Whether `from` may import `to` (both relative to the root). */
function allowed(from, to) {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a === b) return true;
  if (a.startsWith("packages/")) return b.startsWith("packages/");
  // The packages are libraries of their own (the server, the SDK): any part of `src` may use them.
  if (b.startsWith("packages/")) return true;
  const may = LAYERS[a];
  if (!may) return false;
  if (may.includes("*")) return true;
  return may.some((m) => (m.includes("/") && m.endsWith(".ts") ? to === `src/${m}` : b === m));
}

const tree = await parseDependencyTree(["src/**/*.ts", "packages/*/src/**/*.ts"], {
  cwd: root,
  context: root,
  transform: false,
  skipDynamicImports: false,
});

const rel = (file) => relative(root, resolve(root, file));
const problems = [];
for (const circle of parseCircular(tree)) problems.push(`circle: ${circle.map(rel).join(" -> ")}`);
for (const [file, deps] of Object.entries(tree)) {
  if (!deps) continue;
  for (const dep of deps) {
    if (!dep.id || dep.id.includes("node_modules")) continue;
    const from = rel(file);
    const to = rel(dep.id);
    if (!to.startsWith("src/") && !to.startsWith("packages/")) continue;
    if (!allowed(from, to)) problems.push(`arrow against the layers: ${from} -> ${to}`);
  }
}
if (problems.length > 0) {
  console.error(problems.sort().join("\n"));
  console.error(
    `check-imports: ${problems.length} problem(s); the layers are in scripts/check-imports.mjs and docs/architecture.md`,
  );
  process.exit(1);
}
console.log(`check-imports: ${Object.keys(tree).length} modules, no circle, every arrow down the layers`);
