import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, createTestApp, ManualClock, signIn, visitor, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { auditActions } from "../helpers/audit-log.js";

/** SPEC "Tenant settings", the documented values, written out rather than imported. */
const SPEC_DEFAULTS = {
  questions: { minLength: 10, maxLength: 2000 },
  users: { defaultRole: "member", defaultTeamId: null, signup: "open", allowedEmailDomains: [] },
  security: {
    sessionTimeout: 8,
    adminSessionTimeout: 8,
    rateLimits: { questionsPerHour: 10, upvotesPerMinute: 20, responsesPerHour: 5, searchPerMinute: 30, emailRecipientsPerHour: 500 },
  },
  branding: { theme: "executive-blue", primaryColor: null as string | null, accentColor: null, logoUrl: null, faviconUrl: null },
  features: { allowAnonymousQuestions: true, requireQuestionApproval: false, enableEmailNotifications: false },
  pulse: {
    enabled: false,
    anonThreshold: 5,
    minTenureDays: 14,
    reminderAfterDays: 3,
    defaultCadence: "weekly",
    defaultTime: "09:00",
    rotatingCohorts: true,
    channelSlack: false,
    channelEmail: true,
  },
  auth: { requireSso: false, oidc: null, saml: null },
  slack: null,
};

describe("GET/POST /admin/tenant-settings", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let admin: ApiClient;
  const clock = new ManualClock("2026-11-23T08:00:00Z");

  beforeAll(async () => {
    app = await createTestApp({ clock });
    fixture = await createTenantFixture(app.db);
    admin = await signIn(app, fixture.tenant.slug, "admin");
  });
  afterAll(() => app.close());

  it("a new tenant's settings are SPEC's documented defaults, every field present", async () => {
    const response = await admin.get("/admin/tenant-settings").expect(200);
    expect(response.body).toEqual(SPEC_DEFAULTS);
  });

  it("deep-merges a partial object, returns the full settings and keeps the rest", async () => {
    const own = await createTenantFixture(app.db);
    const client = await signIn(app, own.tenant.slug, "owner");
    const response = await client
      .post("/admin/tenant-settings", { security: { rateLimits: { searchPerMinute: 60 } }, branding: { primaryColor: "#112233" } })
      .expect(200);
    const expected = structuredClone(SPEC_DEFAULTS);
    expected.security.rateLimits.searchPerMinute = 60;
    expected.branding.primaryColor = "#112233";
    expect(response.body).toEqual(expected);
    expect((await client.get("/admin/tenant-settings").expect(200)).body).toEqual(expected);
    // null clears an optional value again
    const cleared = await client.post("/admin/tenant-settings", { branding: { primaryColor: null } }).expect(200);
    expect(cleared.body.branding.primaryColor).toBeNull();
  });

  it("writes settings.update with the actor, before/after and the changed paths", async () => {
    const own = await createTenantFixture(app.db);
    const client = await signIn(app, own.tenant.slug, "admin");
    await client.post("/admin/tenant-settings", { questions: { minLength: 20 }, pulse: { enabled: true } }).expect(200);
    const [entry] = await auditActions(app.db, own.tenant.id, "settings.update");
    expect(entry).toMatchObject({
      user_id: own.users.admin.id,
      entity_type: "settings",
      entity_id: own.tenant.id,
      metadata: expect.objectContaining({ changed: ["pulse.enabled", "questions.minLength"] }),
    });
    expect(entry?.before.questions.minLength).toBe(10);
    expect(entry?.after.questions.minLength).toBe(20);
    expect(entry?.after.pulse.enabled).toBe(true);
  });

  it("a body that changes nothing answers the settings and writes no audit entry", async () => {
    const own = await createTenantFixture(app.db);
    const client = await signIn(app, own.tenant.slug, "admin");
    expect((await client.post("/admin/tenant-settings", { questions: { minLength: 10 } }).expect(200)).body).toEqual(SPEC_DEFAULTS);
    await client.post("/admin/tenant-settings", {}).expect(200);
    expect(await auditActions(app.db, own.tenant.id, "settings.update")).toHaveLength(0);
  });

  it.each([
    ["an unknown top-level key", { surprise: true }, "body"],
    ["an unknown nested key", { features: { darkMode: true } }, "body.features"],
    ["a wrong type", { questions: { minLength: "ten" } }, "body.questions.minLength"],
    ["a fractional number", { security: { sessionTimeout: 1.5 } }, "body.security.sessionTimeout"],
    ["a zero limit", { security: { rateLimits: { upvotesPerMinute: 0 } } }, "body.security.rateLimits.upvotesPerMinute"],
    ["a negative limit", { security: { rateLimits: { questionsPerHour: -1 } } }, "body.security.rateLimits.questionsPerHour"],
    ["an unknown theme", { branding: { theme: "neon" } }, "body.branding.theme"],
    ["a colour that is not hex", { branding: { accentColor: "red" } }, "body.branding.accentColor"],
    ["a javascript: URL", { branding: { logoUrl: "javascript:alert(1)" } }, "body.branding.logoUrl"],
    ["a malformed URL", { branding: { faviconUrl: "not a url" } }, "body.branding.faviconUrl"],
    ["a time that is not HH:mm", { pulse: { defaultTime: "9am" } }, "body.pulse.defaultTime"],
    ["an unknown cadence", { pulse: { defaultCadence: "daily" } }, "body.pulse.defaultCadence"],
    ["a default role above member", { users: { defaultRole: "admin" } }, "body.users.defaultRole"],
    ["a default team that is not a uuid", { users: { defaultTeamId: "alpha" } }, "body.users.defaultTeamId"],
    ["a group set to null", { questions: null }, "body.questions"],
    ["minLength above maxLength (checked on the merged whole)", { questions: { minLength: 3000 } }, "body.questions.minLength"],
    ["an array body", [{ questions: { minLength: 5 } }], "body"],
  ])("refuses %s with 400 VALIDATION_FAILED and saves nothing", async (_name, body, path) => {
    const own = await createTenantFixture(app.db);
    const client = await signIn(app, own.tenant.slug, "admin");
    const response = await client.post("/admin/tenant-settings", body as object).expect(400);
    expect(response.body).toEqual({
      error: { code: "VALIDATION_FAILED", message: expect.any(String), details: expect.arrayContaining([expect.objectContaining({ path })]) },
      requestId: expect.any(String),
    });
    expect((await client.get("/admin/tenant-settings").expect(200)).body).toEqual(SPEC_DEFAULTS);
    expect(await auditActions(app.db, own.tenant.id, "settings.update")).toHaveLength(0);
  });

  it("a body that is not JSON is 400", async () => {
    const response = await admin.agent
      .post("/admin/tenant-settings")
      .set("x-csrf-token", admin.csrfToken)
      .set("content-type", "application/json")
      .send("{not json")
      .expect(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
  });

  it("the default team must be a team of this tenant: another tenant's team or an unknown id is 404", async () => {
    const own = await createTenantFixture(app.db);
    const other = await createTenantFixture(app.db);
    const client = await signIn(app, own.tenant.slug, "admin");
    const foreign = await client.post("/admin/tenant-settings", { users: { defaultTeamId: other.teams.a.id } }).expect(404);
    expect(foreign.body.error.code).toBe("NOT_FOUND");
    await client.post("/admin/tenant-settings", { users: { defaultTeamId: "00000000-0000-4000-8000-000000000000" } }).expect(404);
    const saved = await client.post("/admin/tenant-settings", { users: { defaultTeamId: own.teams.b.id } }).expect(200);
    expect(saved.body.users.defaultTeamId).toBe(own.teams.b.id);
  });

  it("two concurrent patches of different settings both survive", async () => {
    const own = await createTenantFixture(app.db);
    const one = await signIn(app, own.tenant.slug, "admin");
    const two = await signIn(app, own.tenant.slug, "owner");
    await Promise.all([
      one.post("/admin/tenant-settings", { questions: { maxLength: 500 } }).expect(200),
      two.post("/admin/tenant-settings", { pulse: { anonThreshold: 7 } }).expect(200),
    ]);
    const { body } = await one.get("/admin/tenant-settings").expect(200);
    expect(body.questions.maxLength).toBe(500);
    expect(body.pulse.anonThreshold).toBe(7);
  });

  it("the settings of one tenant are not another's", async () => {
    const own = await createTenantFixture(app.db);
    const client = await signIn(app, own.tenant.slug, "admin");
    await client.post("/admin/tenant-settings", { branding: { theme: "refined-teal" } }).expect(200);
    const otherAdmin = await signIn(app, fixture.tenant.slug, "admin");
    expect((await otherAdmin.get("/admin/tenant-settings").expect(200)).body.branding.theme).toBe("executive-blue");
  });

  it("only admins and owners read or change them", async () => {
    for (const username of ["moderator", "member", "viewer"]) {
      const client = await signIn(app, fixture.tenant.slug, username);
      expect((await client.get("/admin/tenant-settings").expect(403)).body.error.code).toBe("FORBIDDEN");
      await client.post("/admin/tenant-settings", { pulse: { enabled: true } }).expect(403);
    }
    const anonymous = visitor(app, { "x-tenant-id": fixture.tenant.slug });
    expect((await anonymous.get("/admin/tenant-settings").expect(401)).body.error.code).toBe("UNAUTHENTICATED");
    await anonymous.post("/admin/tenant-settings", { pulse: { enabled: true } }).expect(401);
    expect((await admin.get("/admin/tenant-settings").expect(200)).body.pulse.enabled).toBe(false);
  });
});

