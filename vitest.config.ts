import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The web app's alias for the server's contract files, for tests that import web code (theme contrast).
  resolve: { alias: { "@server": fileURLToPath(new URL("src", import.meta.url)) } },
  test: {
    globalSetup: ["test/setup/global-setup.ts"],
    // Every response a test app gives is checked against /openapi.json (test/helpers/openapi-recorder.ts).
    setupFiles: ["test/setup/openapi-contract.ts"],
    pool: "forks",
    // Test files of a worker share its process and module cache: no file changes process-wide
    // state (environment, mocks, timers), and each makes its own tenants and apps. Importing the
    // app once per worker instead of once per file saves most of the run's time.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Test files share one database, each with its own tenants, and run two at a time (2 cores).
    maxWorkers: 2,
    reporters: ["default"],
    projects: [
      {
        extends: true,
        // openapi-coverage: a full run fails when an operation of /openapi.json was never exercised.
        test: { name: "api", include: ["test/**/*.test.ts"], exclude: ["test/browser/**"], globalSetup: ["test/setup/openapi-coverage.ts"] },
      },
      {
        // The API suites again on the embedded PGlite, the default start path: each worker gets an
        // in-memory copy of one database migrated and seeded per run
        // (test/setup/embedded-snapshot.ts). Left out, as they would only repeat the api run: suites
        // whose subject reads no database, those on PGlite already or on processes of their own (the
        // CLI, the server on PostgreSQL), and those that need one database shared by several apps or
        // connections (two instances, fault injection, a session surviving a restart, a second
        // scheduler).
        extends: true,
        test: {
          name: "embedded",
          include: ["test/**/*.test.ts"],
          exclude: [
            "test/browser/**",
            ...[
              // No database: configuration, schemas, templates, profile mapping, the permission matrix,
              // text rules, the OpenAPI document, and what the HTTP server and the rate limiter (Redis
              // or memory) decide before a route reads anything.
              ...[
                "platform/config",
                "settings/settings-schema",
                "email/email-templates",
                "auth/oauth-profiles",
                "platform/permissions",
                "platform/theme-contrast",
                "platform/rolling-restart-drain",
                "platform/read-cache",
                "events/sse-hub",
                "platform/text",
                "questions/content-check-links",
                "platform/openapi-document",
                "platform/server-timeouts",
                "platform/rate-limits",
                "platform/web-retry",
              ],
              // One document whatever the database: the web app's types are checked against it once, in `api`.
              "platform/web-api-types",
              // Long walks whose subject is above the database: what a route accepts (the fuzzer), who may
              // call each route (the permission matrix), what every read shows of an anonymous author
              // (each route's own suite runs its queries on PGlite), and the Slack and Teams paths (the
              // pulse answers they store are walked on PGlite by pulse-anonymity, the posts by
              // channels-admin). Each takes tens of seconds; on PGlite it would repeat the same
              // decisions over the same SQL.
              ...[
                "platform/fuzz",
                "platform/admin-permissions",
                "questions/anonymous-authors",
                "integrations/slack-anonymity",
                "integrations/slack-pulse-delivery",
                "channels/channels-posting",
              ],
              // Protocols and transports, whose subject is what crosses the wire rather than what is
              // stored: the sign-in protocols' attacks and production rules (what a sign-in stores is
              // walked on PGlite by the oidc, saml and session suites, which stay), load shedding, the
              // live-event fan-out and its documented shapes, outgoing webhooks' and e-mail's failures,
              // and Slack's requests (slack-settings and channels-admin keep their rows on PGlite).
              ...[
                "platform/overload",
                "auth/oauth-failures",
                "auth/oauth-production",
                "auth/saml-attacks",
                "auth/saml-production",
                "auth/oidc-attacks",
                "events/live-fanout",
                "events/live-event-contract",
                "webhooks/webhooks-delivery",
                "email/email-failures",
                "email/email-hosted-api",
                "integrations/slack-answered",
                "integrations/slack-interactions",
              ],
              // PGlite already, or processes of their own (the CLI, the server).
              ...[
                "platform/embedded",
                "pulse/pulse-embedded",
                "pulse/pulse-library",
                "tenants/tenant-cli",
                "platform/listen",
                "email/email-main",
                "platform/start-paths",
                "platform/workers",
                "webhooks/webhooks-worker-process",
              ],
              // One database shared by several apps or connections.
              ...[
                "platform/faults",
                "platform/rolling-restart",
                "platform/instances",
                "email/email-worker-crash",
                "auth/auth",
                "email/email-admin",
                "events/events",
                "pulse/pulse-scheduler",
                "pulse/pulse-release-instances",
                "events/events-lifetime",
                "email/email-answered-settings",
                "email/email-recipient-limit-instances",
                "platform/shared-reads",
                "polls/poll-instances",
                "auth/oidc-instances",
              ],
            ].map((name) => `test/${name}.test.ts`),
          ],
          globalSetup: ["test/setup/embedded-snapshot.ts"],
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
