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
