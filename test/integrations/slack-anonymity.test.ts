import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slackJobProcessors } from "../../src/modules/slack/index.js";
import type { QueueJob } from "../../src/platform/queue.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { buttonsOf, interaction, startFakeSlack, userIdOf, type FakeSlack } from "../helpers/fake-slack.js";
import { describeLeaks, FigureCollector, readEverything } from "../helpers/pulse-attacker.js";
import { runPulse, slackPulseTenant, type SlackPulseTenant } from "../helpers/slack.js";

const K = 5;
const EVERY_RANGE = Array.from({ length: 52 }, (_, i) => i + 1);

/**
 * CONTRACT §5's anonymity, over the Slack path (CONTRACT §11): the pulse attacker of
 * pulse-anonymity.test.ts, and the database read for what links an answer to a person, with
 * every answer given by a Slack button. An answer through Slack is stored exactly as one through
 * the e-mail's link: sealed, waiting for its batch, released in random order by a transaction
 * that consumes no invite, with nothing of the person; and nothing of it is logged.
 */
describe("pulse anonymity of answers given in Slack", { timeout: 120_000 }, () => {
  let app: TestApp;
  let fake: FakeSlack;

  beforeAll(async () => {
    fake = await startFakeSlack();
    // E-mail taps commit at once too, so the two paths can be compared row for row.
    app = await createTestApp({ env: { SLACK_API_URL: fake.url }, tuning: { pulseScannerWindowMs: 0 } });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  /** A send whose invites went out as DMs; `answer(i, score)` clicks the i-th person's button. */
  async function slackSend(people: number, teams: "a" | "ab") {
    const tenant = await slackPulseTenant(app, { people, teams, anonThreshold: K });
    fake.allow(tenant.slack.botToken);
    const tokens = await runPulse(app, tenant);
    const send = slackJobProcessors({ config: app.config, db: app.db, clock: app.clock, logger: app.logger })["pulse-invite-slack"]!;
    for (const job of app.queue.waiting.filter((queued) => queued.data.tenantId === tenant.fixture.tenant.id)) {
      expect(await send({ ...job, attemptsMade: 0, attemptsAllowed: 3 } as QueueJob)).toMatchObject({ outcome: "sent" });
    }
    const messages = tenant.people.map((email) => fake.messages.find((message) => buttonsOf(message)[0]?.value.includes(tokens.get(email) as string))!);
    const answer = async (i: number, score: number) => {
      const message = messages[i]!;
      const button = buttonsOf(message).find((candidate) => candidate.actionId === `pulse_score_${score}`)!;
      const signed = interaction({ message, button, signingSecret: tenant.slack.signingSecret, userId: userIdOf(tenant.people[i]!) });
      await request(app.app).post("/integrations/slack/interactions").set(signed.headers).send(signed.body).expect(200);
    };
    return { tenant, tokens, answer };
  }

  const released = async (tenant: SlackPulseTenant) =>
    (await app.db.raw(`select *, xmin::text as tx from pulse_responses where tenant_id = ? order by ctid`, [tenant.fixture.tenant.id])).rows as Array<
      Record<string, unknown>
    >;

  it("the differencing attacker: read after every Slack answer, no two nested figures of any range, team or export differ by 1..k-1", async () => {
    const { tenant, answer } = await slackSend(14, "ab");
    const teams = [null, tenant.fixture.teams.a.id, tenant.fixture.teams.b.id];
    const collector = new FigureCollector();
    await readEverything(tenant.admin, collector, { ranges: [1, 2, 52], teams, at: 0 });
    for (let i = 0; i < tenant.people.length; i += 1) {
      await answer(i, 1 + (i % 5));
      await readEverything(tenant.admin, collector, { ranges: [1, 2, 52], exportRanges: [1], teams, at: i + 1 });
    }
    await readEverything(tenant.admin, collector, { ranges: EVERY_RANGE, exportRanges: [1, 52], teams, at: tenant.people.length + 1 });
    expect([...collector.figures.values()].filter((figure) => figure.count > 0).length).toBeGreaterThan(0);
    const leaks = collector.leaks(K);
    expect(leaks, describeLeaks(leaks)).toEqual([]);
  });

  it("held sealed until its batch, as an e-mail answer is; released shuffled by a transaction of its own, with nothing of the person", async () => {
    const viaSlack = await slackSend(5, "a");
    // The same send answered through the e-mail's link, for comparison.
    const viaEmail = await slackSend(5, "a");
    const emailTokens = viaEmail.tenant.people.map((email) => viaEmail.tokens.get(email) as string);

    for (let i = 0; i < 4; i += 1) {
      await viaSlack.answer(i, 5);
      await request(app.app).post("/pulse/respond").send({ token: emailTokens[i], score: 5 }).expect(200);
    }
    const waitingOf = (tenant: SlackPulseTenant) => app.db("pulse_waiting_responses").where({ tenant_id: tenant.fixture.tenant.id });
    const [slackWaiting, emailWaiting] = [await waitingOf(viaSlack.tenant), await waitingOf(viaEmail.tenant)];
    expect(await released(viaSlack.tenant)).toEqual([]);
    expect(slackWaiting).toHaveLength(4);
    // Four equal scores, four different sealed values, the shape and size of the e-mail path's.
    expect(new Set(slackWaiting.map((row) => Buffer.from(row.sealed).toString("hex"))).size).toBe(4);
    const shape = (row: Record<string, unknown>) => ({ columns: Object.keys(row).sort(), length: (row.sealed as Buffer).length, established: row.established });
    expect(slackWaiting.map(shape)).toEqual(emailWaiting.map(shape));
    const summary = (await viaSlack.tenant.admin.get("/pulse/summary?range=4w").expect(200)).body;
    expect(summary.questions.every((question: { responseCount: number }) => question.responseCount === 0)).toBe(true);

    await viaSlack.answer(4, 1);
    const rows = await released(viaSlack.tenant);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((row) => row.tx)).size).toBe(1);
    const invites = await app.db("pulse_invites").where({ tenant_id: viaSlack.tenant.fixture.tenant.id });
    const personal = new Set([
      ...invites.flatMap((invite) => [invite.id, invite.token, invite.user_id, new Date(invite.responded_at).toISOString()]),
      ...viaSlack.tenant.people.flatMap((email) => [email, userIdOf(email)]),
    ]);
    for (const row of rows) {
      expect(String(row.responded_at instanceof Date ? row.responded_at.toISOString() : row.responded_at)).toMatch(/T00:00:00/);
      for (const value of Object.values(row)) expect(personal.has(value instanceof Date ? value.toISOString() : (value as string))).toBe(false);
    }
    // The transaction that released them wrote nothing that names a person (the one consuming the invites is another).
    for (const table of ["users", "pulse_invites", "audit_logs", "slack_seen_requests"]) {
      const shared = await app.db.raw(`select count(*)::int as n from ${table} p where p.xmin::text = ?`, [String(rows[0]!.tx)]);
      expect(shared.rows[0].n, table).toBe(0);
    }
    // What the replay guard keeps names nobody: a tenant, a hash and an expiry.
    const seen = await app.db("slack_seen_requests").where({ tenant_id: viaSlack.tenant.fixture.tenant.id });
    expect(seen).toHaveLength(5);
    expect(Object.keys(seen[0]!).sort()).toEqual(["expires_at", "signature_hash", "tenant_id"]);

    const logged = app.rawLogs.join("\n");
    for (const email of viaSlack.tenant.people) {
      for (const secret of [email, userIdOf(email), viaSlack.tokens.get(email) as string]) expect(logged).not.toContain(secret);
    }
  });
});
