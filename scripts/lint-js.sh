#!/usr/bin/env bash
# The page's JavaScript (docs/assets/js/): ESLint (eslint.config.js) and TypeScript's checker over
# its JSDoc types (tsconfig.json for the page, tsconfig.worker.json for the Pyodide worker).
# Both are pinned in package.json / package-lock.json (npm ci). Exits non-zero on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/eslint ] || [ ! -x node_modules/.bin/tsc ]; then
  echo "lint-js: node_modules/.bin/eslint or tsc missing (run scripts/setup.sh: npm ci)" >&2
  exit 1
fi
node_modules/.bin/eslint --max-warnings 0 docs/assets/js eslint.config.js
node_modules/.bin/tsc -p tsconfig.json
node_modules/.bin/tsc -p tsconfig.worker.json
# main.js names each component's modules for <link rel="modulepreload"> (no import waterfall):
# the lists must be the modules' real imports (static, and dynamic ones of a literal name); and
# no file grows past 400 lines.
node --input-type=module - <<'JS'
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
const dir = "docs/assets/js";
const read = (f) => fs.readFileSync(path.join(dir, f), "utf8");
const imports = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  // Static imports, and the dynamic ones of a literal name (play/play.js's plugins).
  // (Block comments out first: their JSDoc types name modules as import("...") too.)
  for (const m of read(file).replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/^import\s[^;]*?from\s+"([^"]+)";|\bimport\(\s*"([^"]+)"\s*\)/gms)) {
    imports(path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] || m[2])), seen);
  }
  return seen;
};
// A copy named .mjs: the package is CommonJS by default (eslint.config.js), main.js is a module.
const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lint-js-")), "main.mjs");
fs.writeFileSync(copy, read("main.js"));
const { KINDS } = await import(copy).catch(() => ({ KINDS: null }));
fs.rmSync(path.dirname(copy), { recursive: true });
const problems = [];
if (!KINDS) problems.push("main.js: KINDS is not exported");
for (const kind of KINDS || []) {
  const want = [...imports(kind.module)].sort().join(" ");
  const listed = [...new Set([kind.module, ...kind.preload])].sort().join(" ");
  if (want !== listed) problems.push(`main.js: ${kind.module} preloads\n  ${listed}\nbut imports\n  ${want}`);
}
for (const f of fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith(".js"))) {
  const lines = read(f).split("\n").length - 1;
  if (lines > 400) problems.push(`${dir}/${f}: ${lines} lines (at most 400)`);
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
JS
echo "lint-js: eslint and tsc clean; preload lists match the imports; no file over 400 lines"
