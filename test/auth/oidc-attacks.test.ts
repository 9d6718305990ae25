import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { ForgingOpenIdProvider, sign, unsigned, type Forge } from "../helpers/forging-oidc-provider.js";

/**
 * CONTRACT §10, as an attacker who controls what reaches the callback tries it: ID tokens that
 * are not the issuer's, not for this client, not for this sign-in, or no longer valid. Each is
 * refused with a 4xx, nobody is signed in and no account is made.
 */
describe("OpenID Connect: forged and stale ID tokens are refused", () => {
  let app: TestApp;
  let idp: ForgingOpenIdProvider;
  let fixture: TenantFixture;

  async function signInWith(forge: Forge, account: Partial<ForgingOpenIdProvider["account"]> = {}) {
    const email = `victim-${randomUUID().slice(0, 8)}@corp.example`;
    idp.account = { sub: `sub-${email}`, email, email_verified: true, ...account };
    idp.forge = forge;
    const agent = request.agent(app.app);
    const start = await agent.get(`/auth/oidc?tenant=${fixture.tenant.slug}`).expect(302);
    const authorize = await fetch(start.headers.location as string, { redirect: "manual" });
    const back = new URL(authorize.headers.get("location") as string);
    const response = await agent.get(`${back.pathname}${back.search}`);
    const me = await agent.get("/auth/me");
    const created = await app.db("users").where({ tenant_id: fixture.tenant.id, email: idp.account.email }).first();
    return { response, signedIn: me.status === 200, created: Boolean(created) };
  }

  beforeAll(async () => {
    app = await createTestApp();
    idp = await ForgingOpenIdProvider.start(`${app.config.baseUrl}/auth/oidc/callback`);
    fixture = await createTenantFixture(app.db);
    const owner = await signIn(app, fixture.tenant.slug, "owner");
    await owner.post("/admin/tenant-settings", { auth: { oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } } }).expect(200);
  });
  afterAll(async () => {
    await app.close();
    await idp.close();
  });

  it("control: the honest token signs the person in, and the provider saw a matching PKCE verifier", async () => {
    const result = await signInWith((honest, _request, keys) => sign(honest, keys.published, keys.kid));
    expect(result.response.status).toBe(302);
    expect(result).toMatchObject({ signedIn: true, created: true });
    expect(idp.pkce.at(-1)).toBe(true);
  });

  const forgeries: Array<[string, Forge]> = [
    ["for another client (aud)", (honest, _r, keys) => sign({ ...honest, aud: "another-client" }, keys.published, keys.kid)],
    ["from another issuer (iss)", (honest, _r, keys) => sign({ ...honest, iss: "https://evil.example" }, keys.published, keys.kid)],
    ["with another sign-in's nonce", (honest, _r, keys) => sign({ ...honest, nonce: "a-nonce-of-another-sign-in" }, keys.published, keys.kid)],
    ["without a nonce", (honest, _r, keys) => sign({ ...honest, nonce: undefined }, keys.published, keys.kid)],
    ["expired", (honest, _r, keys) => sign({ ...honest, iat: Number(honest.iat) - 3600, exp: Number(honest.iat) - 1800 }, keys.published, keys.kid)],
    ["signed by a key the issuer never published (same kid)", (honest, _r, keys) => sign(honest, keys.other, keys.kid)],
    ["unsigned (alg: none)", async (honest) => unsigned(honest)],
    [
      "signed with the client secret (HS256 instead of the issuer's RS256)",
      (honest, _r, keys) => sign(honest, new TextEncoder().encode(keys.clientSecret) as never, keys.kid, "HS256"),
    ],
    ["with its signature cut off", async (honest, _r, keys) => `${(await sign(honest, keys.published, keys.kid)).split(".").slice(0, 2).join(".")}.`],
    [
      "with its claims changed after signing",
      async (honest, _r, keys) => {
        const [header, , signature] = (await sign(honest, keys.published, keys.kid)).split(".");
        return `${header}.${Buffer.from(JSON.stringify({ ...honest, email: "ceo@corp.example" })).toString("base64url")}.${signature}`;
      },
    ],
  ];

  it.each(forgeries)("an ID token %s is 401 OIDC_TOKEN_INVALID: nobody signed in, no account", async (_name, forge) => {
    const result = await signInWith(forge);
    expect(result.response.status).toBe(401);
    expect(result.response.body.error.code).toBe("OIDC_TOKEN_INVALID");
    expect(result).toMatchObject({ signedIn: false, created: false });
  });

  it.each([
    ["email_verified false", { email_verified: false }],
    ["no email_verified at all", { email_verified: undefined }],
  ])("an honest token with %s is 403 EMAIL_REQUIRED: the address could be anyone's", async (_name, account) => {
    const result = await signInWith((honest, _r, keys) => sign(honest, keys.published, keys.kid), account);
    expect(result.response.status).toBe(403);
    expect(result.response.body.error.code).toBe("EMAIL_REQUIRED");
    expect(result).toMatchObject({ signedIn: false, created: false });
  });

  it("an unverified address naming the owner does not take the owner's account", async () => {
    const result = await signInWith((honest, _r, keys) => sign(honest, keys.published, keys.kid), { email: fixture.users.owner.email, email_verified: false });
    expect(result.response.status).toBe(403);
    expect(result.signedIn).toBe(false);
    const ownerRow = await app.db("users").where({ id: fixture.users.owner.id }).first();
    expect(ownerRow.sso_provider).toBe("demo");
  });
});
