// ESLint's recommended rules for the repository's JavaScript (`npm run lint`, which `make test`
// runs with Prettier's check of the layout), each file with the globals of where it runs: no
// file reads another's globals, every name comes from an import.
import js from "@eslint/js";
import globals from "globals";

export default [
  // what .gitignore names as built (ESLint reads no .gitignore): `pip install .` leaves copies of
  // static/ in build/, which are not the repository's files
  { ignores: ["site/", "build/", "dist/", "docs/_build/", "docs/_generated/", ".cache/"] },
  js.configs.recommended,
  {
    // the page (BokehJS defines `Bokeh` once the app is on its way: static/page/bokeh.js), and
    // its unit tests, which run it in jsdom
    files: ["static/a11y.js", "static/page/*.js", "tests/js/page/*.mjs"],
    languageOptions: { globals: { ...globals.browser, Bokeh: "readonly" } },
  },
  {
    files: ["static/worker.js", "static/snapshot.js", "static/engines.js", "static/archives.js"],
    languageOptions: { globals: globals.worker },
  },
  {
    // a classic script: see its header
    files: ["static/service-worker.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },
  {
    files: ["**/*.mjs", "eslint.config.js"],
    languageOptions: { globals: globals.node },
  },
];
