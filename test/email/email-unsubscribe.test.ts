import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import type { WebFrontend } from "../../src/platform/http/spa.js";
import { createUnsubscribeToken, verifyUnsubscribeToken } from "../../src/modules/email/email.unsubscribe.token.js";
import { createTestApp, signIn, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import { type MailStack, startMailStack, waitForJob } from "../helpers/email.js";
import { createTenantFixture, type TenantFixture, insertQuestion } from "../helpers/factories.js";
import { addInvite } from "../helpers/pulse.js";
import { rawHeader, type SmtpSink } from "../helpers/smtp-sink.js";

const SPA: WebFrontend = {
  assets: (_req, _res, next) => next(),
  sendIndex: async (_req, res) => {
    res.type("html").send("<html>the SPA</html>");
  },
  close: async () => undefined,
};

describe("unsubscribe token", () => {
  const tenant = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
  const user = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";

  it("verifies only what it signed, under the same secret", () => {
    const token = createUnsubscribeToken(TEST_SESSION_SECRET, tenant, user);
    expect(verifyUnsubscribeToken(TEST_SESSION_SECRET, token)).toEqual({ tenantId: tenant, userId: user });
    const [, , mac] = token.split(".");
    const otherUser = "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e";
    for (const forged of [`${tenant}.${otherUser}.${mac}`, `${token}x`, token.slice(0, -2), `${tenant}.${user}`, "", "a.b.c", `${token}.extra`]) {
      expect(verifyUnsubscribeToken(TEST_SESSION_SECRET, forged), forged).toBeNull();
    }
    expect(verifyUnsubscribeToken("another-secret-of-at-least-32-characters", token)).toBeNull();
    expect(verifyUnsubscribeToken(TEST_SESSION_SECRET, undefined)).toBeNull();
  });
});

describe("unsubscribe pages", () => {
  let app: TestApp;
  let fixture: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp({ web: SPA });
    fixture = await createTenantFixture(app.db);
  });
  afterAll(() => app.close());

  const tokenFor = (userId: string) => createUnsubscribeToken(TEST_SESSION_SECRET, fixture.tenant.id, userId);
  const optedOut = async (userId: string) => (await app.db("users").where({ id: userId }).first("email_opt_out_at")).email_opt_out_at !== null;
  const audits = (userId: string, action: string) => app.db("audit_logs").where({ tenant_id: fixture.tenant.id, entity_id: userId, action });

  it("GET shows a confirmation page with a POST form to a browser (not the SPA) and changes nothing", async () => {
    const token = tokenFor(fixture.users.member.id);
    const response = await request(app.app).get(`/email/unsubscribe?token=${token}`).set("Accept", "text/html").expect(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.text).toContain(fixture.users.member.email);
    expect(response.text).toContain(`<form method="post" action="/email/unsubscribe?token=${encodeURIComponent(token)}">`);
    expect(response.text).not.toContain("the SPA");
    expect(await optedOut(fixture.users.member.id)).toBe(false);
    const json = await request(app.app).get(`/email/unsubscribe?token=${token}`).set("Accept", "application/json").expect(200);
    expect(json.body).toEqual({ email: fixture.users.member.email, tenantName: fixture.tenant.name, unsubscribed: false });
  });

  it("the form's POST unsubscribes, even from a browser with a session and no CSRF header, and is audited", async () => {
    const browser = await signIn(app, fixture.tenant.slug, "member");
    const response = await browser.agent
      .post(`/email/unsubscribe?token=${tokenFor(fixture.users.member.id)}`)
      .type("form")
      .send({})
      .expect(200);
    expect(response.text).toContain("You are unsubscribed");
    expect(response.text).toContain('action="/email/resubscribe?token=');
    expect(await optedOut(fixture.users.member.id)).toBe(true);
    const [entry, ...more] = await audits(fixture.users.member.id, "user.email_unsubscribe");
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ user_id: fixture.users.member.id, entity_type: "user", before: { emailOptOut: false }, after: { emailOptOut: true } });
    expect(entry.metadata).toMatchObject({ method: "link" });
  });

  it("RFC 8058 one-click POST unsubscribes once; repeating it changes and audits nothing", async () => {
    const token = tokenFor(fixture.users.viewer.id);
    for (let i = 0; i < 2; i++) {
      await request(app.app).post(`/email/unsubscribe?token=${token}`).type("form").send("List-Unsubscribe=One-Click").expect(200);
    }
    expect(await optedOut(fixture.users.viewer.id)).toBe(true);
    const entries = await audits(fixture.users.viewer.id, "user.email_unsubscribe");
    expect(entries).toHaveLength(1);
    expect(entries[0].metadata).toMatchObject({ method: "one-click" });
  });

  it("resubscribe undoes it, audited", async () => {
    await request(app.app)
      .post(`/email/resubscribe?token=${tokenFor(fixture.users.viewer.id)}`)
      .expect(200);
    expect(await optedOut(fixture.users.viewer.id)).toBe(false);
    expect(await audits(fixture.users.viewer.id, "user.email_resubscribe")).toHaveLength(1);
  });

  it("a forged, malformed or orphaned link is 400, as a page or as the JSON error body", async () => {
    const forged = tokenFor(fixture.users.owner.id).replace(fixture.users.owner.id, fixture.users.admin.id);
    const orphan = createUnsubscribeToken(TEST_SESSION_SECRET, fixture.tenant.id, "0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e");
    for (const token of [forged, orphan, "garbage", ""]) {
      const page = await request(app.app)
        .post(`/email/unsubscribe?token=${encodeURIComponent(token)}`)
        .set("Accept", "text/html")
        .expect(400);
      expect(page.text).toContain("This link is not valid");
      const json = await request(app.app)
        .get(`/email/unsubscribe?token=${encodeURIComponent(token)}`)
        .set("Accept", "application/json")
        .expect(400);
      expect(json.body).toEqual({ error: { code: "INVALID_UNSUBSCRIBE_LINK", message: expect.any(String) }, requestId: expect.any(String) });
    }
    await request(app.app).get("/email/unsubscribe?token=a&token=b").set("Accept", "application/json").expect(400);
    expect(await optedOut(fixture.users.admin.id)).toBe(false);
  });
});

