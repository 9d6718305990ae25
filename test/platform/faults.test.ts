import { randomUUID } from "node:crypto";
import pg from "pg";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../src/platform/db.js";
import { createTestApp, signIn, signInMany, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { startPrivateRedis } from "../helpers/processes.js";

const QUESTION = "What happens to our roadmap if the vendor contract ends early?";

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("condition not met in time");
}

describe("Redis stops during traffic", () => {
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let app: TestApp<import("../../src/platform/queue-bullmq.js").BullEmailQueue>;
  let t: TenantFixture;
  let c: Record<"admin" | "member", ApiClient>;
  let token: string;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    app = await createTestApp({ emailQueue: "bullmq", env: { KVSTORE_URL: redis.url } });
    t = await createTenantFixture(app.db, { settings: { features: { enableEmailNotifications: true } } });
    c = await signInMany(app, t.tenant.slug, ["admin", "member"]);
    token = (await c.admin.post("/auth/tokens", { name: "fault test" }).expect(201)).body.token;
  });
  afterAll(async () => {
    await app.close();
    await redis.close();
  });

  it("requests that need Redis fail fast with 503; PostgreSQL reads, visitors and API tokens keep working; everything recovers; no email is lost", async () => {
    const before = (await c.member.post("/questions", { body: QUESTION, teamId: t.teams.a.id }).expect(201)).body;
    await c.admin.post(`/questions/${before.id}/answer`, { responseText: "Queued before the outage." }).expect(200);
    await waitFor(async () => (await app.queue.depths()).waiting === 1);

    await redis.stop();

    // Visitors read from PostgreSQL only.
    const guest = visitor(app, { "x-tenant-id": t.tenant.slug });
    expect((await guest.get(`/questions?teamId=${t.teams.a.id}`).expect(200)).body.total).toBe(1);
    // Sessions live in Redis: a signed-in request is refused quickly and clearly.
    const started = performance.now();
    const refused = await c.member.get("/questions");
    expect(performance.now() - started).toBeLessThan(3000);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: { code: "SERVICE_UNAVAILABLE", message: expect.any(String) }, requestId: expect.any(String) });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    await c.member.post("/questions", { body: QUESTION, teamId: t.teams.a.id }).expect(503);
    const ready = await request(app.app).get("/health/ready").expect(503);
    expect(ready.body.checks).toMatchObject({ database: "ok", kvstore: expect.stringMatching(/^failed/) });
    expect((await request(app.app).get("/health").expect(200)).body.kvstore.status).toBe("disconnected");

    // API tokens live in PostgreSQL: a script keeps working, and its answer's email is held, not lost.
    const bearer = { authorization: `Bearer ${token}` };
    const during = (await guest.post("/questions", { body: `${QUESTION} (asked during the outage)`, teamId: t.teams.a.id }).expect(201)).body;
    const mine = (await request(app.app).get("/questions?status=OPEN").set(bearer).expect(200)).body;
    expect(mine.total).toBe(1);
    const owned = (
      await request(app.app)
        .post("/questions")
        .set(bearer)
        .send({ body: `${QUESTION} (mine)`, teamId: t.teams.a.id })
        .expect(201)
    ).body;
    await request(app.app).post(`/questions/${during.id}/answer`).set(bearer).send({ responseText: "Answered during the outage." }).expect(200);
    expect(app.systemQueue.held).toBe(0); // a visitor's question sends no email
    const memberQuestionId = (
      await app
        .db("questions")
        .insert({ tenant_id: t.tenant.id, team_id: t.teams.a.id, author_id: t.users.member.id, body: QUESTION, status: "OPEN" })
        .returning("id")
    )[0].id;
    await request(app.app).post(`/questions/${memberQuestionId}/answer`).set(bearer).send({ responseText: "Also during the outage." }).expect(200);
    expect(app.systemQueue.held).toBe(1);
    expect(owned.status).toBe("OPEN");

    await redis.start();

    await waitFor(async () => (await request(app.app).get("/health/ready")).status === 200);
    // The session survived (Redis keeps an append-only file), and requests work again by themselves.
    await waitFor(async () => (await c.member.get("/auth/me")).status === 200);
    await c.member.post("/questions", { body: `${QUESTION} (after)`, teamId: t.teams.a.id }).expect(201);
    // The job queued before the outage is still there, and the held one has joined it.
    await waitFor(async () => app.systemQueue.held === 0 && (await app.queue.depths()).waiting === 2);
  });
});

describe("PostgreSQL drops every connection during traffic (a restart, as the pool sees it)", () => {
  let app: TestApp;
  let t: TenantFixture;
  let member: ApiClient;
  const applicationName = `qa-fault-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const url = new URL(inject("databaseUrl"));
    url.searchParams.set("application_name", applicationName);
    const handle = await openDatabase({ url: url.toString(), poolMax: 5, dataDir: "" });
    app = await createTestApp({ database: handle });
    app.close = ((close) => async () => {
      await close();
      await handle.close();
    })(app.close);
    t = await createTenantFixture(app.db);
    member = await signIn(app, t.tenant.slug, "member");
  });
  afterAll(() => app.close());

  /** Terminates only this app's connections (other test files share the database). */
  async function dropConnections(): Promise<number> {
    const admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    try {
      const result = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [applicationName]);
      return result.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it("in-flight requests get 503 at worst, never 500; the pool recovers and every later request succeeds", async () => {
    await member.get("/questions").expect(200);
    const traffic = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0 ? member.post("/questions", { body: `${QUESTION} #${i}`, teamId: t.teams.a.id }) : member.get(`/questions?teamId=${t.teams.a.id}`),
    );
    const dropped = dropConnections();
    const statuses = (await Promise.all(traffic)).map((response) => response.status);
    expect(await dropped).toBeGreaterThanOrEqual(0);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);

    // Drop again while idle: the pool holds dead connections now.
    expect(await dropConnections()).toBeGreaterThan(0);
    const after = await Promise.all(Array.from({ length: 30 }, () => member.get("/questions")));
    const failures = after.filter((response) => response.status !== 200);
    // A dead pooled connection may fail its first query (503); after that, everything works.
    expect(failures.every((response) => response.status === 503)).toBe(true);
    const settled = await Promise.all(Array.from({ length: 30 }, () => member.get("/questions")));
    expect(settled.map((response) => response.status).every((status) => status === 200)).toBe(true);
    expect((await request(app.app).get("/health/ready").expect(200)).body.checks.database).toBe("ok");
  });
});
