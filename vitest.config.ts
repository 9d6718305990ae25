import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/setup/global-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Test files share one database, each with its own tenants, and run two at a time (2 cores).
    maxWorkers: 2,
    reporters: ["default"],
  },
});
