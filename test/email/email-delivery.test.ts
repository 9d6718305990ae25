import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import { signIn, type TestApp } from "../helpers/app.js";
import { type MailStack, startMailStack, waitForJob } from "../helpers/email.js";
import { createTenantFixture, type TenantFixture, insertQuestion } from "../helpers/factories.js";
import { addInvite } from "../helpers/pulse.js";
import { rawHeader, type SmtpSink } from "../helpers/smtp-sink.js";

const NOTIFICATIONS_ON = { features: { enableEmailNotifications: true } };

describe("email worker: templates delivered to a real SMTP server", () => {
  let sink: SmtpSink;
  let app: TestApp<BullEmailQueue>;
  let fixture: TenantFixture;
  let stack: MailStack;

  beforeAll(async () => {
    stack = await startMailStack(NOTIFICATIONS_ON);
    ({ sink, app, fixture } = stack);
  });
  afterAll(() => stack.close());

  const tenantId = () => fixture.tenant.id;
  const mailTo = (address: string) => sink.messages.filter((message) => message.to && JSON.stringify(message.to).includes(address));

  it("question answered: the author gets SPEC's subject, question, answer, responder and links, all escaped", async () => {
    await app.db("users").where({ id: fixture.users.moderator.id }).update({ name: 'Mod <img src=x onerror="alert(1)">' });
    const questionId = (
      await insertQuestion(app.db, fixture.tenant.id, fixture.teams.a.id, {
        authorId: fixture.users.member.id,
        body: 'Can we ship <script>alert("x")</script> & "friends" on Friday?',
        responseText: "Yes <b>we</b> can & will.\n\nSecond paragraph.",
        responderId: fixture.users.moderator.id,
      })
    ).id;
    const job = await app.queue.add("question-answered", { tenantId: tenantId(), questionId, recipientUserId: fixture.users.member.id, hideRecipient: false });
    const done = await waitForJob(app.queue, tenantId(), job.id);
    expect(done).toMatchObject({ status: "completed", result: { outcome: "sent", to: [fixture.users.member.email] } });

    const [message] = mailTo(fixture.users.member.email);
    expect(message?.subject).toBe("Your question was answered!");
    const html = String(message?.html);
    expect(html).toContain("Can we ship &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;friends&quot; on Friday?");
    expect(html).toContain("Yes &lt;b&gt;we&lt;/b&gt; can &amp; will.");
    expect(html).toContain("Mod &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toMatch(/<script|<img|<b>we/);
    expect(html).toContain(`Hi ${fixture.users.member.name}`);
    expect(html).toContain(`href="http://localhost:3000/alpha?question=${questionId}"`);
    expect(message?.text).toContain('Can we ship <script>alert("x")</script> & "friends" on Friday?');
    expect(message?.text).toContain("Yes <b>we</b> can & will.");
    const unsubscribe = /href="(http:\/\/localhost:3000\/email\/unsubscribe\?token=[^"]+)"/.exec(html)?.[1];
    expect(unsubscribe).toBeDefined();
    expect(rawHeader(message, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(rawHeader(message, "list-unsubscribe")).toBe(`<${unsubscribe?.replaceAll("&amp;", "&")}>`);
  });

  it("question answered is skipped, not sent, when nobody may receive it", async () => {
    const { users } = fixture;
    const anonymousVisitor = (
      await insertQuestion(app.db, fixture.tenant.id, fixture.teams.a.id, {
        authorId: null,
        body: "A visitor asks this",
        responseText: "Answer",
        responderId: fixture.users.moderator.id,
      })
    ).id;
    const unanswered = (await insertQuestion(app.db, fixture.tenant.id, fixture.teams.a.id, { authorId: users.viewer.id, body: "Still open question" })).id;
    const deactivatedAuthor = (
      await insertQuestion(app.db, fixture.tenant.id, fixture.teams.a.id, {
        authorId: users.memberB.id,
        body: "Asked before leaving",
        responseText: "Bye",
        responderId: fixture.users.moderator.id,
      })
    ).id;
    await app.db("users").where({ id: users.memberB.id }).update({ deactivated_at: new Date() });
    const notTheAuthor = (
      await insertQuestion(app.db, fixture.tenant.id, fixture.teams.a.id, {
        authorId: users.owner.id,
        body: "Owner's question",
        responseText: "Sure",
        responderId: fixture.users.moderator.id,
      })
    ).id;
    const cases: Array<[string, string, string]> = [
      [anonymousVisitor, users.member.id, "recipient is not the question's author"],
      [unanswered, users.viewer.id, "question is not answered"],
      [deactivatedAuthor, users.memberB.id, "recipient is deactivated"],
      [notTheAuthor, users.member.id, "recipient is not the question's author"],
      ["8b0c6f55-3d0e-4d39-9f43-7a1a5a0a0a0a", users.member.id, "question not found"],
    ];
    const before = sink.messages.length;
    for (const [questionId, recipientUserId, reason] of cases) {
      const job = await app.queue.add("question-answered", { tenantId: tenantId(), questionId, recipientUserId, hideRecipient: false });
      const done = await waitForJob(app.queue, tenantId(), job.id);
      expect(done, reason).toMatchObject({ status: "completed", result: { outcome: "skipped", reason } });
    }
    // Whether notifications are on is decided when the answer queues the job (test/email/email-answered-settings.test.ts), not here.
    expect(sink.messages.length).toBe(before);
  });

  it("pulse invite: five one-tap links with the invite's token, the anonymity statement and the expiry note", async () => {
    const sentAt = new Date();
    const invite = await addInvite(app.db, {
      tenantId: fixture.tenant.id,
      teamId: fixture.teams.a.id,
      userId: fixture.users.viewer.id,
      questionText: "How <em>supported</em> do you feel?",
      sentAt,
    });
    const job = await app.queue.add("pulse-invite", { tenantId: tenantId(), inviteId: invite.id });
    expect(await waitForJob(app.queue, tenantId(), job.id)).toMatchObject({ status: "completed", result: { outcome: "sent" } });

    const [message] = mailTo(fixture.users.viewer.email);
    expect(message?.subject).toBe("Weekly Pulse - How are you feeling?");
    const html = String(message?.html);
    expect(html).toContain("How &lt;em&gt;supported&lt;/em&gt; do you feel?");
    const links = [...html.matchAll(/href="(http:\/\/localhost:3000\/pulse\/respond\?[^"]+)"/g)].map((match) => new URL(match[1]!.replaceAll("&amp;", "&")));
    expect(links).toHaveLength(5);
    expect(links.map((link) => link.searchParams.get("score"))).toEqual(["1", "2", "3", "4", "5"]);
    for (const link of links) expect(link.searchParams.get("token")).toBe(invite.token);
    for (const score of [1, 2, 3, 4, 5]) expect(message?.text).toContain(`http://localhost:3000/pulse/respond?token=${invite.token}&score=${score}`);
    expect(message?.text).toMatch(/anonymous/);
    expect(message?.text).toMatch(/expires on .*7 days after it was sent/);
    expect(rawHeader(message, "list-unsubscribe")).toMatch(/^<http:\/\/localhost:3000\/email\/unsubscribe\?token=[^>]+>$/);
    // The token lives in pulse_invites only: not in the job, its result, or any log line.
    expect(JSON.stringify(await app.queue.find(tenantId(), job.id))).not.toContain(invite.token);
    expect(JSON.stringify(app.logs)).not.toContain(invite.token);
  });

  it("pulse invite is skipped when answered, expired, or the user unsubscribed or left", async () => {
    const before = sink.messages.length;
    const answered = await addInvite(app.db, {
      tenantId: fixture.tenant.id,
      teamId: fixture.teams.a.id,
      userId: fixture.users.owner.id,
      respondedAt: new Date(),
    });
    const expired = await addInvite(app.db, {
      tenantId: fixture.tenant.id,
      teamId: fixture.teams.a.id,
      userId: fixture.users.owner.id,
      sentAt: new Date(Date.now() - 8 * 24 * 3600 * 1000),
    });
    const unsubscribed = await addInvite(app.db, { tenantId: fixture.tenant.id, teamId: fixture.teams.a.id, userId: fixture.users.teamModerator.id });
    await app.db("users").where({ id: fixture.users.teamModerator.id }).update({ email_opt_out_at: new Date() });
    const cases: Array<[string, string]> = [
      [answered.id, "invite already answered"],
      [expired.id, "invite expired"],
      [unsubscribed.id, "recipient unsubscribed"],
      ["5a4b3c2d-1e0f-4a1b-8c2d-3e4f5a6b7c8d", "invite not found"],
    ];
    for (const [inviteId, reason] of cases) {
      const job = await app.queue.add("pulse-invite", { tenantId: tenantId(), inviteId });
      expect((await waitForJob(app.queue, tenantId(), job.id)).result, reason).toEqual({ outcome: "skipped", reason });
    }
    expect(sink.messages.length).toBe(before);
  });

  it("a job naming another tenant's invite or question finds nothing", async () => {
    const other = await createTenantFixture(app.db, { settings: NOTIFICATIONS_ON });
    const invite = await addInvite(app.db, { tenantId: other.tenant.id, teamId: other.teams.a.id, userId: other.users.member.id });
    const question = (
      await insertQuestion(app.db, other.tenant.id, other.teams.a.id, {
        authorId: other.users.member.id,
        body: "Other tenant's",
        responseText: "Yes",
        responderId: other.users.moderator.id,
      })
    ).id;
    const pulse = await app.queue.add("pulse-invite", { tenantId: tenantId(), inviteId: invite.id });
    const answered = await app.queue.add("question-answered", {
      tenantId: tenantId(),
      questionId: question,
      recipientUserId: other.users.member.id,
      hideRecipient: false,
    });
    expect((await waitForJob(app.queue, tenantId(), pulse.id)).result).toEqual({ outcome: "skipped", reason: "invite not found" });
    expect((await waitForJob(app.queue, tenantId(), answered.id)).result).toEqual({ outcome: "skipped", reason: "question not found" });
  });

  it("a direct email from an admin arrives with the admin's subject and escaped body, signed by the admin", async () => {
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const response = await admin
      .post("/admin/emails", {
        to: [fixture.users.viewer.id, "guest@example.org"],
        subject: "All-hands moved",
        body: "Now on <Thursday>.\nSee you & bring questions.",
      })
      .expect(202);
    expect(response.body).toEqual({ queued: 2, jobIds: [expect.any(String), expect.any(String)] });
    for (const id of response.body.jobIds) expect((await waitForJob(app.queue, tenantId(), id)).status).toBe("completed");
    const guest = mailTo("guest@example.org").find((message) => message.subject === "All-hands moved");
    expect(String(guest?.html)).toContain("Now on &lt;Thursday&gt;.<br>See you &amp; bring questions.");
    expect(guest?.text).toContain(`Sent by ${fixture.users.admin.name} of ${fixture.tenant.name}`);
    expect(mailTo(fixture.users.viewer.email).some((message) => message.subject === "All-hands moved")).toBe(true);
  });
  it("end to end through the API: a moderator answers, the author's email arrives once (an edit sends no second one)", async () => {
    const author = await signIn(app, fixture.tenant.slug, "member");
    const moderator = await signIn(app, fixture.tenant.slug, "moderator");
    const question = await author.post("/questions", { body: "Will the API send my answer email?", teamId: fixture.teams.a.id }).expect(201);
    const before = mailTo(fixture.users.member.email).length;
    await moderator.post(`/questions/${question.body.id}/answer`, { responseText: "Yes, through the queue." }).expect(200);
    const received = () => mailTo(fixture.users.member.email).filter((message) => String(message.text).includes("Will the API send my answer email?"));
    await sink.waitForMessages(sink.messages.length + 1);
    const [message] = received();
    expect(message?.subject).toBe("Your question was answered!");
    expect(message?.text).toContain("Yes, through the queue.");
    expect(message?.text).toContain(`http://localhost:3000/alpha?question=${question.body.id}`);

    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const jobCount = async () =>
      Object.values((await admin.get("/admin/email-queue").expect(200)).body.metrics as Record<string, number>).reduce((a, b) => a + b, 0);
    const jobsBefore = await jobCount();
    await moderator.post(`/questions/${question.body.id}/answer`, { responseText: "Edited answer." }).expect(200);
    expect(await jobCount()).toBe(jobsBefore);
    expect(mailTo(fixture.users.member.email).length).toBe(before + 1);
  });
});

describe("links into the app with tenants on subdomains (CONTRACT §8)", () => {
  let stack: MailStack;
  beforeAll(async () => {
    stack = await startMailStack(NOTIFICATIONS_ON, { BASE_DOMAIN: "qa.example.com", FRONTEND_URL: "https://qa.example.com" });
  });
  afterAll(() => stack.close());

  it("the answered e-mail links to the question on the tenant's own address, not FRONTEND_URL's tenant", async () => {
    const { app, fixture, sink } = stack;
    const questionId = (
      await insertQuestion(app.db, fixture.tenant.id, fixture.teams.a.id, {
        authorId: fixture.users.member.id,
        body: "Which address opens this?",
        responseText: "Your tenant's.",
        responderId: fixture.users.moderator.id,
      })
    ).id;
    const job = await app.queue.add("question-answered", {
      tenantId: fixture.tenant.id,
      questionId,
      recipientUserId: fixture.users.member.id,
      hideRecipient: false,
    });
    expect(await waitForJob(app.queue, fixture.tenant.id, job.id)).toMatchObject({ status: "completed", result: { outcome: "sent" } });
    const message = sink.messages.find((candidate) => JSON.stringify(candidate.to).includes(fixture.users.member.email));
    const expected = `https://${fixture.tenant.slug}.qa.example.com/alpha?question=${questionId}`;
    expect(message?.text).toContain(expected);
    expect(String(message?.html)).toContain(`href="${expected}"`);
  });
});
