import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resealTeamChannelSecrets } from "../../src/modules/channels/index.js";
import { createSettingsSecrets } from "../../src/platform/settings-secrets.js";
import { createTestApp, signIn, signInMany, TEST_SESSION_SECRET, type ApiClient, type TestApp } from "../helpers/app.js";
import { startFakeSlack, type FakeSlack } from "../helpers/fake-slack.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { slackApp } from "../helpers/slack.js";
import { TeamsReceiver } from "./teams-receiver.js";

const SIG = "wf-signature-Zq9xP3vR7tK2mN8bC4dF6hJ1";

/** CONTRACT §11: a team's chat channels, as its admins set them up. */
describe("Team chat channels: configuration", () => {
  let app: TestApp;
  let fake: FakeSlack;
  let teams: TeamsReceiver;
  let t: TenantFixture;
  let other: TenantFixture;
  let admin: ApiClient;
  const channelsOf = (teamId: string) => `/admin/teams/${teamId}/channels`;

  beforeAll(async () => {
    fake = await startFakeSlack();
    teams = await new TeamsReceiver().start();
    app = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true", SLACK_API_URL: fake.url, SLACK_RETRY_BASE_MS: "10" } });
    t = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
    admin = await signIn(app, t.tenant.slug, "admin");
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await teams.close();
  });

  it("a team starts without channels; only admins may read or change them", async () => {
    expect((await admin.get(channelsOf(t.teams.a.id)).expect(200)).body).toEqual({ slackChannel: null, teamsWebhookSet: false });
    const { moderator, member } = await signInMany(app, t.tenant.slug, ["moderator", "member"]);
    for (const client of [moderator, member]) {
      await client.get(channelsOf(t.teams.a.id)).expect(403);
      await client.put(channelsOf(t.teams.a.id), { slackChannel: null }).expect(403);
      await client.post(`${channelsOf(t.teams.a.id)}/test`).expect(403);
    }
  });

  it("another tenant's team is not found, for reading, writing and testing; its channels stay as they were", async () => {
    const otherAdmin = await signIn(app, other.tenant.slug, "admin");
    await otherAdmin.put(channelsOf(other.teams.a.id), { teamsWebhookUrl: teams.url("other-tenant-sig") }).expect(200);
    await admin.get(channelsOf(other.teams.a.id)).expect(404);
    await admin.put(channelsOf(other.teams.a.id), { teamsWebhookUrl: null }).expect(404);
    await admin.post(`${channelsOf(other.teams.a.id)}/test`).expect(404);
    expect((await otherAdmin.get(channelsOf(other.teams.a.id)).expect(200)).body).toEqual({ slackChannel: null, teamsWebhookSet: true });
    await admin.get(channelsOf("00000000-0000-4000-8000-000000000000")).expect(404);
    await admin.get("/admin/teams/not-a-uuid/channels").expect(404);
  });

  it("refuses a Slack channel until the tenant's Slack app is connected, and a channel that is neither an ID nor #name", async () => {
    const refused = await admin.put(channelsOf(t.teams.a.id), { slackChannel: "C0123ABCD" }).expect(400);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ path: "body.slackChannel" })]);
    await admin.post("/admin/tenant-settings", { slack: slackApp(t.tenant.slug) }).expect(200);
    for (const bad of ["general", "#Has Spaces", "C01", "<#C0123ABCD>", "U0123ABCD", 42]) {
      const response = await admin.put(channelsOf(t.teams.a.id), { slackChannel: bad }).expect(400);
      expect(response.body.error.details[0].path, String(bad)).toBe("body.slackChannel");
    }
    await admin.put(channelsOf(t.teams.a.id), {}).expect(400);
    await admin.put(channelsOf(t.teams.a.id), { slackChannel: "C0123ABCD", extra: 1 }).expect(400);
  });

  it("sets, keeps (omitted) and removes (null) each channel independently; changes are audited without the URL", async () => {
    const team = t.teams.b.id;
    expect((await admin.put(channelsOf(team), { slackChannel: "#team-beta" }).expect(200)).body).toEqual({
      slackChannel: "#team-beta",
      teamsWebhookSet: false,
    });
    expect((await admin.put(channelsOf(team), { teamsWebhookUrl: teams.url(SIG) }).expect(200)).body).toEqual({
      slackChannel: "#team-beta",
      teamsWebhookSet: true,
    });
    expect((await admin.put(channelsOf(team), { slackChannel: "C0BETA1234" }).expect(200)).body).toEqual({ slackChannel: "C0BETA1234", teamsWebhookSet: true });
    expect((await admin.get(channelsOf(team)).expect(200)).body).toEqual({ slackChannel: "C0BETA1234", teamsWebhookSet: true });
    expect((await admin.put(channelsOf(team), { slackChannel: null }).expect(200)).body).toEqual({ slackChannel: null, teamsWebhookSet: true });
    expect((await admin.put(channelsOf(team), { teamsWebhookUrl: null }).expect(200)).body).toEqual({ slackChannel: null, teamsWebhookSet: false });
    expect(await app.db("team_channels").where({ team_id: team })).toEqual([]);
    const audit = await app.db("audit_logs").where({ tenant_id: t.tenant.id, action: "team.channels_update", entity_id: team }).orderBy("created_at");
    expect(audit).toHaveLength(5);
    expect(audit.map((row) => (typeof row.after === "string" ? JSON.parse(row.after) : row.after))[1]).toEqual({
      slackChannel: "#team-beta",
      teamsWebhookSet: true,
      teamsWebhookReplaced: true,
    });
  });

  it("the Teams URL is write-only: never answered, stored sealed, and absent from the audit log and the logs", async () => {
    const team = t.teams.a.id;
    await admin.put(channelsOf(team), { teamsWebhookUrl: teams.url(SIG) }).expect(200);
    const read = await admin.get(channelsOf(team)).expect(200);
    expect(JSON.stringify(read.body)).not.toContain(SIG);
    const test = await admin.post(`${channelsOf(team)}/test`).expect(200);
    expect(JSON.stringify(test.body)).not.toContain(SIG);
    // Through the API's other reads too: the audit log as admins see it.
    expect(JSON.stringify((await admin.get("/admin/audit-logs").expect(200)).body)).not.toContain(SIG);

    const [row] = await app.db("team_channels").where({ team_id: team });
    expect(row.teams_webhook_sealed).toMatch(/^sealed\.v1\./);
    expect(JSON.stringify(row)).not.toContain(SIG);
    expect(JSON.stringify(row)).not.toContain("workflows");
    const audit = await app.db("audit_logs").where({ tenant_id: t.tenant.id });
    expect(JSON.stringify(audit)).not.toContain(SIG);
    expect(app.rawLogs.join("\n")).not.toContain(SIG);
    // The sealed URL opens for this team only: moved to another team's row, nothing is posted.
    await admin.put(channelsOf(t.teams.b.id), { slackChannel: "C0BETA1234" }).expect(200);
    await app.db("team_channels").where({ team_id: t.teams.b.id }).update({ teams_webhook_sealed: row.teams_webhook_sealed });
    const before = teams.received.length;
    const moved = await admin.post(`${channelsOf(t.teams.b.id)}/test`).expect(200);
    expect(moved.body.teams).toMatchObject({ ok: false, error: expect.stringContaining("cannot be opened") });
    expect(teams.received.length).toBe(before);
  });

  it("the test endpoint posts to each configured channel once and answers how each went", async () => {
    const team = t.teams.a.id;
    await admin.put(channelsOf(team), { slackChannel: "C0ALPHA123", teamsWebhookUrl: teams.url(SIG) }).expect(200);
    fake.allow(slackApp(t.tenant.slug).botToken);
    const before = { slack: fake.messages.length, teams: teams.received.length };
    const ok = await admin.post(`${channelsOf(team)}/test`).expect(200);
    expect(ok.body).toEqual({ slack: { ok: true }, teams: { ok: true, status: 202 } });
    expect(fake.messages.slice(before.slack).map((message) => message.channel)).toEqual(["C0ALPHA123"]);
    expect(teams.received.slice(before.teams)).toHaveLength(1);
    expect(teams.received.at(-1)?.url).toContain(`sig=${SIG}`);
    expect(teams.received.at(-1)?.body).toMatchObject({
      type: "message",
      attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", content: { type: "AdaptiveCard", version: "1.4" } }],
    });

    teams.answer({ status: 400 });
    const failing = await admin.post(`${channelsOf(team)}/test`).expect(200);
    expect(failing.body).toEqual({ slack: { ok: true }, teams: { ok: false, status: 400, error: expect.stringContaining("HTTP 400") } });

    // A bot token Slack does not know: Slack's answer is passed on.
    await admin.post("/admin/tenant-settings", { slack: { botToken: "xoxb-revoked", signingSecret: "signing-secret-0123456789abcdef" } }).expect(200);
    const refused = await admin.post(`${channelsOf(team)}/test`).expect(200);
    expect(refused.body.slack).toEqual({ ok: false, error: "Slack answered invalid_auth" });

    await admin.put(channelsOf(t.teams.b.id), { slackChannel: null, teamsWebhookUrl: null }).expect(200);
    expect((await admin.post(`${channelsOf(t.teams.b.id)}/test`).expect(200)).body).toEqual({ slack: null, teams: null });
  });

  it("a SESSION_SECRET rotation seals the Teams URLs again: the channel keeps working with the new secret alone", async () => {
    const fresh = await createTenantFixture(app.db);
    const freshAdmin = await signIn(app, fresh.tenant.slug, "admin");
    await freshAdmin.put(channelsOf(fresh.teams.a.id), { teamsWebhookUrl: teams.url("rotation-sig") }).expect(200);
    const newSecret = "rotated-session-secret-of-at-least-32-characters";
    const secrets = createSettingsSecrets([newSecret, TEST_SESSION_SECRET]);
    const sealed = async () => (await app.db("team_channels").where({ team_id: fresh.teams.a.id }).first()).teams_webhook_sealed as string;
    expect(secrets.isCurrent(await sealed())).toBe(false);
    expect(await resealTeamChannelSecrets(app.db, secrets, { tenantIds: [fresh.tenant.id] })).toBe(1);
    expect(await resealTeamChannelSecrets(app.db, secrets, { tenantIds: [fresh.tenant.id] })).toBe(0);
    expect(secrets.isCurrent(await sealed())).toBe(true);
    const after = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true", SESSION_SECRET: newSecret } });
    try {
      const result = await (await signIn(after, fresh.tenant.slug, "admin")).post(`${channelsOf(fresh.teams.a.id)}/test`).expect(200);
      expect(result.body).toEqual({ slack: null, teams: { ok: true, status: 202 } });
      expect(teams.received.at(-1)?.url).toContain("sig=rotation-sig");
    } finally {
      await after.close();
    }
  });
});

