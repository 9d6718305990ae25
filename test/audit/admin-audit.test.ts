import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

describe("GET /admin/audit-logs", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let other: TenantFixture;
  let admin: ApiClient;
  const ids = { question: randomUUID(), user: randomUUID() };
  const rows: Record<string, string> = {};

  /** Entries of January 2026 with known times; sign-ins add user.login entries at the current time. */
  async function seed(at: string, action: string, entityType: string, entityId: string, userId: string, key: string) {
    const [row] = await app
      .db("audit_logs")
      .insert({
        tenant_id: fixture.tenant.id,
        user_id: userId,
        action,
        entity_type: entityType,
        entity_id: entityId,
        before: JSON.stringify({ n: 1 }),
        after: JSON.stringify({ n: 2 }),
        ip_address: "203.0.113.9",
        user_agent: "seed",
        metadata: JSON.stringify({ requestId: key }),
        created_at: at,
      })
      .returning(["id"]);
    rows[key] = row.id;
  }

  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
    const { admin: a, owner, member } = fixture.users;
    await seed("2026-01-10T10:00:00Z", "question.create", "question", ids.question, member.id, "r1");
    await seed("2026-01-11T09:00:00Z", "team.create", "team", fixture.teams.a.id, a.id, "r2");
    await seed("2026-01-11T23:59:59Z", "team_member.add", "team", fixture.teams.a.id, a.id, "r3");
    await seed("2026-01-12T00:00:00Z", "user.update", "user", ids.user, owner.id, "r4");
    await seed("2026-01-13T12:00:00Z", "settings.update", "settings", fixture.tenant.id, a.id, "r5");
    await app.db("audit_logs").insert({
      tenant_id: other.tenant.id,
      user_id: other.users.admin.id,
      action: "team.create",
      entity_type: "team",
      entity_id: other.teams.a.id,
      created_at: "2026-01-11T10:00:00Z",
    });
    admin = await signIn(app, fixture.tenant.slug, "admin");
  });
  afterAll(() => app.close());

  const JANUARY = "startDate=2026-01-01&endDate=2026-01-31";
  const keysOf = (body: { items: Array<{ id: string }> }) => body.items.map((item) => Object.entries(rows).find(([, id]) => id === item.id)?.[0] ?? "other");

  it("answers a paged envelope, newest first, with SPEC's entry fields and the acting user", async () => {
    const { body } = await admin.get(`/admin/audit-logs?${JANUARY}`).expect(200);
    expect(body).toMatchObject({ total: 5, limit: 50, offset: 0 });
    expect(keysOf(body)).toEqual(["r5", "r4", "r3", "r2", "r1"]);
    expect(body.items[2]).toEqual({
      id: rows.r3,
      tenantId: fixture.tenant.id,
      userId: fixture.users.admin.id,
      user: { id: fixture.users.admin.id, name: fixture.users.admin.name, email: fixture.users.admin.email },
      action: "team_member.add",
      entityType: "team",
      entityId: fixture.teams.a.id,
      before: { n: 1 },
      after: { n: 2 },
      ipAddress: "203.0.113.9",
      userAgent: "seed",
      metadata: { requestId: "r3" },
      createdAt: "2026-01-11T23:59:59.000Z",
    });
  });

  it.each([
    ["action", "action=team.create", ["r2"]],
    ["an action prefix", "action=team*", ["r3", "r2"]],
    ["entityType", "entityType=team", ["r3", "r2"]],
    ["entityId", "entityId=ENTITY", ["r3", "r2"]],
    ["userId", "userId=ADMIN", ["r5", "r3", "r2"]],
    ["a date-only range (endDate covers its whole day)", "startDate=2026-01-11&endDate=2026-01-11", ["r3", "r2"]],
    ["a date-time range (both ends inclusive)", "startDate=2026-01-11T09:00:00Z&endDate=2026-01-12T00:00:00Z", ["r4", "r3", "r2"]],
    ["a date-time with an offset", "startDate=2026-01-12T01:00:00%2B01:00&endDate=2026-01-12", ["r4"]],
    ["combined filters", "action=team*&userId=ADMIN&startDate=2026-01-11T12:00:00Z", ["r3"]],
  ])("filters by %s", async (_name, filter, expected) => {
    const query = filter.replace("ENTITY", fixture.teams.a.id).replace("ADMIN", fixture.users.admin.id);
    const range = query.includes("startDate") ? "endDate=2026-01-31" : JANUARY;
    const { body } = await admin.get(`/admin/audit-logs?${query}${query.includes("endDate") ? "" : `&${range}`}`).expect(200);
    expect(keysOf(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it("GET /admin/audit is the same list", async () => {
    const logs = await admin.get(`/admin/audit-logs?${JANUARY}&limit=3`).expect(200);
    const alias = await admin.get(`/admin/audit?${JANUARY}&limit=3`).expect(200);
    expect(alias.body).toEqual(logs.body);
  });

  it("pages with limit and offset without gaps or overlaps; a limit above 500 is capped and reported", async () => {
    const tenant = await createTenantFixture(app.db);
    await app.db.raw(
      `insert into audit_logs (tenant_id, action, entity_type, created_at)
       select ?, 'question.create', 'question', timestamptz '2026-02-01T00:00:00Z' + (n % 7) * interval '1 minute' from generate_series(1, 120) n`,
      [tenant.tenant.id],
    );
    const client = await signIn(app, tenant.tenant.slug, "admin");
    const first = await client.get("/admin/audit-logs").expect(200);
    expect(first.body).toMatchObject({ limit: 50, offset: 0, total: 121 });
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0].action).toBe("user.login");
    const capped = await client.get("/admin/audit-logs?limit=1000").expect(200);
    expect(capped.body.limit).toBe(500);
    expect(capped.body.items).toHaveLength(121);
    const seen: string[] = [];
    for (let offset = 0; offset < 121; offset += 13) {
      seen.push(...(await client.get(`/admin/audit-logs?limit=13&offset=${offset}`).expect(200)).body.items.map((item: { id: string }) => item.id));
    }
    expect(seen).toEqual(capped.body.items.map((item: { id: string }) => item.id));
    const beyond = await client.get("/admin/audit-logs?offset=500").expect(200);
    expect(beyond.body).toMatchObject({ items: [], total: 121, offset: 500 });
  });

  it("shows only this tenant's entries, whatever the filter names", async () => {
    const { body } = await admin.get(`/admin/audit-logs?userId=${other.users.admin.id}`).expect(200);
    expect(body).toMatchObject({ items: [], total: 0 });
    const teams = await admin.get(`/admin/audit-logs?entityId=${other.teams.a.id}`).expect(200);
    expect(teams.body.total).toBe(0);
  });

  it("records what the admin endpoints do, with actor, address and user agent", async () => {
    const created = await admin.post("/admin/teams", { name: "Audited Team" }).set("user-agent", "audit-test").expect(201);
    const { body } = await admin.get(`/admin/audit-logs?action=team.create&entityId=${created.body.id}`).expect(200);
    expect(body.items).toEqual([
      expect.objectContaining({
        userId: fixture.users.admin.id,
        entityType: "team",
        after: expect.objectContaining({ name: "Audited Team" }),
        ipAddress: expect.any(String),
        userAgent: "audit-test",
      }),
    ]);
  });

  it.each([
    ["limit=0"],
    ["limit=abc"],
    ["limit=-5"],
    ["limit="],
    ["offset=-1"],
    ["offset=1.5"],
    ["userId=not-a-uuid"],
    ["entityId=42"],
    ["startDate=yesterday"],
    ["endDate=2026-13-45"],
    ["startDate=2026-02-01&endDate=2026-01-01"],
    ["action=drop%20table"],
  ])("refuses %s with 400 VALIDATION_FAILED", async (query) => {
    const response = await admin.get(`/admin/audit-logs?${query}`).expect(400);
    expect(response.body).toEqual({
      error: { code: "VALIDATION_FAILED", message: expect.any(String), details: expect.any(Array) },
      requestId: expect.any(String),
    });
  });

  it("no endpoint changes or deletes entries", async () => {
    for (const method of ["put", "delete", "patch"] as const) {
      const response = await admin[method](`/admin/audit-logs/${rows.r1}`).expect(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
    expect(await app.db("audit_logs").where({ id: rows.r1 })).toHaveLength(1);
  });

  it("is for admins and owners only (audit.view)", async () => {
    for (const username of ["moderator", "member", "viewer", "teammoderator"]) {
      const client = await signIn(app, fixture.tenant.slug, username);
      expect((await client.get("/admin/audit-logs").expect(403)).body.error.code).toBe("FORBIDDEN");
      await client.get("/admin/audit").expect(403);
    }
    await visitor(app, { "x-tenant-id": fixture.tenant.slug }).get("/admin/audit-logs").expect(401);
    const owner = await signIn(app, fixture.tenant.slug, "owner");
    await owner.get("/admin/audit?limit=5").expect(200);
  });
});

describe("GET /admin/audit-logs/filters", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
  });
  afterAll(() => app.close());

  it("lists every action the server writes, pulse, e-mail, export and token ones included, and no entity type that is never written", async () => {
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const { body } = await admin.get("/admin/audit-logs/filters").expect(200);
    const actions = (body.actions as Array<{ action: string; entityTypes: string[] }>).map((entry) => entry.action);
    for (const action of [
      "pulse.run",
      "pulse_question.create",
      "pulse_schedule.update",
      "email.send",
      "email.retry",
      "data.export",
      "api_token.create",
      "api_token.revoke",
    ]) {
      expect(actions).toContain(action);
    }
    expect(body.actions).toContainEqual({ action: "question.freeze", entityTypes: ["question", "team"] });
    expect(body.entityTypes).not.toEqual(expect.arrayContaining(["answer"]));
    for (const dead of ["answer", "upvote", "team_member"]) expect(body.entityTypes).not.toContain(dead);
    expect(new Set(body.entityTypes)).toEqual(new Set((body.actions as Array<{ entityTypes: string[] }>).flatMap((entry) => entry.entityTypes)));
  });

  it("offers a filter for every entry actually written", async () => {
    // Actions through the API, then everything this database holds (other suites of the worker included).
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    await admin.post("/auth/tokens", { name: "ci" }).expect(201);
    await admin.post(`/teams/${fixture.teams.a.id}/freeze`, { frozen: true }).expect(200);
    const { body } = await admin.get("/admin/audit-logs/filters").expect(200);
    const offered = new Map((body.actions as Array<{ action: string; entityTypes: string[] }>).map((entry) => [entry.action, entry.entityTypes]));
    const written = await app.db("audit_logs").distinct("action", "entity_type");
    expect(written.length).toBeGreaterThan(2);
    for (const row of written as Array<{ action: string; entity_type: string }>) {
      expect(offered.get(row.action), row.action).toContain(row.entity_type);
    }
  });

  it("is for admins and owners only, like the log", async () => {
    for (const username of ["moderator", "member"]) {
      const client = await signIn(app, fixture.tenant.slug, username);
      await client.get("/admin/audit-logs/filters").expect(403);
    }
    await visitor(app, { "x-tenant-id": fixture.tenant.slug }).get("/admin/audit-logs/filters").expect(401);
  });
});
