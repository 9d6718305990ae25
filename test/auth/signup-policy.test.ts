import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provisionTenant } from "../../src/modules/provisioning/provisioning.service.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, uniqueSlug, type TenantFixture } from "../helpers/factories.js";
import { fakeAccount, FakeOAuthProvider, oauthSignIn } from "../helpers/fake-oauth.js";

/**
 * Sign-up policy (users.signup: open | domains | invite): who may join an organisation by signing
 * in with GitHub or Google for the first time. Tried as a stranger would: anybody has a GitHub
 * account, and `/auth/github?tenant=<slug>` names any organisation.
 */
const FRONTEND = "https://qa.example.test";

describe("sign-up policy at the OAuth callback", () => {
  let github: FakeOAuthProvider;
  let google: FakeOAuthProvider;
  let app: TestApp;

  beforeAll(async () => {
    github = await FakeOAuthProvider.start("github");
    google = await FakeOAuthProvider.start("google");
    app = await createTestApp({
      env: { FRONTEND_URL: FRONTEND, ...github.env(`${FRONTEND}/auth/github/callback`), ...google.env(`${FRONTEND}/auth/google/callback`) },
    });
  });
  afterAll(async () => {
    await app.close();
    await github.close();
    await google.close();
  });

  async function tenantWith(users: object): Promise<TenantFixture> {
    return createTenantFixture(app.db, { settings: { users } });
  }
  const usersOf = (tenantId: string) => app.db("users").where({ tenant_id: tenantId }).pluck("email");

  it("invite: a stranger's first sign-in is refused with a page saying why, 403 SIGNUP_NOT_ALLOWED, no user, audited", async () => {
    const tenant = await tenantWith({ signup: "invite" });
    const before = await usersOf(tenant.tenant.id);
    const stranger = fakeAccount({ email: "stranger@gmail.example" });
    github.signInAs(stranger);
    const agent = request.agent(app.app);
    const { callback } = await oauthSignIn(agent, `/auth/github?tenant=${tenant.tenant.slug}`, { accept: "text/html" });
    expect(callback.status).toBe(403);
    expect(callback.headers["content-type"]).toMatch(/^text\/html/);
    expect(callback.text).toContain("Not a member of this organisation yet");
    expect(callback.text).toContain(`${tenant.tenant.name} only lets in people an administrator has added`);
    expect(callback.text).toContain("SIGNUP_NOT_ALLOWED");
    expect(await usersOf(tenant.tenant.id)).toEqual(before);
    await agent.get("/auth/me").expect(401);
    const [entry] = await app.db("audit_logs").where({ tenant_id: tenant.tenant.id, action: "user.signup_refused" });
    expect(entry).toMatchObject({
      user_id: null,
      entity_type: "user",
      metadata: expect.objectContaining({ provider: "github", email: "stranger@gmail.example", policy: "invite" }),
    });

    // The JSON form for scripts, from Google this time.
    google.signInAs(fakeAccount({ email: "another@gmail.example" }));
    const json = await oauthSignIn(request.agent(app.app), `/auth/google?tenant=${tenant.tenant.slug}`, { accept: "application/json" });
    expect(json.callback.status).toBe(403);
    expect(json.callback.body).toEqual({
      error: { code: "SIGNUP_NOT_ALLOWED", message: expect.stringContaining("only lets in people an administrator has added") },
      requestId: expect.any(String),
    });
  });

  it("invite: a user an admin added, and the CLI's owner, sign in and are linked", async () => {
    const { tenant, ownerId } = await provisionTenant(app.db, {
      slug: uniqueSlug("inv"),
      name: "Invite Only",
      ownerEmail: "boss@invite.example",
      teams: [{ name: "General" }],
      settings: { users: { signup: "invite" } },
    });
    github.signInAs(fakeAccount({ email: "boss@invite.example" }));
    const owner = request.agent(app.app);
    expect((await oauthSignIn(owner, `/auth/github?tenant=${tenant.slug}`)).callback.status).toBe(302);
    expect((await owner.get("/auth/me").expect(200)).body.user).toMatchObject({ id: ownerId, role: "owner" });

    const { body: csrf } = await owner.get("/auth/csrf").expect(200);
    const added = await owner
      .post("/admin/users")
      .set("x-csrf-token", csrf.csrfToken)
      .send({ email: "newhire@elsewhere.example", name: "New Hire" })
      .expect(201);
    google.signInAs(fakeAccount({ email: "NewHire@Elsewhere.example" }));
    const newHire = request.agent(app.app);
    expect((await oauthSignIn(newHire, `/auth/google?tenant=${tenant.slug}`)).callback.status).toBe(302);
    expect((await newHire.get("/auth/me").expect(200)).body.user.id).toBe(added.body.id);
  });

  it("domains: a verified address at a listed domain joins; another domain, a subdomain or a look-alike does not", async () => {
    const tenant = await tenantWith({ signup: "domains", allowedEmailDomains: ["acme.example", "partner.example"] });
    for (const email of ["jo@acme.example", "Kim@Partner.Example"]) {
      github.signInAs(fakeAccount({ email }));
      const agent = request.agent(app.app);
      expect((await oauthSignIn(agent, `/auth/github?tenant=${tenant.tenant.slug}`)).callback.status, email).toBe(302);
      expect((await agent.get("/auth/me").expect(200)).body.user.email).toBe(email.toLowerCase());
    }
    for (const email of ["jo@gmail.example", "jo@eu.acme.example", "jo@acme.example.evil", "jo@notacme.example"]) {
      github.signInAs(fakeAccount({ email }));
      const { callback } = await oauthSignIn(request.agent(app.app), `/auth/github?tenant=${tenant.tenant.slug}`, { accept: "application/json" });
      expect(callback.status, email).toBe(403);
      expect(callback.body.error.code).toBe("SIGNUP_NOT_ALLOWED");
      expect(callback.body.error.message).toContain("one of its domains");
    }
    const emails = await usersOf(tenant.tenant.id);
    expect(emails).toEqual(expect.arrayContaining(["jo@acme.example", "kim@partner.example"]));
    expect(emails.filter((email) => email.startsWith("jo@") && email !== "jo@acme.example")).toEqual([]);
  });

  it("domains: an unverified address at a listed domain does not count", async () => {
    const tenant = await tenantWith({ signup: "domains", allowedEmailDomains: ["acme.example"] });
    // GitHub lists the listed-domain address but not as verified; the verified one is elsewhere.
    github.signInAs(
      fakeAccount({
        email: null,
        emails: [
          { email: "ceo@acme.example", primary: false, verified: false },
          { email: "someone@gmail.example", primary: true, verified: true },
        ],
      }),
    );
    const { callback } = await oauthSignIn(request.agent(app.app), `/auth/github?tenant=${tenant.tenant.slug}`, { accept: "application/json" });
    expect(callback.status).toBe(403);
    expect(callback.body.error.code).toBe("SIGNUP_NOT_ALLOWED");
  });

  it("open (the demo tenants' default): anyone with a verified address joins", async () => {
    const tenant = await tenantWith({ signup: "open" });
    github.signInAs(fakeAccount({ email: "anyone@anywhere.example" }));
    expect((await oauthSignIn(request.agent(app.app), `/auth/github?tenant=${tenant.tenant.slug}`)).callback.status).toBe(302);
    const demo = await app.db("tenant_settings").join("tenants", "tenants.id", "tenant_settings.tenant_id").where("tenants.slug", "default").first("settings");
    expect(demo.settings.users?.signup ?? "open").toBe("open");
  });

  it("an admin changes the policy through the settings (audited); a bad domain list is refused with 400 and nothing changes", async () => {
    const tenant = await tenantWith({});
    const admin = await signIn(app, tenant.tenant.slug, "admin");
    expect((await admin.get("/admin/tenant-settings").expect(200)).body.users).toMatchObject({ signup: "open", allowedEmailDomains: [] });
    const saved = await admin.post("/admin/tenant-settings", { users: { signup: "domains", allowedEmailDomains: ["Example.ORG"] } }).expect(200);
    expect(saved.body.users).toMatchObject({ signup: "domains", allowedEmailDomains: ["example.org"] });
    const [audit] = await app.db("audit_logs").where({ tenant_id: tenant.tenant.id, action: "settings.update" });
    expect(audit.metadata.changed).toEqual(["users.allowedEmailDomains", "users.signup"]);
    for (const bad of [
      { allowedEmailDomains: ["*.example.org"] },
      { allowedEmailDomains: [] },
      { signup: "everyone" },
      { allowedEmailDomains: "example.org" },
    ]) {
      const response = await admin.post("/admin/tenant-settings", { users: bad }).expect(400);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    }
    expect((await admin.get("/admin/tenant-settings").expect(200)).body.users).toMatchObject({ signup: "domains", allowedEmailDomains: ["example.org"] });
    // Only admins and owners may change it.
    await (await signIn(app, tenant.tenant.slug, "moderator")).post("/admin/tenant-settings", { users: { signup: "open" } }).expect(403);
  });
});
