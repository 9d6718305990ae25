import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { authnRequestOf, PERSISTENT_FORMAT, serviceProviderOf, TestSamlIdp, type ResponseOptions } from "../helpers/saml-idp.js";

const FRONTEND = "https://qa.example.test";

type Agent = ReturnType<typeof request.agent>;

describe("SAML sign-in (CONTRACT §10)", () => {
  let app: TestApp;
  let idp: TestSamlIdp;
  let fixture: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp({ env: { FRONTEND_URL: FRONTEND } });
    idp = new TestSamlIdp();
    fixture = await createTenantFixture(app.db, { settings: { auth: { saml: idp.settings() } } });
  });
  afterAll(async () => {
    await app.close();
  });

  async function start(agent: Agent, slug: string, query = ""): Promise<string> {
    const response = await agent.get(`/auth/saml?tenant=${slug}${query}`).expect(302);
    return authnRequestOf(response.headers.location as string).id;
  }

  function answer(requestId: string, slug: string, options: Partial<ResponseOptions> & { nameId: string }, by = idp): string {
    return by.response({
      inResponseTo: requestId,
      ...serviceProviderOf(app.config.baseUrl, slug),
      audience: serviceProviderOf(app.config.baseUrl, slug).entityId,
      ...options,
    });
  }

  const post = (agent: Agent, samlResponse: string) => agent.post("/auth/saml/callback").type("form").send({ SAMLResponse: samlResponse });

  describe("GET /auth/saml", () => {
    it("redirects to the identity provider with a deflated AuthnRequest naming our entity ID and ACS (HTTP-Redirect binding)", async () => {
      const response = await request(app.app).get(`/auth/saml?tenant=${fixture.tenant.slug}`).expect(302);
      expect(response.headers["cache-control"]).toBe("no-store");
      const { id, xml, url } = authnRequestOf(response.headers.location as string);
      expect(`${url.origin}${url.pathname}`).toBe(idp.ssoUrl);
      expect(id).toMatch(/^_[0-9a-f]{40}$/);
      const sp = serviceProviderOf(app.config.baseUrl, fixture.tenant.slug);
      expect(xml).toContain(`AssertionConsumerServiceURL="${sp.acsUrl}"`);
      expect(xml).toContain(`ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"`);
      expect(xml).toContain(`>${sp.entityId.replace(/&/g, "&amp;")}</saml:Issuer>`);
      expect(xml).not.toContain("RequestedAuthnContext");
      const row = await app.db("saml_requests").where({ request_id: id }).first();
      expect(row).toMatchObject({ tenant_id: fixture.tenant.id, return_to: null, test_by: null });
      const lifetime = new Date(row.expires_at).getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(9 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
    });

    it("every start is a new request ID", async () => {
      const ids = await Promise.all([1, 2, 3].map(() => start(request.agent(app.app), fixture.tenant.slug)));
      expect(new Set(ids).size).toBe(3);
    });

    it("a tenant without SAML is 404 NOT_FOUND, and an unknown tenant 404 TENANT_NOT_FOUND", async () => {
      const plain = await createTenantFixture(app.db);
      expect((await request(app.app).get(`/auth/saml?tenant=${plain.tenant.slug}`).expect(404)).body.error.code).toBe("NOT_FOUND");
      expect((await request(app.app).get("/auth/saml?tenant=no-such-tenant").expect(404)).body.error.code).toBe("TENANT_NOT_FOUND");
      const page = await request(app.app).get(`/auth/saml?tenant=${plain.tenant.slug}`).set("Accept", "text/html").expect(404);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.text).toContain("company sign-in with SAML");
    });

    it("keeps the query of an entry point that has one (Google Workspace's idpid)", async () => {
      const google = await createTenantFixture(app.db, {
        settings: { auth: { saml: { ...idp.settings(), entryPoint: "https://accounts.google.test/o/saml2/idp?idpid=C0abc123" } } },
      });
      const location = new URL((await request(app.app).get(`/auth/saml?tenant=${google.tenant.slug}`).expect(302)).headers.location as string);
      expect(location.searchParams.get("idpid")).toBe("C0abc123");
      expect(authnRequestOf(location.toString()).id).toMatch(/^_[0-9a-f]{40}$/);
    });

    it("returnTo must be a path on this site", async () => {
      const response = await request(app.app).get(`/auth/saml?tenant=${fixture.tenant.slug}&returnTo=//evil.example`).expect(400);
      expect(response.body.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "query.returnTo" }] });
    });
  });

  describe("POST /auth/saml/callback", () => {
    it("signs a new person in (created under the sign-up policy, audited user.login with provider saml) and lands on returnTo", async () => {
      const agent = request.agent(app.app);
      const requestId = await start(agent, fixture.tenant.slug, "&returnTo=%2Falpha%3Fquestion%3D1");
      const email = `new.person.${fixture.tenant.slug}@example.com`;
      const response = await post(
        agent,
        answer(requestId, fixture.tenant.slug, {
          nameId: "00u1abcd",
          nameIdFormat: PERSISTENT_FORMAT,
          attributes: {
            email,
            "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname": "Ada",
            "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname": "Lovelace",
          },
        }),
      ).expect(302);
      expect(response.headers.location).toBe(`${FRONTEND}/alpha?question=1`);
      const me = (await agent.get("/auth/me").expect(200)).body;
      expect(me.user).toMatchObject({ email, name: "Ada Lovelace", role: "member", tenantId: fixture.tenant.id });
      expect(me.tenantSlug).toBe(fixture.tenant.slug);
      const user = await app.db("users").where({ id: me.user.id }).first();
      expect(user).toMatchObject({ sso_provider: "saml", sso_id: `${idp.entityId}|00u1abcd` });
      const logins = await auditActions(app.db, fixture.tenant.id, "user.login");
      expect(logins.find((row) => row.entity_id === me.user.id)?.metadata).toMatchObject({ provider: "saml", account: "created" });
      expect(await app.db("saml_requests").where({ request_id: requestId }).first()).toBeUndefined();
    });

    it("links an existing account by its address at the first SAML sign-in (the NameID is the address), then finds it by its subject", async () => {
      const member = fixture.users.member;
      const agent = request.agent(app.app);
      await post(agent, answer(await start(agent, fixture.tenant.slug), fixture.tenant.slug, { nameId: member.email })).expect(302);
      expect((await agent.get("/auth/me").expect(200)).body.user.id).toBe(member.id);
      expect(await app.db("users").where({ id: member.id }).first()).toMatchObject({ sso_provider: "saml", sso_id: `${idp.entityId}|${member.email}` });

      const again = request.agent(app.app);
      await post(again, answer(await start(again, fixture.tenant.slug), fixture.tenant.slug, { nameId: member.email })).expect(302);
      expect((await again.get("/auth/me").expect(200)).body.user.id).toBe(member.id);
      const logins = (await auditActions(app.db, fixture.tenant.id, "user.login")).filter((row) => row.entity_id === member.id);
      expect(logins.map((row) => row.metadata.account)).toEqual(["linked", "existing"]);
    });

    it("takes the address from the usual attributes (mail, the claim URIs, the OID) and the name from displayName", async () => {
      const cases: Array<Record<string, string>> = [
        { mail: "mail.attr" },
        { "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress": "claim.attr" },
        { "urn:oid:0.9.2342.19200300.100.1.3": "oid.attr" },
      ];
      for (const [index, attributes] of cases.entries()) {
        const [name, local] = Object.entries(attributes)[0] as [string, string];
        const email = `${local}.${fixture.tenant.slug}@example.com`;
        const agent = request.agent(app.app);
        await post(
          agent,
          answer(await start(agent, fixture.tenant.slug), fixture.tenant.slug, {
            nameId: `subject-${index}`,
            nameIdFormat: PERSISTENT_FORMAT,
            attributes: { [name]: email, "http://schemas.microsoft.com/identity/claims/displayname": `Person ${index}` },
          }),
        ).expect(302);
        expect((await agent.get("/auth/me").expect(200)).body.user).toMatchObject({ email, name: `Person ${index}` });
      }
    });

    it("prefers the email attribute to a NameID that only looks like an address, and the given and family names to the name claim (Entra ID's user principal name)", async () => {
      const agent = request.agent(app.app);
      const mailbox = `ada.mailbox.${fixture.tenant.slug}@example.com`;
      await post(
        agent,
        answer(await start(agent, fixture.tenant.slug), fixture.tenant.slug, {
          nameId: `ada@${fixture.tenant.slug}.onmicrosoft.test`,
          // Entra ID's default claims.
          attributes: {
            "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress": mailbox,
            "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name": `ada@${fixture.tenant.slug}.onmicrosoft.test`,
            "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname": "Ada",
            "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname": "King",
          },
        }),
      ).expect(302);
      expect((await agent.get("/auth/me").expect(200)).body.user).toMatchObject({ email: mailbox, name: "Ada King" });
    });

    it("an answer without any address is 403 EMAIL_REQUIRED and creates nobody", async () => {
      const agent = request.agent(app.app);
      const response = await post(
        agent,
        answer(await start(agent, fixture.tenant.slug), fixture.tenant.slug, { nameId: "no-address", nameIdFormat: PERSISTENT_FORMAT }),
      ).expect(403);
      expect(response.body.error.code).toBe("EMAIL_REQUIRED");
      await agent.get("/auth/me").expect(401);
      expect(await app.db("users").where({ tenant_id: fixture.tenant.id, sso_id: `${idp.entityId}|no-address` })).toHaveLength(0);
    });

    it("a deactivated user is refused 403 ACCOUNT_DEACTIVATED", async () => {
      const viewer = fixture.users.viewer;
      await app.db("users").where({ id: viewer.id }).update({ deactivated_at: new Date() });
      const agent = request.agent(app.app);
      const response = await post(agent, answer(await start(agent, fixture.tenant.slug), fixture.tenant.slug, { nameId: viewer.email })).expect(403);
      expect(response.body.error.code).toBe("ACCOUNT_DEACTIVATED");
      await agent.get("/auth/me").expect(401);
    });

    it("the sign-up policy applies: a new person of a tenant that signs up by invitation is refused 403 SIGNUP_NOT_ALLOWED, and shown a page in a browser", async () => {
      const closed = await createTenantFixture(app.db, { settings: { users: { signup: "invite" }, auth: { saml: idp.settings() } } });
      const agent = request.agent(app.app);
      const email = `stranger.${closed.tenant.slug}@example.com`;
      const page = await agent
        .post("/auth/saml/callback")
        .set("Accept", "text/html")
        .type("form")
        .send({ SAMLResponse: answer(await start(agent, closed.tenant.slug), closed.tenant.slug, { nameId: email }) })
        .expect(403);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.text).toContain("SIGNUP_NOT_ALLOWED");
      await agent.get("/auth/me").expect(401);
      expect(await app.db("users").where({ tenant_id: closed.tenant.id, email })).toHaveLength(0);
    });

    it("a tenant requiring company sign-in refuses demo sign-in (403 SSO_REQUIRED) and signs in with SAML", async () => {
      const strict = await createTenantFixture(app.db, { settings: { auth: { requireSso: true, saml: idp.settings() } } });
      const demo = await request(app.app).get(`/auth/demo?user=admin&tenant=${strict.tenant.slug}`).expect(403);
      expect(demo.body.error.code).toBe("SSO_REQUIRED");
      const modes = (await request(app.app).get(`/auth/modes`).set("x-tenant-id", strict.tenant.slug).expect(200)).body;
      expect(modes.sso.saml).toEqual({ label: "Sign in with your company account", url: `/auth/saml?tenant=${strict.tenant.slug}` });
      const agent = request.agent(app.app);
      await post(agent, answer(await start(agent, strict.tenant.slug), strict.tenant.slug, { nameId: strict.users.admin.email })).expect(302);
      expect((await agent.get("/auth/me").expect(200)).body.user.id).toBe(strict.users.admin.id);
    });

    it("a signed-in browser posting the answer (an identity provider on the same site) needs no CSRF token and switches to the new session", async () => {
      const other = await createTenantFixture(app.db, { settings: { auth: { saml: idp.settings() } } });
      const { agent } = await signIn(app, fixture.tenant.slug, "owner");
      // Exactly this method and path skip the check: another spelling Express might route there does not.
      for (const path of ["/auth/saml/callback/", "/auth/SAML/callback"]) {
        expect((await agent.post(path).type("form").send({ SAMLResponse: "x" }).expect(403)).body.error.code).toBe("CSRF_INVALID");
      }
      const requestId = await start(agent, other.tenant.slug);
      await post(agent, answer(requestId, other.tenant.slug, { nameId: other.users.moderator.email })).expect(302);
      expect((await agent.get("/auth/me").expect(200)).body.user.id).toBe(other.users.moderator.id);
    });
  });

  describe("an administrator's test sign-in (test=true)", () => {
    it("shows an admin what the provider sent and who it would sign in, and changes nothing", async () => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      const response = await admin.get(`/auth/saml?tenant=${fixture.tenant.slug}&test=true`).expect(302);
      const { id } = authnRequestOf(response.headers.location as string);
      expect(await app.db("saml_requests").where({ request_id: id }).first()).toMatchObject({ test_by: fixture.users.admin.id });
      const email = `tested.${fixture.tenant.slug}@example.com`;
      const report = await admin.agent
        .post("/auth/saml/callback")
        .type("form")
        .send({ SAMLResponse: answer(id, fixture.tenant.slug, { nameId: email, attributes: { displayName: "Tess Ted", department: "<b>R&D</b>" } }) })
        .expect(200);
      expect(report.headers["content-type"]).toMatch(/^text\/html/);
      expect(report.text).toContain("Test sign-in succeeded");
      expect(report.text).toContain(email);
      expect(report.text).toContain("Tess Ted");
      expect(report.text).toContain("&lt;b&gt;R&amp;D&lt;/b&gt;");
      expect(report.text).toContain("a new account would be created");
      expect((await admin.get("/auth/me").expect(200)).body.user.id).toBe(fixture.users.admin.id);
      expect(await app.db("users").where({ tenant_id: fixture.tenant.id, email })).toHaveLength(0);
    });

    it("a member asking for a test sign-in is refused 403, and so is a visitor", async () => {
      // memberB: the fixture's `member` signs in with SAML by now.
      const client = await signIn(app, fixture.tenant.slug, "memberb");
      expect((await client.get(`/auth/saml?tenant=${fixture.tenant.slug}&test=true`).expect(403)).body.error.code).toBe("FORBIDDEN");
      expect((await request(app.app).get(`/auth/saml?tenant=${fixture.tenant.slug}&test=true`).expect(403)).body.error.code).toBe("FORBIDDEN");
    });
  });

  describe("GET /auth/saml/metadata", () => {
    it("describes our service provider: entity ID, ACS with HTTP-POST, NameID emailAddress, signed assertions wanted", async () => {
      const response = await request(app.app).get(`/auth/saml/metadata?tenant=${fixture.tenant.slug}`).expect(200);
      expect(response.headers["content-type"]).toMatch(/^application\/samlmetadata\+xml/);
      const sp = serviceProviderOf(app.config.baseUrl, fixture.tenant.slug);
      const xml = response.text;
      expect(xml).toContain(`entityID="${sp.entityId.replace(/&/g, "&amp;")}"`);
      expect(xml).toMatch(/WantAssertionsSigned="true"/);
      expect(xml).toContain("<NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</NameIDFormat>");
      expect(xml).toMatch(new RegExp(`<AssertionConsumerService[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"[^>]*Location="${sp.acsUrl}"`));
    });

    it("names the entity ID the tenant's owners chose (auth.saml.issuer)", async () => {
      const named = await createTenantFixture(app.db, { settings: { auth: { saml: idp.settings({ issuer: "urn:example:team-qa" }) } } });
      const xml = (await request(app.app).get(`/auth/saml/metadata?tenant=${named.tenant.slug}`).expect(200)).text;
      expect(xml).toContain('entityID="urn:example:team-qa"');
    });

    it("a tenant without SAML is 404", async () => {
      const plain = await createTenantFixture(app.db);
      expect((await request(app.app).get(`/auth/saml/metadata?tenant=${plain.tenant.slug}`).expect(404)).body.error.code).toBe("NOT_FOUND");
    });
  });
});
