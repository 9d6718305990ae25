import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { HttpsBrowser } from "../helpers/https-browser.js";
import { authnRequestOf, serviceProviderOf, TestSamlIdp } from "../helpers/saml-idp.js";

const FRONTEND = "https://qa.example.test";

describe("SAML sign-in in production (behind the TLS proxy, Redis sessions, the login limit on)", () => {
  let app: TestApp;
  let idp: TestSamlIdp;
  let fixture: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp({ redis: true, env: { NODE_ENV: "production", SESSION_SECRET: TEST_SESSION_SECRET, FRONTEND_URL: FRONTEND } });
    idp = new TestSamlIdp();
    fixture = await createTenantFixture(app.db, { settings: { auth: { requireSso: true, saml: idp.settings() } } });
  });
  afterAll(async () => {
    await app.close();
  });

  async function start(browser: HttpsBrowser, fixtureOf = fixture): Promise<string> {
    const response = await browser.get(`/auth/saml?tenant=${fixtureOf.tenant.slug}`).expect(302);
    return authnRequestOf(response.headers.location as string).id;
  }

  function answer(requestId: string, nameId: string, fixtureOf = fixture, sign: "assertion" | "none" = "assertion"): string {
    const sp = serviceProviderOf(app.config.baseUrl, fixtureOf.tenant.slug);
    return idp.response({ inResponseTo: requestId, acsUrl: sp.acsUrl, audience: sp.entityId, nameId, sign });
  }

  it("the ACS begins a Secure, HttpOnly, SameSite=Lax session (stored in Redis) and redirects to the web app", async () => {
    const browser = new HttpsBrowser(app.app);
    const requestId = await start(browser);
    const callback = await browser
      .post("/auth/saml/callback")
      .type("form")
      .send({ SAMLResponse: answer(requestId, fixture.users.admin.email) })
      .expect(302);
    expect(callback.headers.location).toBe(`${FRONTEND}/`);
    const cookie = ([] as string[]).concat(callback.headers["set-cookie"] ?? []).find((value) => value.startsWith("qa.sid=")) as string;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect((await browser.get("/auth/me").expect(200)).body.user.id).toBe(fixture.users.admin.id);
  });

  it("two instances' worth of concurrent posts of one answer: exactly one signs in", async () => {
    const browsers = [new HttpsBrowser(app.app), new HttpsBrowser(app.app), new HttpsBrowser(app.app)];
    const samlResponse = answer(await start(browsers[0] as HttpsBrowser), fixture.users.moderator.email);
    const statuses = await Promise.all(browsers.map((browser) => browser.post("/auth/saml/callback").type("form").send({ SAMLResponse: samlResponse })));
    expect(statuses.map((response) => response.status).sort()).toEqual([302, 403, 403]);
  });

  it("the start and the callback count as sign-in attempts against the tenant of the request answered: the 6th in 5 minutes is 429", async () => {
    const tenant = await createTenantFixture(app.db, { settings: { auth: { saml: idp.settings() } } });
    const browser = new HttpsBrowser(app.app);
    const first = await start(browser, tenant);
    const second = await start(browser, tenant);
    const statuses: number[] = [];
    statuses.push(
      (
        await browser
          .post("/auth/saml/callback")
          .type("form")
          .send({ SAMLResponse: answer(first, "nobody", tenant, "none") })
      ).status,
    );
    statuses.push(
      (
        await browser
          .post("/auth/saml/callback")
          .type("form")
          .send({ SAMLResponse: answer(second, tenant.users.owner.email, tenant) })
      ).status,
    );
    statuses.push((await browser.get(`/auth/saml?tenant=${tenant.tenant.slug}`)).status);
    expect(statuses).toEqual([401, 302, 302]);
    // The metadata is no sign-in attempt.
    await browser.get(`/auth/saml/metadata?tenant=${tenant.tenant.slug}`).expect(200);
    const limited = await browser.get(`/auth/saml?tenant=${tenant.tenant.slug}`).expect(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    await browser
      .post("/auth/saml/callback")
      .type("form")
      .send({ SAMLResponse: answer(second, tenant.users.owner.email, tenant) })
      .expect(429);
    // Another tenant's limit is its own.
    await start(browser, fixture);
  });
});
