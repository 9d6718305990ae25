/**
 * The dependency rules of ARCHITECTURE.md, checked by `npm run lint` (and so by `npm test`):
 * modules meet only through their public face (src/modules/<m>/index.ts), platform/ knows no
 * module, services and repositories know no HTTP, and nothing depends on itself in a circle.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle between files (and so between modules, which meet through their index) makes every part of it depend on every other.",
      from: {},
      to: { circular: true },
    },
    {
      name: "platform-knows-no-module",
      severity: "error",
      comment: "platform/ is the infrastructure every module uses; a module's needs reach it as parameters (see app.ts).",
      from: { path: "^src/platform/" },
      to: { path: "^src/modules/" },
    },
    {
      name: "modules-meet-through-their-index",
      severity: "error",
      comment: "Another module's files are internal: import what it offers from src/modules/<m>/index.ts.",
      from: { path: "^src/modules/([^/]+)/" },
      // A module's schemas and constants are public contracts too (the web app reads them): zod and constants only.
      to: { path: "^src/modules/", pathNot: ["^src/modules/$1/", "^src/modules/[^/]+/index\\.ts$", "^src/modules/[^/]+/[^/]+\\.(schemas|constants)\\.ts$"] },
    },
    {
      name: "outside-code-uses-public-faces",
      severity: "error",
      comment: "The app, the entry points, the command-line tools, the seed and the benchmarks use modules through their index.",
      from: { path: "^(src/[^/]+\\.ts|src/cli/|seeds/|bench/)" },
      to: { path: "^src/modules/[^/]+/", pathNot: "^src/modules/[^/]+/index\\.ts$" },
    },
    {
      name: "rules-and-data-know-no-http",
      severity: "error",
      comment:
        "Services, policies, presenters and repositories take plain inputs and return plain results: the request, the response " +
        "and the session belong to the routes (and to platform/http/).",
      from: { path: "^src/modules/[^/]+/[^/]+\\.(service|policy|presenter|repository)\\.ts$" },
      to: { path: ["^src/platform/http/", "^node_modules/(@types/)?express(-session)?/"] },
    },
    {
      name: "production-code-never-imports-tests",
      severity: "error",
      from: { path: "^(src|seeds|migrations)/" },
      to: { path: "^test/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: a module that needs another's types depends on it too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    exclude: { path: "^(dist|web/dist)/" },
  },
};
