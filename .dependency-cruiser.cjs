/**
 * The dependency rules of ARCHITECTURE.md, checked by `npm run lint` (and so by `npm test`) over
 * src/, web/src/, seeds/, bench/ and migrations/: modules meet only through their public face
 * (src/modules/<m>/index.ts), platform/ knows no module, services and repositories know no HTTP,
 * the web app takes only the server's contracts, the server never takes the demo data, and
 * nothing depends on itself in a circle.
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
      comment: "The app, the entry points, the command-line tools, the seed, the scripts and the benchmarks use modules through their index.",
      from: { path: "^(src/[^/]+\\.ts|src/cli/|seeds/|scripts/|bench/)" },
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
      name: "the-server-never-imports-the-demo-data",
      severity: "error",
      comment:
        "seeds/ is development's: its entry points (npm start, npm run seed) pass the demo data to the server, and the production " +
        "build (src/, migrations/) does not carry it.",
      from: { path: "^(src|migrations)/" },
      to: { path: "^seeds/" },
    },
    {
      name: "web-takes-only-the-servers-contracts",
      severity: "error",
      comment:
        "The web app reads the server's zod schemas (as types) and its zod-free constants, nothing else: a service, a repository " +
        "or a platform part would drag the server into the bundle or its type graph. Its calls are typed by web/src/shared/api-types.gen.ts.",
      from: { path: "^web/src/" },
      to: { path: "^src/", pathNot: "\\.(schemas|constants)\\.ts$" },
    },
    {
      name: "web-runs-only-constants",
      severity: "error",
      comment: "A schema file imports zod: the web app imports it for its types only (`import type`), so the bundle never carries zod.",
      from: { path: "^web/src/" },
      to: { path: "^src/.+\\.schemas\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "constants-are-plain",
      severity: "error",
      comment: "A constants file is what the web app runs as the server does: plain values and pure functions, importing only other constants.",
      from: { path: "\\.constants\\.ts$" },
      to: { pathNot: "\\.constants\\.ts$" },
    },
    {
      name: "the-web-never-reaches-server-runtime",
      severity: "error",
      comment:
        "Nothing the web app imports, however indirectly (types included), may lead to Node's own modules (node:crypto, fs...) " +
        "or the server's libraries: they do not exist in a browser, and their types would leak into the web app's.",
      from: { path: "^web/src/" },
      to: {
        reachable: true,
        path: [
          "^(node:)?(assert|buffer|child_process|crypto|dns|events|fs|fs/promises|http|https|net|os|path|stream|tls|url|util|worker_threads|zlib)$",
          "^node_modules/(@types/)?(luxon|knex|pg|ioredis|bullmq|express|express-session|nodemailer|pino|passport[^/]*|@electric-sql)/",
        ],
      },
    },
    {
      name: "production-code-never-imports-tests",
      severity: "error",
      from: { path: "^(src|seeds|migrations|web/src)/" },
      to: { path: "^test/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: a module that needs another's types depends on it too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    exclude: { path: "^(dist|web/dist)/" },
    // The web app's files name the server's by the alias `@server/*`, resolved by tsconfig.json's paths.
  },
};
