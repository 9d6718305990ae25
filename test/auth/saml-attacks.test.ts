import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import {
  alterNameId,
  authnRequestOf,
  encode,
  makeSigningKey,
  moveSignedAssertionToExtensions,
  serviceProviderOf,
  stripSignatures,
  TestSamlIdp,
  TRANSIENT_FORMAT,
  wrapSignedAssertionInsideEvil,
  wrapSignedResponse,
  xmlId,
  type ResponseOptions,
} from "../helpers/saml-idp.js";

type Agent = ReturnType<typeof request.agent>;

/**
 * The assertion consumer service as an attacker meets it: whatever is posted, a refusal is a
 * clear 4xx, nobody is signed in (GET /auth/me stays 401) and nobody is created.
 */
describe("POST /auth/saml/callback refuses forged, altered, misdirected and replayed answers", () => {
  let app: TestApp;
  let idp: TestSamlIdp;
  let idpB: TestSamlIdp;
  let tenantA: TenantFixture;
  let tenantB: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp();
    idp = new TestSamlIdp();
    idpB = new TestSamlIdp();
    tenantA = await createTenantFixture(app.db, { settings: { auth: { saml: idp.settings() } } });
    tenantB = await createTenantFixture(app.db, { settings: { auth: { saml: idpB.settings() } } });
  });
  afterAll(async () => {
    await app.close();
  });

  const victimOf = (fixture: TenantFixture) => `victim.${fixture.tenant.slug}@example.com`;
  const attackerOf = (fixture: TenantFixture) => `attacker.${fixture.tenant.slug}@example.com`;

  async function start(agent: Agent, fixture: TenantFixture = tenantA): Promise<string> {
    const response = await agent.get(`/auth/saml?tenant=${fixture.tenant.slug}`).expect(302);
    return authnRequestOf(response.headers.location as string).id;
  }

  /** An answer as the tenant's own IdP would give it: correct in every respect unless overridden. */
  function answerXml(requestId: string, options: Partial<ResponseOptions> = {}, fixture: TenantFixture = tenantA, by: TestSamlIdp = idp): string {
    const sp = serviceProviderOf(app.config.baseUrl, fixture.tenant.slug);
    return by.responseXml({ inResponseTo: requestId, acsUrl: sp.acsUrl, audience: sp.entityId, nameId: victimOf(fixture), ...options });
  }

  const post = (agent: Agent, samlResponse: string) => agent.post("/auth/saml/callback").type("form").send({ SAMLResponse: samlResponse });

  async function expectRefused(agent: Agent, samlResponse: string, expected: { status: number; code: string; reason?: string }) {
    const response = await post(agent, samlResponse);
    expect({ status: response.status, code: response.body.error?.code }).toEqual({ status: expected.status, code: expected.code });
    if (expected.reason) expect(response.body.error.details).toEqual([{ reason: expected.reason }]);
    expect(response.body.error.message).not.toMatch(/<|saml:|samlp:/);
    await agent.get("/auth/me").expect(401);
    for (const fixture of [tenantA, tenantB]) {
      expect(
        await app
          .db("users")
          .where({ tenant_id: fixture.tenant.id })
          .whereIn("email", [victimOf(fixture)]),
      ).toHaveLength(0);
    }
    return response;
  }

  describe("signatures", () => {
    it("an unsigned response with an unsigned assertion: 401 signature", async () => {
      const agent = request.agent(app.app);
      await expectRefused(agent, encode(answerXml(await start(agent), { sign: "none" })), { status: 401, code: "SAML_INVALID", reason: "signature" });
    });

    it("a signed assertion with its signature stripped: 401 signature", async () => {
      const agent = request.agent(app.app);
      await expectRefused(agent, encode(stripSignatures(answerXml(await start(agent)))), { status: 401, code: "SAML_INVALID", reason: "signature" });
    });

    it("signed by another key (assertion, response, or both): 401 signature", async () => {
      const forger = makeSigningKey("Forger");
      for (const sign of ["assertion", "response", "both"] as const) {
        const agent = request.agent(app.app);
        await expectRefused(agent, encode(answerXml(await start(agent), { sign, signingKey: forger })), {
          status: 401,
          code: "SAML_INVALID",
          reason: "signature",
        });
      }
    });

    it("tenant A's sign-in answered by tenant B's identity provider (B's key): 401 signature", async () => {
      const agent = request.agent(app.app);
      await expectRefused(agent, encode(answerXml(await start(agent, tenantA), {}, tenantA, idpB)), { status: 401, code: "SAML_INVALID", reason: "signature" });
    });

    it("the NameID altered after signing: 401 signature", async () => {
      const agent = request.agent(app.app);
      const genuine = answerXml(await start(agent), { nameId: attackerOf(tenantA) });
      await expectRefused(agent, encode(alterNameId(genuine, victimOf(tenantA))), { status: 401, code: "SAML_INVALID", reason: "signature" });
    });

    it("a configured certificate that is no X.509 certificate: 401 certificate", async () => {
      const broken = await createTenantFixture(app.db, { settings: { auth: { saml: { ...idp.settings(), idpCertificate: "QUJD".repeat(40) } } } });
      const agent = request.agent(app.app);
      const response = await post(agent, encode(answerXml(await start(agent, broken), { nameId: victimOf(broken) }, broken))).expect(401);
      expect(response.body.error).toMatchObject({ code: "SAML_INVALID", details: [{ reason: "certificate" }] });
      await agent.get("/auth/me").expect(401);
    });

    it("a signed Response around an unsigned assertion is accepted, as is a signed assertion in an unsigned Response, and both signed", async () => {
      for (const sign of ["response", "assertion", "both"] as const) {
        const agent = request.agent(app.app);
        const email = `${sign}.${tenantA.tenant.slug}@example.com`;
        await post(agent, encode(answerXml(await start(agent), { sign, nameId: email }))).expect(302);
        expect((await agent.get("/auth/me").expect(200)).body.user.email).toBe(email);
      }
    });
  });

  describe("XML signature wrapping: the attacker's own genuine assertion, rewrapped to name the victim", () => {
    it("the evil assertion where the assertion is read, the signed one moved inside it: 401 signature (the untouched answer then signs the attacker in)", async () => {
      const agent = request.agent(app.app);
      const requestId = await start(agent);
      const genuine = answerXml(requestId, { nameId: attackerOf(tenantA), attributes: { email: attackerOf(tenantA) } });
      await expectRefused(agent, encode(wrapSignedAssertionInsideEvil(genuine, victimOf(tenantA))), { status: 401, code: "SAML_INVALID", reason: "signature" });
      // The control: the very answer the attack started from is sound (so the refusal was the wrapping's).
      await post(agent, encode(genuine)).expect(302);
      expect((await agent.get("/auth/me").expect(200)).body.user.email).toBe(attackerOf(tenantA));
    });

    it("the signed assertion moved into the Response's Extensions, the evil one in its place with a copy of its signature: 401 signature", async () => {
      const agent = request.agent(app.app);
      const genuine = answerXml(await start(agent), { nameId: `x-${attackerOf(tenantA)}`, attributes: { email: `x-${attackerOf(tenantA)}` } });
      await expectRefused(agent, encode(moveSignedAssertionToExtensions(genuine, victimOf(tenantA))), {
        status: 401,
        code: "SAML_INVALID",
        reason: "signature",
      });
    });

    it("a signed Response tucked inside the signature of an evil Response (XSW1): 401 signature", async () => {
      const agent = request.agent(app.app);
      const genuine = answerXml(await start(agent), {
        sign: "response",
        nameId: `y-${attackerOf(tenantA)}`,
        attributes: { email: `y-${attackerOf(tenantA)}` },
      });
      await expectRefused(agent, encode(wrapSignedResponse(genuine, victimOf(tenantA))), { status: 401, code: "SAML_INVALID", reason: "signature" });
    });

    it("an evil assertion added next to the signed one: 401 signature (one assertion only)", async () => {
      const agent = request.agent(app.app);
      const genuine = answerXml(await start(agent), { nameId: `z-${attackerOf(tenantA)}` });
      const evil = answerXml("_unused", { sign: "none" }).match(/<saml:Assertion[\s\S]*<\/saml:Assertion>/)?.[0] as string;
      const doubled = genuine.replace("<saml:Assertion", `${evil}<saml:Assertion`);
      await expectRefused(agent, encode(doubled), { status: 401, code: "SAML_INVALID", reason: "signature" });
    });
  });

  describe("meant for somebody else, or for another time", () => {
    it("an assertion for another audience: 401 audience", async () => {
      const agent = request.agent(app.app);
      await expectRefused(agent, encode(answerXml(await start(agent), { audience: "https://other-sp.example.test/metadata" })), {
        status: 401,
        code: "SAML_INVALID",
        reason: "audience",
      });
    });

    it("tenant B's entity ID as the audience of an answer to tenant A: 401 audience", async () => {
      const agent = request.agent(app.app);
      const audience = serviceProviderOf(app.config.baseUrl, tenantB.tenant.slug).entityId;
      await expectRefused(agent, encode(answerXml(await start(agent), { audience })), { status: 401, code: "SAML_INVALID", reason: "audience" });
    });

    it("a Recipient that is not our ACS: 401 recipient; a Destination that is not our ACS: 401 destination", async () => {
      const first = request.agent(app.app);
      await expectRefused(first, encode(answerXml(await start(first), { recipient: "https://other-sp.example.test/acs" })), {
        status: 401,
        code: "SAML_INVALID",
        reason: "recipient",
      });
      const second = request.agent(app.app);
      await expectRefused(second, encode(answerXml(await start(second), { destination: "https://other-sp.example.test/acs" })), {
        status: 401,
        code: "SAML_INVALID",
        reason: "destination",
      });
    });

    it("expired (NotOnOrAfter past, beyond the minute of skew): 401 validity", async () => {
      const agent = request.agent(app.app);
      const past = { notBefore: new Date(Date.now() - 20 * 60_000), notOnOrAfter: new Date(Date.now() - 3 * 60_000) };
      await expectRefused(agent, encode(answerXml(await start(agent), past)), { status: 401, code: "SAML_INVALID", reason: "validity" });
    });

    it("not yet valid (NotBefore in five minutes): 401 validity", async () => {
      const agent = request.agent(app.app);
      await expectRefused(agent, encode(answerXml(await start(agent), { notBefore: new Date(Date.now() + 5 * 60_000) })), {
        status: 401,
        code: "SAML_INVALID",
        reason: "validity",
      });
    });

    it("a transient NameID (a new subject at every sign-in): 401 subject", async () => {
      const agent = request.agent(app.app);
      await expectRefused(
        agent,
        encode(answerXml(await start(agent), { nameId: "transient-1", nameIdFormat: TRANSIENT_FORMAT, attributes: { email: victimOf(tenantA) } })),
        {
          status: 401,
          code: "SAML_INVALID",
          reason: "subject",
        },
      );
    });

    it("the identity provider's own refusal (status Responder, no assertion): 401 status", async () => {
      const agent = request.agent(app.app);
      const refusal = answerXml(await start(agent), { sign: "none", status: "urn:oasis:names:tc:SAML:2.0:status:Responder" }).replace(
        /<saml:Assertion[\s\S]*<\/saml:Assertion>/,
        "",
      );
      await expectRefused(agent, encode(refusal), { status: 401, code: "SAML_INVALID", reason: "status" });
    });
  });

  describe("InResponseTo and replays", () => {
    it("the same answer posted twice: the second is refused (403 SAML_REQUEST_INVALID), in another browser too", async () => {
      const agent = request.agent(app.app);
      const samlResponse = encode(answerXml(await start(agent), { nameId: `twice.${tenantA.tenant.slug}@example.com` }));
      await post(agent, samlResponse).expect(302);
      const thief = request.agent(app.app);
      await expectRefused(thief, samlResponse, { status: 403, code: "SAML_REQUEST_INVALID" });
    });

    it("one assertion (same ID) answering two requests: the second is 401 replayed", async () => {
      const assertionId = xmlId();
      const first = request.agent(app.app);
      await post(first, encode(answerXml(await start(first), { assertionId, nameId: `replayed.${tenantA.tenant.slug}@example.com` }))).expect(302);
      const second = request.agent(app.app);
      await expectRefused(second, encode(answerXml(await start(second), { assertionId })), { status: 401, code: "SAML_INVALID", reason: "replayed" });
      expect(await app.db("saml_used_assertions").where({ tenant_id: tenantA.tenant.id, assertion_id: assertionId })).toHaveLength(1);
    });

    it("an unknown InResponseTo: 403 SAML_REQUEST_INVALID", async () => {
      const agent = request.agent(app.app);
      await expectRefused(agent, encode(answerXml(xmlId())), { status: 403, code: "SAML_REQUEST_INVALID" });
    });

    it("no InResponseTo (sign-in started at the identity provider): 403 SAML_REQUEST_INVALID", async () => {
      const agent = request.agent(app.app);
      await expectRefused(agent, encode(answerXml("_ignored", { inResponseTo: null })), { status: 403, code: "SAML_REQUEST_INVALID" });
    });

    it("an unsolicited signed assertion put in a Response naming a pending request: 401 in-response-to", async () => {
      const agent = request.agent(app.app);
      await expectRefused(agent, encode(answerXml(await start(agent), { subjectInResponseTo: null })), {
        status: 401,
        code: "SAML_INVALID",
        reason: "in-response-to",
      });
    });

    it("a signed assertion answering another request, in a Response naming this one: 401 in-response-to", async () => {
      const agent = request.agent(app.app);
      const other = await start(request.agent(app.app));
      await expectRefused(agent, encode(answerXml(await start(agent), { subjectInResponseTo: other })), {
        status: 401,
        code: "SAML_INVALID",
        reason: "in-response-to",
      });
    });

    it("tenant B's pending request answered with tenant A's IdP (A's audience): verified against B's certificate, 401 signature", async () => {
      const agent = request.agent(app.app);
      await expectRefused(agent, encode(answerXml(await start(agent, tenantB), {}, tenantA, idp)), { status: 401, code: "SAML_INVALID", reason: "signature" });
    });

    it("a request older than its ten minutes: 403 SAML_REQUEST_INVALID", async () => {
      const agent = request.agent(app.app);
      const requestId = await start(agent);
      await app
        .db("saml_requests")
        .where({ request_id: requestId })
        .update({ expires_at: new Date(Date.now() - 1000) });
      await expectRefused(agent, encode(answerXml(requestId)), { status: 403, code: "SAML_REQUEST_INVALID" });
    });

    it("SAML removed from the tenant while the person was at the identity provider: 404 NOT_FOUND", async () => {
      const removed = await createTenantFixture(app.db, { settings: { auth: { saml: idp.settings() } } });
      const agent = request.agent(app.app);
      const requestId = await start(agent, removed);
      const owner = await signIn(app, removed.tenant.slug, "owner");
      await owner.post("/admin/tenant-settings", { auth: { saml: null } }).expect(200);
      const response = await post(agent, encode(answerXml(requestId, { nameId: victimOf(removed) }, removed))).expect(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
      await agent.get("/auth/me").expect(401);
      expect(await app.db("users").where({ tenant_id: removed.tenant.id, email: victimOf(removed) })).toHaveLength(0);
    });

    it("expired requests and assertions are cleaned up as new ones are written", async () => {
      const stale = xmlId();
      await app.db("saml_requests").insert({ request_id: stale, tenant_id: tenantA.tenant.id, expires_at: new Date(Date.now() - 60_000) });
      await app.db("saml_used_assertions").insert({ tenant_id: tenantA.tenant.id, assertion_id: stale, expires_at: new Date(Date.now() - 60_000) });
      const agent = request.agent(app.app);
      await post(agent, encode(answerXml(await start(agent), { nameId: `cleanup.${tenantA.tenant.slug}@example.com` }))).expect(302);
      expect(await app.db("saml_requests").where({ request_id: stale })).toHaveLength(0);
      expect(await app.db("saml_used_assertions").where({ assertion_id: stale })).toHaveLength(0);
    });
  });

  describe("garbage", () => {
    const garbage: Array<[string, () => string, number, string]> = [
      ["not base64", () => "%%% not base64 %%%", 401, "SAML_INVALID"],
      ["base64 of no XML", () => encode("\u0000\u0001 binary noise"), 401, "SAML_INVALID"],
      ["XML that is not a SAML response", () => encode("<html><body>hello</body></html>"), 401, "SAML_INVALID"],
      [
        "unclosed XML",
        () => encode('<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" InResponseTo="_x"><saml:Assertion>'),
        401,
        "SAML_INVALID",
      ],
      [
        "a document type with entities (billion laughs)",
        () =>
          encode(
            '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" InResponseTo="&b;"/>',
          ),
        401,
        "SAML_INVALID",
      ],
    ];
    for (const [name, body, status, code] of garbage) {
      it(`${name}: ${status} ${code}`, async () => {
        const agent = request.agent(app.app);
        await expectRefused(agent, body(), { status, code });
      });
    }

    it("no SAMLResponse, or two: 400 VALIDATION_FAILED", async () => {
      expect((await request(app.app).post("/auth/saml/callback").type("form").send("RelayState=x").expect(400)).body.error.code).toBe("VALIDATION_FAILED");
      expect((await request(app.app).post("/auth/saml/callback").type("form").send("SAMLResponse=a&SAMLResponse=b").expect(400)).body.error.code).toBe(
        "VALIDATION_FAILED",
      );
    });

    it("a body over 256 KB: 413 PAYLOAD_TOO_LARGE", async () => {
      const response = await request(app.app)
        .post("/auth/saml/callback")
        .type("form")
        .send({ SAMLResponse: "A".repeat(300 * 1024) })
        .expect(413);
      expect(response.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    });

    it("JSON instead of a form: 415 UNSUPPORTED_MEDIA_TYPE", async () => {
      const response = await request(app.app)
        .post("/auth/saml/callback")
        .send({ SAMLResponse: encode(answerXml(xmlId())) })
        .expect(415);
      expect(response.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    });

    it("a browser gets its refusal as a page, and the logs keep neither the response nor the person it names", async () => {
      const agent = request.agent(app.app);
      const samlResponse = encode(answerXml(await start(agent), { sign: "none", nameId: `logged.${tenantA.tenant.slug}@example.com` }));
      const page = await agent.post("/auth/saml/callback").set("Accept", "text/html").type("form").send({ SAMLResponse: samlResponse }).expect(401);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.text).toContain("SAML_INVALID");
      expect(page.text).not.toContain("logged.");
      const logs = app.rawLogs.join("\n");
      expect(logs).toContain("SAML response refused");
      expect(logs).not.toContain(`logged.${tenantA.tenant.slug}`);
      expect(logs).not.toContain(samlResponse.slice(0, 40));
    });
  });
});
