// ESLint's flat config for the page's JavaScript (docs/assets/js/): `npx eslint`.
// Modules everywhere, except the classic scripts that must also run from file:// (boot.js says
// why nothing goes live there; offline.js, palette.js and a11y.js are page chrome).
const js = require("@eslint/js");
const globals = require("globals");

const CLASSIC = ["docs/assets/js/boot.js", "docs/assets/js/offline.js", "docs/assets/js/palette.js",
  "docs/assets/js/a11y.js"];
const WORKER = ["docs/assets/js/python/worker.js", "docs/assets/js/python/pystart.js"];

const rules = {
  eqeqeq: ["error", "always"],
  "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
  "no-implicit-globals": "error",
  "no-shadow": "error",
  "prefer-const": "error",
  "no-var": "error",
  "object-shorthand": "error",
};

module.exports = [
  { ignores: ["**/node_modules/**", "site/**", "**/*.min.js"] },
  js.configs.recommended,
  {
    files: ["docs/assets/js/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules,
  },
  {
    files: CLASSIC,
    languageOptions: { sourceType: "script" },
    // Classic scripts stay ES5-shaped (they run on old browsers that load no module).
    rules: { "no-var": "off", "prefer-const": "off", "object-shorthand": "off" },
  },
  { files: WORKER, languageOptions: { globals: globals.worker } },
  // Material's own helpers for its stored settings (its bundle defines them in the page).
  { files: ["docs/assets/js/palette.js"], languageOptions: { globals: { __md_get: "readonly", __md_set: "readonly" } } },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
];