describe("tenant settings take effect", () => {
  let app: TestApp;
  const clock = new ManualClock("2026-11-23T08:00:00Z");

  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  it("security.sessionTimeout: a member signed in after the change is signed out after that many hours", async () => {
    const own = await createTenantFixture(app.db);
    clock.set("2026-11-23T08:00:00Z");
    const admin = await signIn(app, own.tenant.slug, "admin");
    await admin.post("/admin/tenant-settings", { security: { sessionTimeout: 2 } }).expect(200);
    const member = await signIn(app, own.tenant.slug, "member");
    clock.advance(2 * 3600 * 1000 - 60_000);
    await member.get("/auth/me").expect(200);
    clock.advance(61_000);
    await member.get("/auth/me").expect(401);
  });

  it("security.adminSessionTimeout: an admin signed in after the change is signed out after that many hours", async () => {
    const own = await createTenantFixture(app.db);
    clock.set("2026-11-23T08:00:00Z");
    const owner = await signIn(app, own.tenant.slug, "owner");
    await owner.post("/admin/tenant-settings", { security: { adminSessionTimeout: 1 } }).expect(200);
    const admin = await signIn(app, own.tenant.slug, "admin");
    const member = await signIn(app, own.tenant.slug, "member");
    clock.advance(3600 * 1000 + 1000);
    await admin.get("/auth/me").expect(401);
    await member.get("/auth/me").expect(200);
  });

  it("features.allowAnonymousQuestions: turning it off makes visitors sign in at once; on again lets them read", async () => {
    const own = await createTenantFixture(app.db);
    const admin = await signIn(app, own.tenant.slug, "admin");
    const read = () => request(app.app).get("/teams").set("x-tenant-id", own.tenant.slug);
    await read().expect(200);
    await admin.post("/admin/tenant-settings", { features: { allowAnonymousQuestions: false } }).expect(200);
    expect((await read().expect(401)).body.error.code).toBe("UNAUTHENTICATED");
    await request(app.app).get("/tags").set("x-tenant-id", own.tenant.slug).expect(401);
    await admin.get("/teams").expect(200);
    await admin.post("/admin/tenant-settings", { features: { allowAnonymousQuestions: true } }).expect(200);
    await read().expect(200);
  });

  it("users.defaultRole and users.defaultTeamId: a user created without role or team gets them, with the membership", async () => {
    const own = await createTenantFixture(app.db);
    const admin = await signIn(app, own.tenant.slug, "admin");
    await admin.post("/admin/tenant-settings", { users: { defaultRole: "viewer", defaultTeamId: own.teams.b.id } }).expect(200);
    const created = await admin.post("/admin/users", { email: "new.viewer@example.com", name: "New Viewer" }).expect(201);
    expect(created.body).toMatchObject({ role: "viewer", primaryTeamId: own.teams.b.id });
    const members = await admin.get(`/admin/teams/${own.teams.b.id}/members`).expect(200);
    expect(members.body).toContainEqual({ userId: created.body.id, name: "New Viewer", email: "new.viewer@example.com", role: "member" });
    await admin.post("/admin/tenant-settings", { users: { defaultRole: "member", defaultTeamId: null } }).expect(200);
    const plain = await admin.post("/admin/users", { email: "new.member@example.com", name: "New Member" }).expect(201);
    expect(plain.body).toMatchObject({ role: "member", primaryTeamId: null });
  });
});

