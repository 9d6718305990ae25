import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resealSettingsSecrets } from "../../src/modules/settings/index.js";
import { createSettingsSecrets, SLACK_BOT_TOKEN_PATH, SLACK_SIGNING_SECRET_PATH } from "../../src/platform/settings-secrets.js";
import { createTestApp, signIn, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { createTenantFixture } from "../helpers/factories.js";

/** CONTRACT §11: the tenant's Slack app in its settings, write-only and sealed, as auth.oidc.clientSecret is. */
describe("tenant settings › slack", () => {
  let app: TestApp;
  const BOT_TOKEN = "xoxb-1111-2222-plaintext-bot-token";
  const SIGNING_SECRET = "8f742231b10e8888abcd99yyyzzz85a5";

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const storedSlack = async (tenantId: string) => (await app.db("tenant_settings").where({ tenant_id: tenantId }).first()).settings.slack;

  it("an admin connects the app: answered only as botTokenSet/signingSecretSet, stored sealed, the audit log without either value", async () => {
    const fixture = await createTenantFixture(app.db);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    expect((await admin.get("/admin/tenant-settings").expect(200)).body.slack).toBeNull();

    const saved = await admin
      .post("/admin/tenant-settings", { slack: { botToken: BOT_TOKEN, signingSecret: SIGNING_SECRET }, pulse: { channelSlack: true } })
      .expect(200);
    expect(saved.body.slack).toEqual({ botTokenSet: true, signingSecretSet: true });
    expect(saved.body.pulse.channelSlack).toBe(true);
    const read = await admin.get("/admin/tenant-settings").expect(200);
    expect(read.body.slack).toEqual({ botTokenSet: true, signingSecretSet: true });
    for (const text of [saved.text, read.text]) {
      expect(text).not.toContain(BOT_TOKEN);
      expect(text).not.toContain(SIGNING_SECRET);
    }

    const stored = await storedSlack(fixture.tenant.id);
    expect(stored.botToken).toMatch(/^sealed\.v1\./);
    expect(stored.signingSecret).toMatch(/^sealed\.v1\./);
    const secrets = createSettingsSecrets([TEST_SESSION_SECRET]);
    expect(secrets.open(fixture.tenant.id, SLACK_BOT_TOKEN_PATH, stored.botToken)).toBe(BOT_TOKEN);
    expect(secrets.open(fixture.tenant.id, SLACK_SIGNING_SECRET_PATH, stored.signingSecret)).toBe(SIGNING_SECRET);
    // Bound to its place: the token's box does not open as the signing secret, nor in another tenant.
    expect(secrets.open(fixture.tenant.id, SLACK_SIGNING_SECRET_PATH, stored.botToken)).toBeNull();
    const other = await createTenantFixture(app.db);
    expect(secrets.open(other.tenant.id, SLACK_BOT_TOKEN_PATH, stored.botToken)).toBeNull();

    const [entry] = await auditActions(app.db, fixture.tenant.id, "settings.update");
    expect(entry?.metadata.changed).toEqual(expect.arrayContaining(["slack", "pulse.channelSlack"]));
    expect(entry?.after.slack).toEqual({ botTokenSet: true, signingSecretSet: true });
    const everything = JSON.stringify(await app.db("audit_logs").where({ tenant_id: fixture.tenant.id }));
    expect(everything).not.toContain(BOT_TOKEN);
    expect(everything).not.toContain(SIGNING_SECRET);
    expect(everything).not.toContain(stored.botToken);
    expect(JSON.stringify(app.logs)).not.toContain(BOT_TOKEN);
  });

  it("replacing one value keeps the other; null disconnects (only with pulse.channelSlack off)", async () => {
    const fixture = await createTenantFixture(app.db);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    await admin.post("/admin/tenant-settings", { slack: { botToken: BOT_TOKEN, signingSecret: SIGNING_SECRET }, pulse: { channelSlack: true } }).expect(200);
    const before = await storedSlack(fixture.tenant.id);
    await admin.post("/admin/tenant-settings", { slack: { botToken: "xoxb-rotated" } }).expect(200);
    const after = await storedSlack(fixture.tenant.id);
    expect(after.signingSecret).toBe(before.signingSecret);
    expect(createSettingsSecrets([TEST_SESSION_SECRET]).open(fixture.tenant.id, SLACK_BOT_TOKEN_PATH, after.botToken)).toBe("xoxb-rotated");

    const refused = await admin.post("/admin/tenant-settings", { slack: null }).expect(400);
    expect(refused.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: "body.pulse.channelSlack" })]));
    const off = await admin.post("/admin/tenant-settings", { slack: null, pulse: { channelSlack: false } }).expect(200);
    expect(off.body.slack).toBeNull();
    expect(await storedSlack(fixture.tenant.id)).toBeNull();
  });

  it.each([
    ["pulse.channelSlack without a Slack app", { pulse: { channelSlack: true } }, "body.pulse.channelSlack"],
    ["a bot token without a signing secret", { slack: { botToken: BOT_TOKEN } }, "body.slack.signingSecret"],
    ["an empty bot token", { slack: { botToken: "  ", signingSecret: SIGNING_SECRET } }, "body.slack.botToken"],
    ["an unknown key in slack", { slack: { botToken: BOT_TOKEN, signingSecret: SIGNING_SECRET, webhook: "x" } }, "body.slack"],
    ["botTokenSet sent back", { slack: { botTokenSet: true } }, "body.slack"],
  ])("refuses %s with 400 at its path and saves nothing", async (_name, body, path) => {
    const fixture = await createTenantFixture(app.db);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const response = await admin.post("/admin/tenant-settings", body).expect(400);
    expect(response.body.error).toMatchObject({ code: "VALIDATION_FAILED", details: expect.arrayContaining([expect.objectContaining({ path })]) });
    expect((await storedSlack(fixture.tenant.id)) ?? null).toBeNull();
  });

  it.each(["moderator", "member", "viewer"])("a %s cannot read or change it (403)", async (role) => {
    const fixture = await createTenantFixture(app.db);
    const client = await signIn(app, fixture.tenant.slug, role);
    await client.get("/admin/tenant-settings").expect(403);
    await client.post("/admin/tenant-settings", { slack: { botToken: BOT_TOKEN, signingSecret: SIGNING_SECRET } }).expect(403);
    expect((await storedSlack(fixture.tenant.id)) ?? null).toBeNull();
  });

  it("a rotation of SESSION_SECRET seals both again with the new secret", async () => {
    const fixture = await createTenantFixture(app.db);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    await admin.post("/admin/tenant-settings", { slack: { botToken: BOT_TOKEN, signingSecret: SIGNING_SECRET } }).expect(200);
    const rotated = createSettingsSecrets(["a-new-session-secret-of-at-least-32-characters", TEST_SESSION_SECRET]);
    expect(await resealSettingsSecrets(app.db, rotated, new Date(), { tenantIds: [fixture.tenant.id] })).toBe(2);
    const stored = await storedSlack(fixture.tenant.id);
    const onlyNew = createSettingsSecrets(["a-new-session-secret-of-at-least-32-characters"]);
    expect(onlyNew.open(fixture.tenant.id, SLACK_BOT_TOKEN_PATH, stored.botToken)).toBe(BOT_TOKEN);
    expect(onlyNew.open(fixture.tenant.id, SLACK_SIGNING_SECRET_PATH, stored.signingSecret)).toBe(SIGNING_SECRET);
  });
});
