import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { eventually } from "../helpers/eventually.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { startFakeSlack, type FakeSlack } from "../helpers/fake-slack.js";
import { openPoll, pollBodies } from "../helpers/polls.js";
import { slackApp } from "../helpers/slack.js";
import { TeamsReceiver } from "./teams-receiver.js";

/** Test-speed retries: four attempts, 80 ms apart. */
const RETRY_DELAYS_MS = [80, 80, 80];
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

/**
 * CONTRACT §11: a team's new questions, answers and closed polls reach its Slack channel (Block
 * Kit) and its Teams channel (an Adaptive Card), off the request path, and only that team's.
 */
describe("Team chat channels: what is posted", () => {
  let app: TestApp;
  let fake: FakeSlack;
  const receivers: TeamsReceiver[] = [];

  async function tenantWithChannels(settings?: unknown) {
    const t = await createTenantFixture(app.db, { settings });
    const admin = await signIn(app, t.tenant.slug, "admin");
    const slack = slackApp(t.tenant.slug);
    fake.allow(slack.botToken);
    await admin.post("/admin/tenant-settings", { slack }).expect(200);
    const alpha = await new TeamsReceiver().start();
    const beta = await new TeamsReceiver().start();
    receivers.push(alpha, beta);
    await admin
      .put(`/admin/teams/${t.teams.a.id}/channels`, {
        slackChannel: `C0A${t.tenant.slug
          .slice(-8)
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, "0")}`,
        teamsWebhookUrl: alpha.url("alpha"),
      })
      .expect(200);
    await admin
      .put(`/admin/teams/${t.teams.b.id}/channels`, {
        slackChannel: `C0B${t.tenant.slug
          .slice(-8)
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, "0")}`,
        teamsWebhookUrl: beta.url("beta"),
      })
      .expect(200);
    const channels = {
      a: (await admin.get(`/admin/teams/${t.teams.a.id}/channels`).expect(200)).body.slackChannel as string,
      b: (await admin.get(`/admin/teams/${t.teams.b.id}/channels`).expect(200)).body.slackChannel as string,
    };
    return { t, admin, alpha, beta, channels };
  }
  const slackIn = (channel: string) => fake.messages.filter((message) => message.channel === channel);

  beforeAll(async () => {
    fake = await startFakeSlack();
    app = await createTestApp({
      env: { WEBHOOK_ALLOW_PRIVATE: "true", SLACK_API_URL: fake.url, SLACK_RETRY_BASE_MS: "10", FRONTEND_URL: "https://qa.example.com" },
      tuning: { channelRetryDelaysMs: RETRY_DELAYS_MS },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  it("a new question, its answer and a closed poll arrive as cards in the team's channels, not in another team's", async () => {
    const { t, alpha, beta, channels } = await tenantWithChannels();
    const { member, moderator } = await signInMany(app, t.tenant.slug, ["member", "moderator"]);
    const question = await askQuestion(member, t.teams.a.id, "What is the plan for the winter offsite?");
    await eventually(async () => expect(alpha.posted).toHaveLength(1));
    await eventually(async () => expect(slackIn(channels.a)).toHaveLength(1));
    const link = `https://qa.example.com/${t.teams.a.slug}?question=${question.id}`;

    const card = alpha.posted[0]!.body;
    expect(card.type).toBe("message");
    expect(card.attachments).toHaveLength(1);
    expect(card.attachments[0]).toMatchObject({ contentType: "application/vnd.microsoft.card.adaptive", content: { type: "AdaptiveCard", version: "1.4" } });
    const content = JSON.stringify(card.attachments[0]?.content);
    expect(content).toContain("What is the plan for the winter offsite?");
    expect(content).toContain(t.users.member.name);
    expect(card.attachments[0]?.content.actions).toEqual([{ type: "Action.OpenUrl", title: "Open the question", url: link }]);
    const posted = slackIn(channels.a)[0]!;
    expect(JSON.stringify(posted.blocks)).toContain("What is the plan for the winter offsite?");
    expect(JSON.stringify(posted.blocks)).toContain(`<${link}|Open the question>`);

    await moderator.post(`/questions/${question.id}/answer`, { responseText: "Lisbon, in February." }).expect(200);
    await eventually(async () => expect(alpha.posted).toHaveLength(2));
    await eventually(async () => expect(slackIn(channels.a)).toHaveLength(2));
    expect(JSON.stringify(alpha.posted[1]!.body)).toContain("Lisbon, in February.");
    expect(JSON.stringify(alpha.posted[1]!.body)).toContain("Answered in Team Alpha");
    expect(JSON.stringify(slackIn(channels.a)[1]!.blocks)).toContain("Lisbon, in February.");

    // Results the room was not shown are not posted either.
    const hidden = await openPoll(moderator, pollBodies.single(t.teams.a.id, { title: "A poll whose results stay hidden" }));
    await member.post(`/polls/${hidden.id}/votes`, { optionIds: [hidden.options[0]?.id] }).expect(200);
    await moderator.post(`/polls/${hidden.id}/close`).expect(200);
    const poll = await openPoll(moderator, pollBodies.single(t.teams.a.id, { resultsVisible: true }));
    await member.post(`/polls/${poll.id}/votes`, { optionIds: [poll.options[1]?.id] }).expect(200);
    await moderator.post(`/polls/${poll.id}/close`).expect(200);
    await eventually(async () => expect(alpha.posted).toHaveLength(3));
    await eventually(async () => expect(slackIn(channels.a)).toHaveLength(3));
    const results = JSON.stringify(alpha.posted[2]!.body.attachments[0]?.content);
    expect(results).toContain("Where shall we meet?");
    expect(results).toContain("Oslo: 1 (100%)");
    expect(results).toContain("Lisbon: 0");
    expect(JSON.stringify(slackIn(channels.a)[2]!.blocks)).toContain("Oslo: 1 (100%)");

    await settle();
    expect(JSON.stringify([alpha.posted, slackIn(channels.a)])).not.toContain("A poll whose results stay hidden");
    expect(beta.received).toEqual([]);
    expect(slackIn(channels.b)).toEqual([]);
    // Deletions are not posted.
    const doomed = await askQuestion(member, t.teams.a.id);
    await eventually(async () => expect(alpha.posted).toHaveLength(4));
    await moderator.delete(`/questions/${doomed.id}`).expect(204);
    await settle();
    expect(alpha.posted).toHaveLength(4);

    // Team B's question goes to team B's channels only.
    const memberB = await signIn(app, t.tenant.slug, t.users.memberB.username);
    await askQuestion(memberB, t.teams.b.id, "Can we move the retro to Thursday?");
    await eventually(async () => expect(beta.posted).toHaveLength(1));
    await eventually(async () => expect(slackIn(channels.b)).toHaveLength(1));
    expect(JSON.stringify(alpha.posted)).not.toContain("Thursday");
  });

  it("an anonymous question's card carries no author id, name or e-mail, in Slack or Teams", async () => {
    const { t, alpha, channels } = await tenantWithChannels();
    const { member, moderator } = await signInMany(app, t.tenant.slug, ["member", "moderator"]);
    const asked = await member.post("/questions", { body: "Why are the salary bands not published?", teamId: t.teams.a.id, anonymous: true }).expect(201);
    await moderator.post(`/questions/${asked.body.id}/answer`, { responseText: "They will be, in March." }).expect(200);
    await eventually(async () => expect(alpha.posted).toHaveLength(2));
    await eventually(async () => expect(slackIn(channels.a)).toHaveLength(2));
    const everything = JSON.stringify([alpha.received, slackIn(channels.a), fake.calls.filter((call) => call.args.channel === channels.a)]);
    expect(everything).toContain("Why are the salary bands not published?");
    expect(everything).toContain("Anonymous");
    const author = t.users.member;
    for (const secret of [author.id, author.name, author.email, author.username]) expect(everything).not.toContain(secret);
  });

  it("a question held for review is posted only once approved; a rejected one never", async () => {
    const { t, alpha, channels } = await tenantWithChannels({ features: { requireQuestionApproval: true } });
    const { member, moderator } = await signInMany(app, t.tenant.slug, ["member", "moderator"]);
    const held = await askQuestion(member, t.teams.a.id, "Held question about the budget?");
    const rejected = await askQuestion(member, t.teams.a.id, "Rejected question about the budget?");
    expect([held.status, rejected.status]).toEqual(["UNDER_REVIEW", "UNDER_REVIEW"]);
    await moderator.post(`/questions/${rejected.id}/reject`, {}).expect(204);
    await settle();
    expect(alpha.received).toEqual([]);
    expect(slackIn(channels.a)).toEqual([]);
    await moderator.post(`/questions/${held.id}/approve`, {}).expect(200);
    await eventually(async () => expect(alpha.posted).toHaveLength(1));
    await eventually(async () => expect(slackIn(channels.a)).toHaveLength(1));
    expect(JSON.stringify(alpha.posted)).toContain("Held question about the budget?");
    expect(JSON.stringify([alpha.received, slackIn(channels.a)])).not.toContain("Rejected question");
  });

  it("a Teams receiver failing then recovering gets the card once, retried; 429's Retry-After is waited for; a 4xx is not retried", async () => {
    const { t, alpha } = await tenantWithChannels();
    const member = await signIn(app, t.tenant.slug, "member");
    alpha.answer({ status: 503 }, { status: 500 });
    await askQuestion(member, t.teams.a.id, "Retried question?");
    await eventually(async () => expect(alpha.posted).toHaveLength(1));
    expect(alpha.received).toHaveLength(3);
    await settle();
    expect(alpha.posted).toHaveLength(1);

    alpha.answer({ status: 429, retryAfter: "1" });
    const started = Date.now();
    await askQuestion(member, t.teams.a.id, "Rate limited question?");
    await eventually(async () => expect(alpha.posted).toHaveLength(2));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(alpha.received).toHaveLength(5);

    alpha.answer({ status: 404 });
    await askQuestion(member, t.teams.a.id, "Gone receiver question?");
    await eventually(async () => expect(alpha.received).toHaveLength(6));
    await settle();
    expect(alpha.received).toHaveLength(6);
    expect(alpha.posted).toHaveLength(2);
    const given = app.logs.filter((line) => line.msg === "channel post given up" && line.tenantId === t.tenant.id);
    expect(given).toEqual([expect.objectContaining({ target: "teams", status: 404 })]);
    expect(app.rawLogs.join("\n")).not.toContain("sig=alpha");
  });

  it("a receiver that keeps failing gets the retries, then nothing more; the question was created all the same", async () => {
    const { t, alpha } = await tenantWithChannels();
    const member = await signIn(app, t.tenant.slug, "member");
    alpha.answer({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    await askQuestion(member, t.teams.a.id, "Never posted question?");
    await eventually(async () => expect(alpha.received).toHaveLength(4));
    await settle();
    expect(alpha.received).toHaveLength(4);
    expect(alpha.posted).toEqual([]);
  });
});

describe("Team chat channels: Slack", () => {
  let app: TestApp;
  let fake: FakeSlack;
  let t: TenantFixture;
  let admin: ApiClient;

  beforeAll(async () => {
    fake = await startFakeSlack({ rateLimit: { methods: ["chat.postMessage"], calls: 1, windowMs: 1000, retryAfterSeconds: 1 } });
    app = await createTestApp({ env: { SLACK_API_URL: fake.url, SLACK_RETRY_BASE_MS: "10" }, tuning: { channelRetryDelaysMs: RETRY_DELAYS_MS } });
    t = await createTenantFixture(app.db);
    admin = await signIn(app, t.tenant.slug, "admin");
    const slack = slackApp(t.tenant.slug);
    fake.allow(slack.botToken);
    await admin.post("/admin/tenant-settings", { slack }).expect(200);
    await admin.put(`/admin/teams/${t.teams.a.id}/channels`, { slackChannel: "#alpha-questions" }).expect(200);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it("Slack's Retry-After is waited for, and each message is posted once", async () => {
    const member = await signIn(app, t.tenant.slug, "member");
    await askQuestion(member, t.teams.a.id, "First question?");
    await askQuestion(member, t.teams.a.id, "Second question?");
    await eventually(async () => expect(fake.ok("chat.postMessage")).toHaveLength(2));
    expect(fake.calls.filter((call) => call.method === "chat.postMessage" && call.status === 429).length).toBeGreaterThanOrEqual(1);
    const texts = fake.messages.filter((message) => message.channel === "#alpha-questions").map((message) => JSON.stringify(message.blocks));
    expect(texts.filter((text) => text.includes("First question?"))).toHaveLength(1);
    expect(texts.filter((text) => text.includes("Second question?"))).toHaveLength(1);
  });
});