describe("tenant settings changed through the admin API take effect in Q&A", () => {
  let app: TestApp;
  const ORDINARY = "How will the new travel policy affect conference budgets next year?";

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function tenantWithClients() {
    const own = await createTenantFixture(app.db);
    const [admin, member] = [await signIn(app, own.tenant.slug, "admin"), await signIn(app, own.tenant.slug, "member")];
    return { own, admin, member };
  }

  it("questions.minLength and questions.maxLength bound the next submitted question", async () => {
    const { own, admin, member } = await tenantWithClients();
    const ask = (body: string) => member.post("/questions", { body, teamId: own.teams.a.id });
    await ask("Twenty characters!!").expect(201);
    await admin.post("/admin/tenant-settings", { questions: { minLength: 30, maxLength: 40 } }).expect(200);
    expect((await ask("Twenty characters!!").expect(400)).body.error.details).toEqual([expect.objectContaining({ path: "body.body" })]);
    await ask("This question is thirty-five chars.").expect(201);
    await ask("This question is a good deal longer than forty characters.").expect(400);
  });

  it("features.requireQuestionApproval sends new questions to UNDER_REVIEW while on", async () => {
    const { own, admin, member } = await tenantWithClients();
    await admin.post("/admin/tenant-settings", { features: { requireQuestionApproval: true } }).expect(200);
    expect((await member.post("/questions", { body: ORDINARY, teamId: own.teams.a.id }).expect(201)).body.status).toBe("UNDER_REVIEW");
    await admin.post("/admin/tenant-settings", { features: { requireQuestionApproval: false } }).expect(200);
    expect((await member.post("/questions", { body: ORDINARY, teamId: own.teams.a.id }).expect(201)).body.status).toBe("OPEN");
  });

  it("features.allowAnonymousQuestions off: visitors cannot ask; members still may hide their name", async () => {
    const { own, admin, member } = await tenantWithClients();
    const guest = visitor(app, { "x-tenant-id": own.tenant.slug });
    await guest.post("/questions", { body: ORDINARY, teamId: own.teams.a.id }).expect(201);
    await admin.post("/admin/tenant-settings", { features: { allowAnonymousQuestions: false } }).expect(200);
    expect((await guest.post("/questions", { body: ORDINARY, teamId: own.teams.a.id }).expect(401)).body.error.code).toBe("UNAUTHENTICATED");
    const hidden = await member.post("/questions", { body: ORDINARY, teamId: own.teams.a.id, anonymous: true }).expect(201);
    expect(hidden.body).toMatchObject({ isAnonymous: true });
  });

  it("features.enableEmailNotifications: the author's answered email is queued only while on", async () => {
    const { own, admin, member } = await tenantWithClients();
    const answeredEmails = () => app.queue.waiting.filter((job) => job.name === "question-answered" && job.data.tenantId === own.tenant.id);
    const first = await member.post("/questions", { body: ORDINARY, teamId: own.teams.a.id }).expect(201);
    await admin.post(`/questions/${first.body.id}/answer`, { responseText: "Budgets stay as they are." }).expect(200);
    expect(answeredEmails()).toHaveLength(0);
    await admin.post("/admin/tenant-settings", { features: { enableEmailNotifications: true } }).expect(200);
    const second = await member.post("/questions", { body: ORDINARY, teamId: own.teams.a.id }).expect(201);
    await admin.post(`/questions/${second.body.id}/answer`, { responseText: "Travel is back on." }).expect(200);
    expect(answeredEmails()).toEqual([
      expect.objectContaining({ data: { tenantId: own.tenant.id, questionId: second.body.id, recipientUserId: own.users.member.id, hideRecipient: false } }),
    ]);
  });
});

