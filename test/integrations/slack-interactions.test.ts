import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slackJobProcessors } from "../../src/modules/slack/index.js";
import type { QueueJob } from "../../src/platform/queue.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { eventually } from "../helpers/eventually.js";
import { buttonsOf, interaction, startFakeSlack, type FakeSlack, type FakeSlackMessage } from "../helpers/fake-slack.js";
import { runPulse, slackPulseTenant, type SlackPulseTenant } from "../helpers/slack.js";

const PATH = "/integrations/slack/interactions";

/**
 * CONTRACT §11: a Slack button answers exactly as the e-mail's link does, once; the request must
 * carry the signature of the tenant its button names, within 5 minutes, and never be replayed.
 * Tried as an attacker would: forged, another tenant's secret, stale, replayed, concurrent.
 */
describe("POST /integrations/slack/interactions", () => {
  let app: TestApp;
  let fake: FakeSlack;

  beforeAll(async () => {
    fake = await startFakeSlack();
    app = await createTestApp({ env: { SLACK_API_URL: fake.url, SLACK_RETRY_BASE_MS: "20" } });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  /** A tenant whose send has gone out as DMs (the queue's Slack jobs run as the worker runs them). */
  async function sent(options: { people: number; teams?: "a" | "ab"; anonThreshold?: number } = { people: 2 }) {
    const tenant = await slackPulseTenant(app, options);
    fake.allow(tenant.slack.botToken);
    const tokens = await runPulse(app, tenant);
    const send = slackJobProcessors({ config: app.config, db: app.db, clock: app.clock, logger: app.logger })["pulse-invite-slack"]!;
    const jobs = app.queue.waiting.filter((job) => job.data.tenantId === tenant.fixture.tenant.id && job.name === "pulse-invite-slack");
    expect(jobs).toHaveLength(options.people);
    for (const job of jobs) expect(await send({ ...job, attemptsMade: 0, attemptsAllowed: 3 } as QueueJob)).toMatchObject({ outcome: "sent" });
    const messages = [...tokens.entries()].map(([email, token]) => {
      const message = fake.messages.find((candidate) => buttonsOf(candidate)[0]?.value.includes(token));
      if (!message) throw new Error(`no DM for ${email}`);
      return { email, token, message };
    });
    return { tenant, messages };
  }

  const click = (message: FakeSlackMessage, score: number, signingSecret: string, options: { timestamp?: number; value?: string; userId?: string } = {}) => {
    const button = buttonsOf(message).find((candidate) => candidate.actionId === `pulse_score_${score}`)!;
    return interaction({
      message,
      button: { ...button, value: options.value ?? button.value },
      signingSecret,
      timestamp: options.timestamp,
      userId: options.userId,
    });
  };
  const post = (signed: ReturnType<typeof interaction>) => request(app.app).post(PATH).set(signed.headers).send(signed.body);

  async function stored(tenant: SlackPulseTenant) {
    const tenantId = tenant.fixture.tenant.id;
    const count = async (table: string) => Number((await app.db(table).where({ tenant_id: tenantId }).count<Array<{ n: number }>>("* as n"))[0]?.n);
    return {
      answered: Number((await app.db("pulse_invites").where({ tenant_id: tenantId }).whereNotNull("responded_at").count<Array<{ n: number }>>("* as n"))[0]?.n),
      waiting: await count("pulse_waiting_responses"),
      released: await count("pulse_responses"),
      held: Number((await app.db("pulse_held_answers").where({ tenant_id: tenantId }).count<Array<{ n: number }>>("* as n"))[0]?.n),
    };
  }

  it("a click answers at once, sealed and waiting for its batch; the DM becomes a thank-you with no score and no link; the private conversation is shown to the clicker alone", async () => {
    const { tenant, messages } = await sent({ people: 2 });
    const [first] = messages;
    const response = await post(click(first!.message, 4, tenant.slack.signingSecret, { userId: "UCLICKER1" })).expect(200);
    expect(response.text).toBe("");
    expect(await stored(tenant)).toEqual({ answered: 1, waiting: 1, released: 0, held: 0 });

    await eventually(async () => expect(first!.message.updates).toHaveLength(1));
    const thanks = JSON.stringify(first!.message.updates[0]);
    expect(thanks).toContain("Thank you");
    expect(thanks).not.toMatch(/\b4\b/);
    // The DM stays in the workspace's history and exports, beside the person's name: it must not lead to their comment.
    expect(thanks).not.toContain("/pulse/conversation");

    await eventually(async () => expect(fake.ephemerals.filter((note) => note.channel === first!.message.channel)).toHaveLength(1));
    const note = fake.ephemerals.find((candidate) => candidate.channel === first!.message.channel)!;
    expect(note.user).toBe("UCLICKER1");
    const link = /(http:\/\/localhost:3000\/pulse\/conversation\/([A-Za-z0-9_-]+))\|/.exec(JSON.stringify(note.blocks));
    expect(link).not.toBeNull();
    const conversation = await request(app.app).get(`/pulse/conversations/${link![2]}`).expect(200);
    expect(conversation.body).toMatchObject({ question: { text: "How is your week going?" }, comment: null, replies: [] });
  });

  it("a second click (another score, a new request): already answered, nothing stored twice; concurrent clicks store one answer", async () => {
    const { tenant, messages } = await sent({ people: 2 });
    const [first, second] = messages;
    await post(click(first!.message, 2, tenant.slack.signingSecret)).expect(200);
    await post(click(first!.message, 5, tenant.slack.signingSecret, { timestamp: Math.floor(Date.now() / 1000) - 1 })).expect(200);
    expect(await stored(tenant)).toEqual({ answered: 1, waiting: 1, released: 0, held: 0 });
    await eventually(async () => expect(first!.message.updates).toHaveLength(2));
    expect(JSON.stringify(first!.message.updates[1])).toContain("already been answered");

    const now = Math.floor(Date.now() / 1000);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((score, i) => post(click(second!.message, score, tenant.slack.signingSecret, { timestamp: now - i }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await stored(tenant)).toEqual({ answered: 2, waiting: 2, released: 0, held: 0 });
  });

  it("refuses with 401, storing nothing: a forged signature, another tenant's secret, a stale or future timestamp, no signature", async () => {
    const { tenant, messages } = await sent({ people: 1 });
    const other = await sent({ people: 1 });
    const [mine] = messages;
    const now = Math.floor(Date.now() / 1000);
    const forged = click(mine!.message, 3, "not-the-signing-secret");
    const otherTenants = click(mine!.message, 3, other.tenant.slack.signingSecret);
    // The button rewritten to name the other tenant, signed with that tenant's secret: the token is not of that tenant.
    const renamed = click(mine!.message, 3, other.tenant.slack.signingSecret, { value: `pulse1:${other.tenant.fixture.tenant.slug}:${mine!.token}:3` });
    const stale = click(mine!.message, 3, tenant.slack.signingSecret, { timestamp: now - 330 });
    const future = click(mine!.message, 3, tenant.slack.signingSecret, { timestamp: now + 330 });
    const unsigned = click(mine!.message, 3, tenant.slack.signingSecret);
    const tampered = click(mine!.message, 3, tenant.slack.signingSecret);

    for (const [name, signed] of Object.entries({ forged, otherTenants, stale, future })) {
      const refused = await post(signed);
      expect([name, refused.status, refused.body.error?.code]).toEqual([name, 401, "SLACK_SIGNATURE_INVALID"]);
    }
    await request(app.app).post(PATH).set({ "content-type": unsigned.headers["content-type"] }).send(unsigned.body).expect(401);
    await request(app.app)
      .post(PATH)
      .set(tampered.headers)
      .send(tampered.body.replace("pulse_score_3", "pulse_score_1").replace(/%3A3%22/, "%3A1%22"))
      .expect(401);
    expect(await post(renamed).expect(200)).toBeTruthy();
    expect(await stored(tenant)).toEqual({ answered: 0, waiting: 0, released: 0, held: 0 });
    expect(await stored(other.tenant)).toEqual({ answered: 0, waiting: 0, released: 0, held: 0 });
    // The invite still answers with a genuine click.
    await post(click(mine!.message, 3, tenant.slack.signingSecret)).expect(200);
    expect(await stored(tenant)).toMatchObject({ answered: 1, waiting: 1 });
  });

  it("a replayed request is refused (401), on this instance and on another sharing the database", async () => {
    const { tenant, messages } = await sent({ people: 2 });
    const [first, second] = messages;
    const signed = click(first!.message, 4, tenant.slack.signingSecret);
    await post(signed).expect(200);
    expect((await post(signed).expect(401)).body.error.code).toBe("SLACK_SIGNATURE_INVALID");

    // A request captured before it reached us, replayed to another instance first, then to us.
    const captured = click(second!.message, 2, tenant.slack.signingSecret);
    const instance = await createTestApp({ database: { db: app.db, close: async () => undefined } as never, env: { SLACK_API_URL: fake.url } });
    try {
      await request(instance.app).post(PATH).set(captured.headers).send(captured.body).expect(200);
      await post(captured).expect(401);
    } finally {
      await instance.close();
    }
    expect(await stored(tenant)).toEqual({ answered: 2, waiting: 2, released: 0, held: 0 });
  });

  it("a request that is no score button of ours is 400, and the request log keeps neither payload, token, address nor Slack user", async () => {
    const { tenant, messages } = await sent({ people: 1 });
    await request(app.app).post(PATH).type("form").send({ payload: "{not json" }).expect(400);
    await request(app.app)
      .post(PATH)
      .type("form")
      .send({ payload: JSON.stringify({ type: "view_submission" }) })
      .expect(400);
    const [mine] = messages;
    const signed = interaction({
      message: mine!.message,
      button: buttonsOf(mine!.message)[2]!,
      signingSecret: tenant.slack.signingSecret,
      userId: "U0SECRETUSER",
    });
    await post(signed).expect(200);
    const lines = app.rawLogs.filter((line) => line.includes(PATH));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(JSON.parse(line).req).toEqual({ method: "POST", path: PATH });
    const everything = app.rawLogs.join("\n");
    for (const secret of [mine!.token, "U0SECRETUSER", mine!.email, "block_actions", signed.headers["x-slack-signature"]])
      expect(everything).not.toContain(secret);
  });
});