describe("unsubscribe end to end: the link in the email stops notification and pulse emails", () => {
  let sink: SmtpSink;
  let app: TestApp<BullEmailQueue>;
  let fixture: TenantFixture;
  let stack: MailStack;

  beforeAll(async () => {
    stack = await startMailStack({ features: { enableEmailNotifications: true } });
    ({ sink, app, fixture } = stack);
  });
  afterAll(() => stack.close());

  const answered = async (body: string) => {
    const questionId = (
      await insertQuestion(app.db, fixture.tenant.id, fixture.teams.a.id, {
        authorId: fixture.users.member.id,
        body,
        responseText: "Answered.",
        responderId: fixture.users.moderator.id,
      })
    ).id;
    const job = await app.queue.add("question-answered", {
      tenantId: fixture.tenant.id,
      questionId,
      recipientUserId: fixture.users.member.id,
      hideRecipient: false,
    });
    return waitForJob(app.queue, fixture.tenant.id, job.id);
  };

  it("one-click on the List-Unsubscribe URL of a received email; then answers and pulses are skipped, admin mail still arrives", async () => {
    expect((await answered("First question here?")).result).toMatchObject({ outcome: "sent" });
    const header = rawHeader(sink.messages[0], "list-unsubscribe");
    const url = new URL(/^<(.+)>$/.exec(header ?? "")?.[1] ?? "");
    await request(app.app).post(`${url.pathname}${url.search}`).type("form").send("List-Unsubscribe=One-Click").expect(200);

    expect((await answered("Second question here?")).result).toEqual({ outcome: "skipped", reason: "recipient unsubscribed" });
    const invite = await addInvite(app.db, { tenantId: fixture.tenant.id, teamId: fixture.teams.a.id, userId: fixture.users.member.id });
    const pulse = await app.queue.add("pulse-invite", { tenantId: fixture.tenant.id, inviteId: invite.id });
    expect((await waitForJob(app.queue, fixture.tenant.id, pulse.id)).result).toEqual({ outcome: "skipped", reason: "recipient unsubscribed" });
    expect(sink.messages).toHaveLength(1);

    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const direct = await admin.post("/admin/emails", { to: [fixture.users.member.id], subject: "Office closed Friday", body: "Enjoy." }).expect(202);
    expect((await waitForJob(app.queue, fixture.tenant.id, direct.body.jobIds[0])).status).toBe("completed");
    expect(sink.messages.map((message) => message.subject)).toEqual(["Your question was answered!", "Office closed Friday"]);
    expect(rawHeader(sink.messages[1], "list-unsubscribe")).toBeUndefined();
  });
});