describe("rate limits changed through the admin API (production: enforced on Redis)", () => {
  let app: TestApp;
  const ORDINARY = "How will the new travel policy affect conference budgets next year?";
  // Production cookies are Secure: the test talks to the app as the TLS proxy would.
  const https = { "x-forwarded-proto": "https" };

  beforeAll(async () => {
    app = await createTestApp({ redis: true, env: { NODE_ENV: "production", AUTH_MODE_DEMO: "true" } });
  });
  afterAll(() => app.close());

  /** The agent's cookie jar holds a Secure cookie back over plain HTTP: carry it by hand, as the browser does over TLS. */
  async function signInOverTls(slug: string, username: string): Promise<ApiClient> {
    const login = await request(app.app).get(`/auth/demo?user=${username}&tenant=${slug}`).set(https).expect(302);
    const cookie = String(login.headers["set-cookie"]?.[0]).split(";")[0] as string;
    const { body } = await request(app.app).get("/auth/csrf").set(https).set("cookie", cookie).expect(200);
    return new ApiClient(request.agent(app.app), body.csrfToken, { ...https, cookie });
  }

  async function limitedTenant(rateLimits: Record<string, number>) {
    const own = await createTenantFixture(app.db);
    const admin = await signInOverTls(own.tenant.slug, "admin");
    const member = await signInOverTls(own.tenant.slug, "member");
    await admin.post("/admin/tenant-settings", { security: { rateLimits } }).expect(200);
    return { own, admin, member };
  }

  const expectLimited = (response: request.Response) => {
    expect(response.status).toBe(429);
    expect(response.body.error.code).toBe("RATE_LIMITED");
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
  };

  it("security.rateLimits.questionsPerHour", async () => {
    const { own, member } = await limitedTenant({ questionsPerHour: 2 });
    for (let i = 0; i < 2; i += 1) await member.post("/questions", { body: ORDINARY, teamId: own.teams.a.id }).expect(201);
    expectLimited(await member.post("/questions", { body: ORDINARY, teamId: own.teams.a.id }));
  });

  it("security.rateLimits.upvotesPerMinute", async () => {
    const { own, member, admin } = await limitedTenant({ upvotesPerMinute: 1 });
    const ids = [];
    for (let i = 0; i < 2; i += 1) ids.push((await admin.post("/questions", { body: ORDINARY, teamId: own.teams.a.id }).expect(201)).body.id);
    await member.post(`/questions/${ids[0]}/upvote`).expect(200);
    expectLimited(await member.post(`/questions/${ids[1]}/upvote`));
  });

  it("security.rateLimits.responsesPerHour", async () => {
    const { own, member, admin } = await limitedTenant({ responsesPerHour: 1 });
    const ids = [];
    for (let i = 0; i < 2; i += 1) ids.push((await member.post("/questions", { body: ORDINARY, teamId: own.teams.a.id }).expect(201)).body.id);
    await admin.post(`/questions/${ids[0]}/answer`, { responseText: "Answered." }).expect(200);
    expectLimited(await admin.post(`/questions/${ids[1]}/answer`, { responseText: "Answered too." }));
  });

  it("security.rateLimits.searchPerMinute", async () => {
    const { member } = await limitedTenant({ searchPerMinute: 1 });
    await member.get("/questions?search=budget").expect(200);
    expectLimited(await member.get("/questions?search=travel"));
  });
});
