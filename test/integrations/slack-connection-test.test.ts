import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture } from "../helpers/factories.js";
import { startFakeSlack, type FakeSlack } from "../helpers/fake-slack.js";
import { slackApp } from "../helpers/slack.js";

/** Admin › Integrations › Slack's "Test connection" (POST /admin/integrations/slack/test): auth.test and the token's scopes, no message sent. */
describe("testing the Slack connection", () => {
  let fake: FakeSlack;
  let app: TestApp;

  beforeAll(async () => {
    fake = await startFakeSlack();
    app = await createTestApp({ env: { SLACK_API_URL: fake.url, SLACK_RETRY_BASE_MS: "20" } });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  async function connected(options: { accepted?: boolean } = {}) {
    const fixture = await createTenantFixture(app.db);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const slack = slackApp(fixture.tenant.slug);
    await admin.post("/admin/tenant-settings", { slack }).expect(200);
    if (options.accepted !== false) fake.allow(slack.botToken);
    return { fixture, admin, slack };
  }

  const test = (client: Awaited<ReturnType<typeof connected>>["admin"]) => client.post("/admin/integrations/slack/test");

  it("a token Slack accepts, with every scope: the workspace and the bot's name; nothing is posted to anyone", async () => {
    const { admin, slack } = await connected();
    const posted = fake.messages.length;
    const answer = await test(admin).expect(200);
    expect(answer.body).toEqual({ ok: true, workspace: "Example Workspace", botUser: "teamqa", missingScopes: [], error: null });
    expect(fake.messages).toHaveLength(posted);
    expect(answer.text).not.toContain(slack.botToken);
  });

  it("a token without the direct-message scopes: not ok, and which scopes to add", async () => {
    const { admin } = await connected();
    fake.grant(["chat:write", "users:read"]);
    try {
      const answer = await test(admin).expect(200);
      expect(answer.body).toMatchObject({ ok: false, workspace: "Example Workspace", missingScopes: ["im:write", "users:read.email"] });
      expect(answer.body.error).toContain("im:write, users:read.email");
    } finally {
      fake.grant(["chat:write", "im:write", "users:read", "users:read.email"]);
    }
  });

  it("a token Slack refuses, and a Slack that cannot be reached: not ok, said in words, never a 5xx", async () => {
    const refused = await connected({ accepted: false });
    expect((await test(refused.admin).expect(200)).body).toEqual({
      ok: false,
      workspace: null,
      botUser: null,
      missingScopes: [],
      error: "Slack refused the bot token (invalid_auth).",
    });

    const unreachable = await createTestApp({ env: { SLACK_API_URL: "http://127.0.0.1:9/api/" } });
    try {
      const { fixture } = await connected();
      const admin = await signIn(unreachable, fixture.tenant.slug, "admin");
      expect((await admin.post("/admin/integrations/slack/test").expect(200)).body).toMatchObject({ ok: false, error: "Slack could not be reached." });
    } finally {
      await unreachable.close();
    }
  });

  it("no app connected: 409 SLACK_NOT_CONNECTED; members, moderators, visitors and another tenant's admin are refused", async () => {
    const fixture = await createTenantFixture(app.db);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    expect((await test(admin).expect(409)).body.error.code).toBe("SLACK_NOT_CONNECTED");

    const { fixture: other } = await connected();
    const calls = fake.calls.length;
    for (const role of ["member", "moderator", "viewer"]) {
      await (await signIn(app, other.tenant.slug, role)).post("/admin/integrations/slack/test").expect(403);
    }
    await request(app.app).post("/admin/integrations/slack/test").set("x-tenant-id", other.tenant.slug).expect(401);
    // Another tenant's admin tests their own tenant (none connected), never this one's token.
    expect((await test(admin).expect(409)).body.error.code).toBe("SLACK_NOT_CONNECTED");
    expect(fake.calls.length).toBe(calls);
  });
});
