import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/** The account page's own reads and choices: a person's questions and their e-mail choice, theirs alone. */
describe("the signed-in user's questions and e-mail choice", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let other: TenantFixture;
  let member: ApiClient;
  let moderator: ApiClient;

  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
    member = await signIn(app, fixture.tenant.slug, "member");
    moderator = await signIn(app, fixture.tenant.slug, "moderator");
  });
  afterAll(() => app.close());

  describe("GET /auth/me/questions", () => {
    it("lists the caller's own questions, newest first, anonymous ones and every status included, with their team", async () => {
      const first = await askQuestion(member, fixture.teams.a.id, "Could we get a second monitor for everyone on the team?");
      const anonymous = (
        await member.post("/questions", { body: "Why was the offsite moved to a weekday this year?", teamId: fixture.teams.a.id, anonymous: true }).expect(201)
      ).body as { id: string };
      await askQuestion(moderator, fixture.teams.a.id, "Somebody else's question about the roadmap for next quarter?");
      expect((await moderator.post(`/questions/${first.id}/answer`, { responseText: "Yes, from next month." })).status).toBe(200);

      const mine = (await member.get("/auth/me/questions").expect(200)).body as Array<{
        id: string;
        status: string;
        isAnonymous: boolean;
        team: { slug: string; name: string };
        respondedAt: string | null;
      }>;
      expect(mine.map((question) => question.id)).toEqual([anonymous.id, first.id]);
      expect(mine[0]).toMatchObject({ isAnonymous: true, status: "OPEN", team: { slug: fixture.teams.a.slug, name: fixture.teams.a.name }, respondedAt: null });
      expect(mine[1]).toMatchObject({ status: "ANSWERED", isAnonymous: false });
      expect(mine[1]?.respondedAt).toEqual(expect.any(String));
    });

    it("a question held for review is listed for its author", async () => {
      const held = (await member.post("/questions", { body: "WHY IS THE DEPLOY ALWAYS BROKEN ON MONDAYS", teamId: fixture.teams.a.id }).expect(201)).body;
      expect(held.status).toBe("UNDER_REVIEW");
      const mine = (await member.get("/auth/me/questions").expect(200)).body as Array<{ id: string; status: string }>;
      expect(mine.find((question) => question.id === held.id)?.status).toBe("UNDER_REVIEW");
    });

    it("another organisation's person with the same username sees only their own, and a visitor is refused", async () => {
      const elsewhere = await signIn(app, other.tenant.slug, "member");
      expect((await elsewhere.get("/auth/me/questions").expect(200)).body).toEqual([]);
      expect((await request(app.app).get("/auth/me/questions").set("x-tenant-id", fixture.tenant.slug).expect(401)).body.error.code).toBe("UNAUTHENTICATED");
    });
  });

  describe("GET/PUT /auth/me/email-preferences", () => {
    const auditRows = (action: string) => app.db("audit_logs").where({ tenant_id: fixture.tenant.id, action, entity_id: fixture.users.viewer.id });

    it("turns the caller's e-mails off and on again, audited once per real change as the unsubscribe link is", async () => {
      const viewer = await signIn(app, fixture.tenant.slug, "viewer");
      expect((await viewer.get("/auth/me/email-preferences").expect(200)).body).toEqual({ emails: true, answersVia: "email", slackAvailable: false });

      expect((await viewer.put("/auth/me/email-preferences", { emails: false }).expect(200)).body).toEqual({
        emails: false,
        answersVia: "email",
        slackAvailable: false,
      });
      expect((await viewer.put("/auth/me/email-preferences", { emails: false }).expect(200)).body).toEqual({
        emails: false,
        answersVia: "email",
        slackAvailable: false,
      });
      expect((await viewer.get("/auth/me/email-preferences").expect(200)).body).toEqual({ emails: false, answersVia: "email", slackAvailable: false });
      const row = await app.db("users").where({ id: fixture.users.viewer.id }).first("email_opt_out_at");
      expect(row.email_opt_out_at).not.toBeNull();
      const off = await auditRows("user.email_unsubscribe");
      expect(off).toHaveLength(1);
      expect(off[0]).toMatchObject({ user_id: fixture.users.viewer.id });
      expect(typeof off[0].metadata === "string" ? JSON.parse(off[0].metadata) : off[0].metadata).toMatchObject({ method: "account" });

      expect((await viewer.put("/auth/me/email-preferences", { emails: true }).expect(200)).body).toEqual({
        emails: true,
        answersVia: "email",
        slackAvailable: false,
      });
      expect(await auditRows("user.email_resubscribe")).toHaveLength(1);
      // Nobody else's choice moved.
      const others = await app.db("users").where({ tenant_id: fixture.tenant.id }).whereNotNull("email_opt_out_at").count<{ count: number }[]>("* as count");
      expect(Number(others[0]?.count)).toBe(0);
    });

    it("refuses a body that is not the choices, a visitor, and a change without the CSRF token", async () => {
      for (const body of [{}, { emails: "no" }, { emails: 0 }, { emails: true, userId: fixture.users.owner.id }]) {
        expect((await member.put("/auth/me/email-preferences", body).expect(400)).body.error.code, JSON.stringify(body)).toBe("VALIDATION_FAILED");
      }
      const visitor = request(app.app).put("/auth/me/email-preferences").set("x-tenant-id", fixture.tenant.slug).send({ emails: false });
      expect((await visitor.expect(401)).body.error.code).toBe("UNAUTHENTICATED");
      expect((await request(app.app).get("/auth/me/email-preferences").set("x-tenant-id", fixture.tenant.slug).expect(401)).body.error.code).toBe(
        "UNAUTHENTICATED",
      );
      expect((await member.agent.put("/auth/me/email-preferences").send({ emails: false }).expect(403)).body.error.code).toBe("CSRF_INVALID");
      expect((await member.get("/auth/me/email-preferences").expect(200)).body).toEqual({ emails: true, answersVia: "email", slackAvailable: false });
    });
  });
});
