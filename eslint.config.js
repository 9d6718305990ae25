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
  prettier,
);
