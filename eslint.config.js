import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Lint for the whole repository, part of `npm test`: ESLint's and typescript-eslint's recommended
 * rules (without type information, so the run stays a few seconds), React's hook rules for the web
 * app, and nothing about layout (Prettier owns that: `npm run format`).
 */
export default tseslint.config(
  // What .gitignore keeps out of the repository (Prettier reads .gitignore itself, ESLint does not).
  { ignores: ["dist/**", "web/dist/**", "node_modules/**", ".data/**", "bench/results/**", "coverage/**", "test-results/**", "scratch/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused arguments named with a leading underscore are deliberate (handlers with a fixed shape).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // `@server/*` is the web app's way into the server's contract files; the server's own code uses relative paths.
    files: ["src/**/*.ts", "migrations/**/*.ts", "seeds/**/*.ts", "bench/**/*.ts", "test/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["@server/*"], message: "Import server files by relative path." }] }] },
  },
  {
    // Tests read database rows and response bodies as loose JSON.
    files: ["test/**/*.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    // The two classic hook rules; the React Compiler rules of the plugin's newer presets are not adopted.
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Calls of the API go through the one typed client (its paths, parameters and answers are the
    // OpenAPI document's), which also carries the session's CSRF header and the prefetched answers.
    files: ["web/src/**/*.{ts,tsx}"],
    ignores: ["web/src/shared/api.ts", "web/src/shared/prefetch.ts"],
    rules: {
      "no-restricted-globals": ["error", { name: "fetch", message: "Call the API through web/src/shared/api.ts (api.GET(...), answer(...))." }],
      "no-restricted-imports": ["error", { paths: [{ name: "openapi-fetch", message: "Use the client of web/src/shared/api.ts." }] }],
    },
  },
  prettier,
);
