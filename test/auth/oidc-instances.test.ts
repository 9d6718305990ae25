import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { TestOpenIdProvider } from "../helpers/oidc-provider.js";
import { resealSettingsSecrets } from "../../src/modules/settings/index.js";
import { createSettingsSecrets } from "../../src/platform/settings-secrets.js";

const ROTATED_SECRET = "a-new-session-secret-after-rotation-0123456789";

/** A company sign-in spans instances (its pending state lives in the shared session) and secret rotations. */
describe("OpenID Connect on two instances and across a SESSION_SECRET rotation", () => {
  let first: TestApp;
  let second: TestApp;
  let idp: TestOpenIdProvider;
  let fixture: TenantFixture;
  let redirectUri: string;

  beforeAll(async () => {
    const kvPrefix = `oidc-${randomUUID().slice(0, 8)}:`;
    first = await createTestApp({ redis: true, kvPrefix });
    second = await createTestApp({ redis: true, kvPrefix });
    redirectUri = `${first.config.baseUrl}/auth/oidc/callback`;
    idp = await TestOpenIdProvider.start({ redirectUri });
    fixture = await createTenantFixture(first.db);
    const owner = await signIn(first, fixture.tenant.slug, "owner");
    await owner.post("/admin/tenant-settings", { auth: { oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } } }).expect(200);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await idp.close();
  });

  it("started on one instance, completed on the other: signed in on both", async () => {
    const email = `two-${randomUUID().slice(0, 8)}@corp.example`;
    const start = await request(first.app).get(`/auth/oidc?tenant=${fixture.tenant.slug}`).expect(302);
    const cookie = ([] as string[])
      .concat(start.headers["set-cookie"] ?? [])
      .map((value) => value.split(";")[0])
      .join("; ");
    const back = await idp.signInAs({ sub: email, email, email_verified: true }).authorize(start.headers.location as string, redirectUri);
    const done = await request(second.app).get(`${back.pathname}${back.search}`).set("cookie", cookie).expect(302);
    const session = ([] as string[])
      .concat(done.headers["set-cookie"] ?? [])
      .map((value) => value.split(";")[0])
      .join("; ");
    expect((await request(first.app).get("/auth/me").set("cookie", session).expect(200)).body.user.email).toBe(email);
    expect((await request(second.app).get("/auth/me").set("cookie", session).expect(200)).body.user.email).toBe(email);
  });

  it("after a rotation the previous secret still opens the stored client secret; a server with neither says an owner must enter it again", async () => {
    const rotated = await createTestApp({ env: { SESSION_SECRET: ROTATED_SECRET, SESSION_SECRET_PREVIOUS: TEST_SESSION_SECRET } });
    const stranger = await createTestApp({ env: { SESSION_SECRET: "an-unrelated-session-secret-0123456789abcdef" } });
    try {
      const agent = request.agent(rotated.app);
      const email = `rotated-${randomUUID().slice(0, 8)}@corp.example`;
      const start = await agent.get(`/auth/oidc?tenant=${fixture.tenant.slug}`).expect(302);
      const back = await idp.signInAs({ sub: email, email, email_verified: true }).authorize(start.headers.location as string, redirectUri);
      await agent.get(`${back.pathname}${back.search}`).expect(302);
      expect((await agent.get("/auth/me").expect(200)).body.user.email).toBe(email);

      const refused = await request(stranger.app).get(`/auth/oidc?tenant=${fixture.tenant.slug}`).expect(502);
      expect(refused.body.error.message).toContain("must enter it again");

      // Sealed again with the new secret (as the server does at start while a previous secret is set), the old one can go.
      const storedSecret = async () =>
        (await first.db("tenant_settings").where({ tenant_id: fixture.tenant.id }).first()).settings.auth.oidc.clientSecret as string;
      const before = await storedSecret();
      const rotation = createSettingsSecrets([ROTATED_SECRET, TEST_SESSION_SECRET]);
      const ours = { tenantIds: [fixture.tenant.id] };
      expect(rotation.isCurrent(before)).toBe(false);
      expect(await resealSettingsSecrets(first.db, rotation, new Date(), ours)).toBe(1);
      const after = await storedSecret();
      expect(after).not.toBe(before);
      expect(rotation.isCurrent(after)).toBe(true);
      expect(await resealSettingsSecrets(first.db, rotation, new Date(), ours)).toBe(0);
      expect(await storedSecret()).toBe(after);
      const retired = await createTestApp({ env: { SESSION_SECRET: ROTATED_SECRET } });
      try {
        await request(retired.app).get(`/auth/oidc?tenant=${fixture.tenant.slug}`).expect(302);
      } finally {
        await retired.close();
      }
    } finally {
      await rotated.close();
      await stranger.close();
    }
  });
});

describe("OpenID Connect in production, on a server with no GitHub or Google sign-in", () => {
  let app: TestApp;
  let fixture: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp({ redis: true, env: { NODE_ENV: "production", FRONTEND_URL: "https://qa.example.test" } });
    fixture = await createTenantFixture(app.db, {
      settings: { auth: { oidc: { issuer: "https://login.corp.example", clientId: "team-qa" }, requireSso: true } },
    });
  });
  afterAll(() => app.close());

  it("starts, and lists the tenant's company sign-in as its only way in", async () => {
    const modes = await request(app.app).get("/auth/modes").set("x-tenant-id", fixture.tenant.slug).expect(200);
    expect(modes.body).toMatchObject({ modes: ["oidc"], demo: { enabled: false }, oauth: { github: false, google: false }, sso: { required: true } });
    expect((await request(app.app).get("/auth/github").set("x-forwarded-proto", "https").expect(404)).body.error.code).toBe("NOT_FOUND");
  });

  it("refuses an issuer that is not https before asking it anything (502 with the reason)", async () => {
    const other = await createTenantFixture(app.db, { settings: { auth: { oidc: { issuer: "http://login.corp.example", clientId: "team-qa" } } } });
    const refused = await request(app.app).get(`/auth/oidc?tenant=${other.tenant.slug}`).set("x-forwarded-proto", "https").expect(502);
    expect(refused.body.error).toMatchObject({ code: "OAUTH_PROVIDER_UNAVAILABLE", message: expect.stringContaining("must be an https address") });
  });
});
