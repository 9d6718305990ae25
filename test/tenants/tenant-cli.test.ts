import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import request from "supertest";
import { createTestApp, signIn, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import { TestOpenIdProvider } from "../helpers/oidc-provider.js";
import { uniqueSlug } from "../helpers/factories.js";
import { provisionTenant } from "../../src/modules/provisioning/provisioning.service.js";
import { nodeArgsFor } from "../helpers/bundled-entry.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The CLI bundled once for this file (bundled-entry.ts): each command then starts in about a second. */
let cliBundle = "";

function cli(...args: string[]) {
  return cliWith({}, ...args);
}

function cliWith(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, [cliBundle, ...args], {
    cwd: ROOT,
    // The server's SESSION_SECRET, so the server can open the client secret the command seals.
    env: { PATH: process.env.PATH, DATABASE_URL: inject("databaseUrl"), SESSION_SECRET: TEST_SESSION_SECRET, ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("tenant CLI", () => {
  let app: TestApp;
  beforeAll(async () => {
    [cliBundle] = (await nodeArgsFor("src/cli/tenant.ts")) as [string];
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("creates a tenant with settings, default tags, a team, a pulse schedule and its owner", async () => {
    const slug = uniqueSlug("cli");
    const result = cli("create", slug, "CLI Corp", "--owner", "Boss@CLI.example", "--team", "Engineering", "--team", "Sales");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.tenant).toMatchObject({ slug, name: "CLI Corp" });
    expect(output.teams.map((team: { slug: string }) => team.slug)).toEqual(["engineering", "sales"]);

    const tenantId = output.tenant.id;
    const owner = await app.db("users").where({ tenant_id: tenantId }).first();
    expect(owner).toMatchObject({ email: "boss@cli.example", role: "owner", sso_id: null, primary_team_id: output.teams[0].id });
    expect(await app.db("tags").where({ tenant_id: tenantId })).toHaveLength(6);
    expect(await app.db("pulse_schedules").where({ tenant_id: tenantId }).first()).toMatchObject({ timezone: "UTC", num_cohorts: 5 });
    // The pulse starts off; enabling it in the settings is all it takes to start automatic sends (CONTRACT §8).
    expect((await app.db("tenant_settings").where({ tenant_id: tenantId }).first()).settings.pulse).toMatchObject({
      enabled: false,
      defaultCadence: "weekly",
      defaultTime: "09:00",
      rotatingCohorts: true,
    });

    expect(cli("list").stdout).toContain(`${slug}\tCLI Corp\t${tenantId}`);
    // A real organisation starts closed to strangers with GitHub or Google accounts.
    expect(output).toMatchObject({ signup: "invite", allowedEmailDomains: [] });
    expect((await app.db("tenant_settings").where({ tenant_id: tenantId }).first()).settings.users).toMatchObject({
      signup: "invite",
      allowedEmailDomains: [],
    });
  });

  it("--allow-domain opens sign-up to those domains; a malformed one is refused with one line", async () => {
    const slug = uniqueSlug("cli");
    const result = cli("create", slug, "Open Corp", "--owner", "boss@open.example", "--allow-domain", "Open.Example", "--allow-domain", "partner.example");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ signup: "domains", allowedEmailDomains: ["open.example", "partner.example"] });
    const bad = cli("create", uniqueSlug("cli"), "Bad Corp", "--owner", "boss@bad.example", "--allow-domain", "@bad.example");
    expect(bad.status).not.toBe(0);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).toMatch(/users\.allowedEmailDomains\.0: must be a domain such as example\.com/);
  });

  it("refuses a duplicate slug, a bad slug and a missing owner with one line", () => {
    const slug = uniqueSlug("cli");
    expect(cli("create", slug, "First", "--owner", "a@b.example").status).toBe(0);
    const duplicate = cli("create", slug, "Second", "--owner", "a@b.example");
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr.trim()).toBe(`Tenant '${slug}' already exists.`);
    const bad = cli("create", "Not A Slug!", "X", "--owner", "a@b.example");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/Tenant slug must be/);
    const noOwner = cli("create", uniqueSlug("cli"), "X");
    expect(noOwner.status).toBe(1);
    expect(noOwner.stderr).toMatch(/--owner <email> is required/);
  });

  /** A visitor of `slug` (no session) asks, reads the board, its teams and tags: the status of each. */
  async function visitorStatuses(slug: string, teamId: string): Promise<Record<string, number>> {
    const visitor = (await import("supertest")).default(app.app);
    const body = { body: "Who decides which teams move to the new office first?", teamId };
    return {
      "POST /questions": (await visitor.post("/questions").set("x-tenant-id", slug).send(body)).status,
      "GET /questions": (await visitor.get("/questions").set("x-tenant-id", slug)).status,
      "GET /teams": (await visitor.get("/teams").set("x-tenant-id", slug)).status,
      "GET /tags": (await visitor.get("/tags").set("x-tenant-id", slug)).status,
    };
  }
  const CLOSED = { "POST /questions": 401, "GET /questions": 401, "GET /teams": 401, "GET /tags": 401 };

  it("a tenant created by the CLI is closed to visitors, with invite or domain sign-up: 401 to ask or read; signed-in people read", async () => {
    for (const extra of [[], ["--allow-domain", "closed.example"]]) {
      const slug = uniqueSlug("cli");
      const result = cli("create", slug, "Closed", "--owner", "o@closed.example", ...extra);
      expect(result.status).toBe(0);
      const output = JSON.parse(result.stdout);
      const teamId = output.teams[0].id;
      expect(await visitorStatuses(slug, teamId), slug).toEqual(CLOSED);
      expect(output).toMatchObject({ signup: extra.length ? "domains" : "invite", allowAnonymousQuestions: false });
      expect(await app.db("questions").where({ tenant_id: output.tenant.id })).toEqual([]);
      // The public tenant description tells the web app to send visitors to sign in.
      const described = await (await import("supertest")).default(app.app).get("/tenant").set("x-tenant-id", slug).expect(200);
      expect(described.body.settings.features.allowAnonymousQuestions).toBe(false);
      // Members (here a demo account the test adds) read and ask as usual.
      await app
        .db("users")
        .insert({ tenant_id: output.tenant.id, email: `m@${slug}.example`, name: "M", role: "member", sso_provider: "demo", sso_id: "member" });
      const member = await signIn(app, slug, "member");
      expect((await member.get("/teams").expect(200)).body.map((team: { slug: string }) => team.slug)).toEqual(["general"]);
      await member.post("/questions", { body: "Who decides which teams move to the new office first?", teamId }).expect(201);
    }
    await expect(signIn(app, uniqueSlug("none"), "owner")).rejects.toThrow(/404/);
  });

  it("the seeded demo tenants keep visitors (SPEC's default); an explicit choice at provisioning is kept", async () => {
    const visitor = (await import("supertest")).default(app.app);
    for (const slug of ["default", "acme"]) {
      const teams = await visitor.get("/teams").set("x-tenant-id", slug).expect(200);
      await visitor.get("/questions").set("x-tenant-id", slug).expect(200);
      await visitor.get("/tags").set("x-tenant-id", slug).expect(200);
      expect(teams.body.length).toBeGreaterThan(0);
      expect((await visitor.get("/tenant").set("x-tenant-id", slug).expect(200)).body.settings.features.allowAnonymousQuestions, slug).toBe(true);
    }
    const kept = await provisionTenant(app.db, {
      slug: uniqueSlug("kept"),
      name: "Invite but open to visitors",
      settings: { users: { signup: "invite" }, features: { allowAnonymousQuestions: true } },
    });
    expect(kept.settings.features.allowAnonymousQuestions).toBe(true);
    expect((await visitorStatuses(kept.tenant.slug, kept.teams[0]!.id))["POST /questions"]).toBe(201);
    const open = await provisionTenant(app.db, { slug: uniqueSlug("open"), name: "Open sign-up", settings: { users: { signup: "open" } } });
    expect(open.settings.features.allowAnonymousQuestions).toBe(true);
  });

  it("sso sets the organisation's OpenID Connect provider (secret from the environment, sealed) and requires it; its owner signs in with it", async () => {
    const slug = uniqueSlug("cli");
    expect(cli("create", slug, "SSO Corp", "--owner", "boss@sso.example").status).toBe(0);
    const redirectUri = `${app.config.baseUrl}/auth/oidc/callback`;
    const idp = await TestOpenIdProvider.start({ redirectUri });
    try {
      const result = cliWith(
        { OIDC_CLIENT_SECRET: idp.clientSecret },
        "sso",
        slug,
        "--oidc-issuer",
        idp.issuer,
        "--oidc-client-id",
        idp.clientId,
        "--label",
        "Sign in with SSO Corp",
        "--require-sso",
      );
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      expect(result.stdout).not.toContain(idp.clientSecret);
      expect(JSON.parse(result.stdout).auth).toEqual({
        requireSso: true,
        oidc: {
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecretSet: true,
          scopes: ["openid", "email", "profile"],
          buttonLabel: "Sign in with SSO Corp",
        },
        saml: null,
      });
      const agent = request.agent(app.app);
      const start = await agent.get(`/auth/oidc?tenant=${slug}`).expect(302);
      const back = await idp
        .signInAs({ sub: "boss", email: "boss@sso.example", email_verified: true })
        .authorize(start.headers.location as string, redirectUri);
      await agent.get(`${back.pathname}${back.search}`).expect(302);
      expect((await agent.get("/auth/me").expect(200)).body.user).toMatchObject({ email: "boss@sso.example", role: "owner" });

      const refused = cli("sso", slug, "--remove-oidc");
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("auth.requireSso");
      expect(cli("sso", "no-such-organisation", "--require-sso").stderr).toContain("No organisation is named");
    } finally {
      await idp.close();
    }
  });
});
