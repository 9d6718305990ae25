import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["test/setup/global-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Test files share one database, each with its own tenants, and run two at a time (2 cores).
    maxWorkers: 2,
    reporters: ["default"],
    projects: [
      {
        extends: true,
        test: { name: "api", include: ["test/**/*.test.ts"], exclude: ["test/browser/**"] },
      },
      {
        // The API suites again on the embedded PGlite, the default start path: every app gets its
        // own in-memory database, migrated and seeded (test/helpers/app.ts). Left out: suites of
        // no database, of PGlite already or of the CLI (its own process), and those that need one
        // database shared by several apps or connections (two instances, fault injection, a
        // session surviving a restart, a second scheduler).
        extends: true,
        test: {
          name: "embedded",
          include: ["test/**/*.test.ts"],
          exclude: [
            "test/browser/**",
            ...["config", "settings-schema", "email-templates", "oauth-profiles", "permissions"].map((name) => `test/${name}.test.ts`),
            ...["embedded", "pulse-embedded", "tenant-cli"].map((name) => `test/${name}.test.ts`),
            ...[
              "faults",
              "instances",
              "email-worker-crash",
              "auth",
              "email-admin",
              "events",
              "pulse-scheduler",
              "pulse-release-instances",
              "events-lifetime",
              "email-answered-settings",
              "email-recipient-limit-instances",
            ].map((name) => `test/${name}.test.ts`),
          ],
          env: { TEST_DATABASE: "embedded" },
        },
      },
      {
        // Real Chromium against the real server with the built web app (test/browser/README in helpers).
        extends: true,
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          globalSetup: ["test/setup/web-build.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