/** The same address rules as outgoing webhooks, without WEBHOOK_ALLOW_PRIVATE (CONTRACT §11). */
describe("Team chat channels: a Teams URL may not reach private addresses", () => {
  let app: TestApp;
  let teams: TeamsReceiver;
  let t: TenantFixture;
  let admin: ApiClient;

  beforeAll(async () => {
    teams = await new TeamsReceiver().start();
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    admin = await signIn(app, t.tenant.slug, "admin");
  });
  afterAll(async () => {
    await app.close();
    await teams.close();
  });

  it("refuses loopback, private, link-local and metadata addresses, however spelled, and URLs with credentials or other schemes", async () => {
    for (const url of [
      teams.url(),
      "http://127.1/x",
      "http://2130706433/x",
      "http://0x7f.0.0.1/x",
      "http://[::1]/x",
      "http://[::ffff:127.0.0.1]/x",
      "http://10.0.0.5/x",
      "http://192.168.1.10/x",
      "http://169.254.169.254/latest/meta-data/",
      "https://user:pass@example.com/x",
      "ftp://example.com/x",
      "file:///etc/passwd",
      "not a url",
    ]) {
      const response = await admin.put(`/admin/teams/${t.teams.a.id}/channels`, { teamsWebhookUrl: url }).expect(400);
      expect(response.body.error.details, url).toEqual([expect.objectContaining({ path: "body.teamsWebhookUrl" })]);
    }
    expect((await admin.get(`/admin/teams/${t.teams.a.id}/channels`).expect(200)).body.teamsWebhookSet).toBe(false);
  });

  it("a name that resolves to loopback is accepted as a name but refused when connecting: nothing reaches the receiver", async () => {
    await admin.put(`/admin/teams/${t.teams.a.id}/channels`, { teamsWebhookUrl: `http://localhost:${teams.port}/hook?sig=x` }).expect(200);
    const result = await admin.post(`/admin/teams/${t.teams.a.id}/channels/test`).expect(200);
    expect(result.body).toEqual({ slack: null, teams: { ok: false, error: expect.any(String) } });
    expect(teams.received).toEqual([]);
  });
});

describe("Team chat channels in production", () => {
  it("refuses an http Teams URL, even with WEBHOOK_ALLOW_PRIVATE", async () => {
    const app = await createTestApp({ redis: true, env: { NODE_ENV: "production", AUTH_MODE_DEMO: "true", WEBHOOK_ALLOW_PRIVATE: "true" } });
    try {
      const t = await createTenantFixture(app.db);
      const admin = await signIn(app, t.tenant.slug, "admin");
      const response = await admin.put(`/admin/teams/${t.teams.a.id}/channels`, { teamsWebhookUrl: "http://example.com/hook?sig=x" }).expect(400);
      expect(response.body.error).toMatchObject({ code: "VALIDATION_FAILED", message: expect.stringContaining("https") });
      await admin.put(`/admin/teams/${t.teams.a.id}/channels`, { teamsWebhookUrl: "https://example.com/hook?sig=x" }).expect(200);
    } finally {
      await app.close();
    }
  });
});
