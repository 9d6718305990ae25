import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { nodeArgsFor } from "../helpers/bundled-entry.js";

const PRODUCTION_BASE = {
  NODE_ENV: "production",
  KVSTORE_URL: "redis://127.0.0.1:6379",
  SESSION_SECRET: "x".repeat(32),
  GITHUB_CLIENT_ID: "id",
  GITHUB_CLIENT_SECRET: "secret",
};

describe("configuration", () => {
  it("development defaults: demo on, in-memory everything, port 3000, SPEC's SMTP defaults", () => {
    const config = loadConfig({});
    expect(config.env).toBe("development");
    expect(config.port).toBe(3000);
    expect(config.auth.demoEnabled).toBe(true);
    expect(config.kv.url).toBeUndefined();
    expect(config.session.secureCookies).toBe(false);
    expect(config.email.workerEnabled).toBe(false);
    expect(config.email.smtp).toMatchObject({ host: "localhost", port: 1025, secure: false });
    expect(config.baseUrl).toBe("http://localhost:3000");
    expect(config.frontendUrl).toBe("http://localhost:3000");
    expect(config.seedDemoData).toBe(true);
  });

  it("production: demo off unless forced, secure cookies, worker on", () => {
    const config = loadConfig(PRODUCTION_BASE);
    expect(config.auth.demoEnabled).toBe(false);
    expect(config.session.secureCookies).toBe(true);
    expect(config.email.workerEnabled).toBe(true);
    expect(config.seedDemoData).toBe(false);
    expect(loadConfig({ ...PRODUCTION_BASE, AUTH_MODE_DEMO: "true" }).auth.demoEnabled).toBe(true);
  });

  it.each([
    [{ KVSTORE_URL: undefined }, /KVSTORE_URL is required in production/],
    [{ SESSION_SECRET: undefined }, /SESSION_SECRET of at least 32 characters/],
    [{ SESSION_SECRET: "short-secret" }, /SESSION_SECRET of at least 32 characters/],
  ])("production refuses to start without a requirement (%o)", (override, message) => {
    expect(() => loadConfig({ ...PRODUCTION_BASE, ...override })).toThrow(message);
  });

  it("production accepts forced demo mode as its only sign-in mode", () => {
    expect(() => loadConfig({ ...PRODUCTION_BASE, GITHUB_CLIENT_ID: undefined, AUTH_MODE_DEMO: "true" })).not.toThrow();
  });

  it("production starts with no server-wide sign-in: each tenant may sign in with its own OpenID Connect or SAML provider (CONTRACT §10)", () => {
    const config = loadConfig({ ...PRODUCTION_BASE, GITHUB_CLIENT_ID: undefined, GITHUB_CLIENT_SECRET: undefined });
    expect(config.auth).toMatchObject({ demoEnabled: false, github: null, google: null });
  });

  it("OAuth providers are enabled by id and secret, with CONTRACT names or SPEC's provider_a/provider_b names", () => {
    expect(loadConfig({ GITHUB_CLIENT_ID: "a" }).auth.github).toBeNull();
    const github = loadConfig({ GITHUB_CLIENT_ID: "a", GITHUB_CLIENT_SECRET: "b" }).auth.github;
    expect(github).toMatchObject({ clientId: "a", callbackUrl: "http://localhost:3000/auth/github/callback" });
    const google = loadConfig({
      PROVIDER_B_CLIENT_ID: "g",
      PROVIDER_B_CLIENT_SECRET: "s",
      PROVIDER_B_CALLBACK_URL: "https://qa.example.com/auth/google/callback",
    }).auth.google;
    expect(google).toMatchObject({ clientId: "g", callbackUrl: "https://qa.example.com/auth/google/callback" });
  });

  it("a malformed value is one readable line naming the setting", () => {
    try {
      loadConfig({ PORT: "eighty" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^Invalid configuration: PORT: /);
      expect((error as Error).message).not.toContain("\n");
    }
    expect(() => loadConfig({ EMAIL_PROVIDER: "pigeon" })).toThrow(/EMAIL_PROVIDER/);
    expect(() => loadConfig({ AUTH_MODE_DEMO: "maybe" })).toThrow(/AUTH_MODE_DEMO/);
  });

  it("the server process exits 1 with one clear line when production settings are missing", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const result = spawnSync(process.execPath, await nodeArgsFor("src/main.ts"), {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), AUTH_MODE_DEMO: "true" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe("KVSTORE_URL is required in production (sessions, rate limiting and the email queue need Redis).");
  });

  it("workers: one by default; several only with Redis and a PostgreSQL server, and not with the Vite dev server", () => {
    expect(loadConfig({}).workers).toBe(1);
    const shared = { KVSTORE_URL: "redis://127.0.0.1:6379", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/qa" };
    expect(loadConfig({ ...shared, WEB_CONCURRENCY: "2" }).workers).toBe(2);
    expect(() => loadConfig({ DATABASE_URL: shared.DATABASE_URL, WEB_CONCURRENCY: "2" })).toThrow(
      "WEB_CONCURRENCY=2 needs KVSTORE_URL: sessions, live events and rate limits are shared between worker processes through Redis.",
    );
    expect(() => loadConfig({ KVSTORE_URL: shared.KVSTORE_URL, WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY=2 needs DATABASE_URL/);
    expect(() => loadConfig({ ...shared, WEB_CONCURRENCY: "2", WEB_DEV_SERVER: "true" })).toThrow(/cannot run with WEB_DEV_SERVER/);
    expect(() => loadConfig({ ...shared, WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ ...shared, WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("load shedding: bounded by default, each limit adjustable, 0 turns one off", () => {
    expect(loadConfig({}).overload).toEqual({ maxInFlight: 128, maxQueue: 1024, maxWaitMs: 500, maxEventLoopDelayMs: 0, retryAfterSeconds: 1 });
    expect(loadConfig({ OVERLOAD_MAX_IN_FLIGHT: "0", OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "200" }).overload).toMatchObject({
      maxInFlight: 0,
      maxEventLoopDelayMs: 200,
    });
    expect(() => loadConfig({ OVERLOAD_RETRY_AFTER_SECONDS: "0" })).toThrow(/OVERLOAD_RETRY_AFTER_SECONDS/);
  });

  it("the server process refuses several workers without Redis: one clear line, exit 1, no worker started", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const result = spawnSync(process.execPath, await nodeArgsFor("src/main.ts"), {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: "development", WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/none" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      "WEB_CONCURRENCY=4 needs KVSTORE_URL: sessions, live events and rate limits are shared between worker processes through Redis.",
    );
    expect(result.stdout).toBe("");
  });
});
