import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { fakeAccount, FakeOAuthProvider, oauthSignIn, type FakeAccount } from "../helpers/fake-oauth.js";

/**
 * GitHub sign-in counts only an address GitHub's e-mail list marks as verified. Tried as a
 * stranger would against a company that lets in its own domain (users.signup "domains"): a GitHub
 * account whose public profile shows an address at that domain, while the e-mail list, where
 * alone GitHub says what is verified, fails or does not vouch for it.
 */
const FRONTEND = "https://qa.example.test";
const HTML = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
const JSON_ONLY = { accept: "application/json" };

describe("GitHub sign-in: only a verified address from GitHub's e-mail list counts", () => {
  let github: FakeOAuthProvider;
  let app: TestApp;
  let company: TenantFixture;

  beforeAll(async () => {
    github = await FakeOAuthProvider.start("github");
    app = await createTestApp({ env: { FRONTEND_URL: FRONTEND, ...github.env(`${FRONTEND}/auth/github/callback`) } });
    company = await createTenantFixture(app.db, { settings: { users: { signup: "domains", allowedEmailDomains: ["acme.example"] } } });
  });
  afterAll(async () => {
    await app.close();
    await github.close();
  });

  const usersWith = (email: string) => app.db("users").whereRaw("lower(email) = ?", [email]);
  async function signInWith(account: FakeAccount, headers: Record<string, string> = JSON_ONLY) {
    github.signInAs(account);
    const agent = request.agent(app.app);
    const { callback } = await oauthSignIn(agent, `/auth/github?tenant=${company.tenant.slug}`, headers);
    return { callback, agent };
  }

  it("a public address at the allowed domain with an e-mail list GitHub fails to give (500, 503) is refused (502), nobody created", async () => {
    for (const status of [500, 503]) {
      const email = `ceo.${status}@acme.example`;
      const { callback, agent } = await signInWith(fakeAccount({ email, emailsResponse: { status, body: { message: "Server Error" } } }));
      expect(callback.status, String(status)).toBe(502);
      expect(callback.body.error.code).toBe("OAUTH_PROVIDER_UNAVAILABLE");
      expect(callback.body.error.message).toContain("did not confirm a verified email address");
      expect(await usersWith(email)).toEqual([]);
      await agent.get("/auth/me").expect(401);
    }
  });

  it("a public address at the allowed domain with an e-mail list GitHub refuses to show (403, 404: scope not granted) is 403 EMAIL_REQUIRED", async () => {
    for (const status of [403, 404]) {
      const email = `cfo.${status}@acme.example`;
      const { callback } = await signInWith(fakeAccount({ email, emailsResponse: { status, body: { message: "Resource not accessible by integration" } } }));
      expect(callback.status, String(status)).toBe(403);
      expect(callback.body).toEqual({
        error: { code: "EMAIL_REQUIRED", message: expect.stringContaining("GitHub did not confirm a verified email address") },
        requestId: expect.any(String),
      });
      expect(callback.body.error.message).toContain("Settings > Emails");
      expect(callback.body.error.message).toContain("allow this app to read your email addresses");
      expect(await usersWith(email)).toEqual([]);
    }
  });

  it("a public address at the allowed domain that the e-mail list shows unverified, or not at all, does not get in", async () => {
    // Nothing else verified: no verified address at all.
    const alone = "cto@acme.example";
    const unverified = await signInWith(fakeAccount({ email: alone, emails: [{ email: alone, primary: true, verified: false }] }));
    expect(unverified.callback.status).toBe(403);
    expect(unverified.callback.body.error.code).toBe("EMAIL_REQUIRED");
    // Listed unverified beside a verified private address elsewhere: a stranger at gmail, refused by the policy.
    const claimed = "coo@acme.example";
    const elsewhere = await signInWith(
      fakeAccount({
        email: claimed,
        emails: [
          { email: claimed, primary: false, verified: false },
          { email: "someone@gmail.example", primary: true, verified: true },
        ],
      }),
    );
    expect(elsewhere.callback.status).toBe(403);
    expect(elsewhere.callback.body.error.code).toBe("SIGNUP_NOT_ALLOWED");
    // Not in the list at all (a list that is empty, or names only other addresses).
    const absent = "cso@acme.example";
    const empty = await signInWith(fakeAccount({ email: absent, emails: [] }));
    expect(empty.callback.status).toBe(403);
    expect(empty.callback.body.error.code).toBe("EMAIL_REQUIRED");
    for (const email of [alone, claimed, absent, "someone@gmail.example"]) expect(await usersWith(email), email).toEqual([]);
  });

  it("a browser gets a page saying GitHub confirmed no verified address and what to do", async () => {
    const { callback } = await signInWith(fakeAccount({ email: "cmo@acme.example", emailsResponse: { status: 403, body: {} } }), HTML);
    expect(callback.status).toBe(403);
    expect(callback.headers["content-type"]).toMatch(/^text\/html/);
    expect(callback.text).toContain("<h1>No verified email address</h1>");
    expect(callback.text).toContain("GitHub did not confirm a verified email address for your account.");
    expect(callback.text).toContain("Settings &gt; Emails");
    expect(callback.text).toContain("EMAIL_REQUIRED");
    expect(callback.text).toContain(`href="${FRONTEND}/"`);
  });

  it("a malformed e-mail list is the provider's failure (502), never a 500", async () => {
    const { callback } = await signInWith(fakeAccount({ email: "odd@acme.example", emailsResponse: { status: 200, body: { emails: "nope" } } }));
    expect(callback.status).toBe(502);
    expect(callback.body.error.code).toBe("OAUTH_PROVIDER_UNAVAILABLE");
  });

  it("domains: a verified work address that is not the primary joins with that address", async () => {
    const { callback, agent } = await signInWith(
      fakeAccount({
        email: null,
        emails: [
          { email: "dev@gmail.example", primary: true, verified: true },
          { email: "Dev@Acme.example", primary: false, verified: true },
        ],
      }),
    );
    expect(callback.status).toBe(302);
    expect((await agent.get("/auth/me").expect(200)).body.user.email).toBe("dev@acme.example");
    expect(await usersWith("dev@gmail.example")).toEqual([]);
  });

  it("open: a new person joins with the verified primary, not the public address", async () => {
    const open = await createTenantFixture(app.db);
    github.signInAs(
      fakeAccount({
        email: "public@elsewhere.example",
        emails: [
          { email: "public@elsewhere.example", primary: false, verified: true },
          { email: "primary@elsewhere.example", primary: true, verified: true },
        ],
      }),
    );
    const agent = request.agent(app.app);
    expect((await oauthSignIn(agent, `/auth/github?tenant=${open.tenant.slug}`)).callback.status).toBe(302);
    expect((await agent.get("/auth/me").expect(200)).body.user.email).toBe("primary@elsewhere.example");
  });

  it("an account an admin added for a verified secondary address is linked, not duplicated", async () => {
    const [added] = await app
      .db("users")
      .insert({ tenant_id: company.tenant.id, email: "pat@acme.example", name: "Pat (added)", role: "member" })
      .returning(["id"]);
    const { callback, agent } = await signInWith(
      fakeAccount({
        name: "Pat Person",
        email: null,
        emails: [
          { email: "pat@home.example", primary: true, verified: true },
          { email: "pat@acme.example", primary: false, verified: true },
        ],
      }),
    );
    expect(callback.status).toBe(302);
    expect((await agent.get("/auth/me").expect(200)).body.user).toMatchObject({ id: added.id, email: "pat@acme.example", name: "Pat Person" });
    expect(await usersWith("pat@home.example")).toEqual([]);
  });

  it("an address that names a deactivated account stops the sign-in: no fresh account with another verified address", async () => {
    await app.db("users").insert({ tenant_id: company.tenant.id, email: "gone@acme.example", name: "Gone", role: "member", deactivated_at: new Date() });
    const { callback } = await signInWith(
      fakeAccount({
        email: null,
        emails: [
          { email: "gone@acme.example", primary: true, verified: true },
          { email: "gone.again@acme.example", primary: false, verified: true },
        ],
      }),
    );
    expect(callback.status).toBe(403);
    expect(callback.body.error.code).toBe("ACCOUNT_DEACTIVATED");
    expect(await usersWith("gone.again@acme.example")).toEqual([]);
  });

  it("an address that names an account signing in another way is 409 ACCOUNT_EXISTS, naming that address", async () => {
    await app.db("users").insert({
      tenant_id: company.tenant.id,
      email: "sam@acme.example",
      name: "Sam",
      role: "member",
      sso_provider: "google",
      sso_id: "google-sam",
    });
    const { callback } = await signInWith(
      fakeAccount({
        email: null,
        emails: [
          { email: "sam@home.example", primary: true, verified: true },
          { email: "sam@acme.example", primary: false, verified: true },
        ],
      }),
    );
    expect(callback.status).toBe(409);
    expect(callback.body.error).toMatchObject({ code: "ACCOUNT_EXISTS", message: expect.stringContaining("sam@acme.example") });
    expect(await usersWith("sam@home.example")).toEqual([]);
  });
});
