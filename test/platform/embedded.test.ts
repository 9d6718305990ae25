import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbeddedDatabase, type DatabaseHandle } from "../../src/platform/db.js";
import { migrateToLatest, pendingMigrations, rollbackAll } from "../../src/platform/migrator.js";
import { migrations } from "../../migrations/index.js";
import { DEMO_USER_COUNT, seedDemoData } from "../../seeds/demo.js";
import { testSeedOptions } from "../helpers/secrets.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";

/**
 * The default start path (no DATABASE_URL): the same app on the embedded PGlite, migrated and
 * seeded as `npm start` does.
 */
describe("embedded database (PGlite): the default start path", () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openEmbeddedDatabase("memory://");
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, testSeedOptions());
    app = await createTestApp({ database: handle });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it("is ready: database, migrations", async () => {
    const response = await request(app.app).get("/health/ready").expect(200);
    expect(response.body.checks).toEqual({ database: "ok", kvstore: "not_configured", migrations: "ok" });
  });

  it("serves the demo tenants: sign in, me, teams, users", async () => {
    const admin = await signIn(app, "acme", "admin");
    expect((await admin.get("/auth/me").expect(200)).body).toMatchObject({ tenantSlug: "acme", user: { role: "admin", email: "admin@example.com" } });
    expect((await admin.get("/teams").expect(200)).body.map((team: { slug: string }) => team.slug)).toEqual(["engineering", "product"]);
    expect((await admin.get("/users").expect(200)).body).toHaveLength(DEMO_USER_COUNT);
    await admin.post("/auth/logout").expect(200);
  });

  it("runs the Q&A queue: submit, list, search, upvote once, answer, tag", async () => {
    const member = await signIn(app, "acme", "alice");
    const admin = await signIn(app, "acme", "admin");
    const team = (await member.get("/teams").expect(200)).body[0];
    const question = (await member.post("/questions", { body: "Are we deploying the new search service this week?", teamId: team.id }).expect(201)).body;
    await Promise.all([admin.post(`/questions/${question.id}/upvote`), admin.post(`/questions/${question.id}/upvote`)]);
    const found = await member.get(`/questions?search=${encodeURIComponent('deployment "servic')}`).expect(200);
    expect(found.body.items.map((item: { id: string }) => item.id)).toContain(question.id);
    expect(found.body.items.find((item: { id: string }) => item.id === question.id).upvoteCount).toBe(1);
    const tag = (await member.get("/tags").expect(200)).body[0];
    await admin.post(`/questions/${question.id}/tags`, { tagId: tag.id }).expect(200);
    const answered = await admin.post(`/questions/${question.id}/answer`, { responseText: "Yes, on Thursday." }).expect(200);
    expect(answered.body).toMatchObject({ status: "ANSWERED", upvoteCount: 1, tags: [{ id: tag.id }] });
    expect((await member.get(`/questions?team=${team.slug}`).expect(200)).body.total).toBeGreaterThan(1);
  });

  it("a delete reports what it removed: an undone upvote lowers the count, an untag is audited", async () => {
    const member = await signIn(app, "acme", "alice");
    const admin = await signIn(app, "acme", "admin");
    const team = (await member.get("/teams").expect(200)).body[0];
    const question = (await member.post("/questions", { body: "Which release train does the billing fix ride on?", teamId: team.id }).expect(201)).body;
    expect((await admin.post(`/questions/${question.id}/upvote`).expect(200)).body).toMatchObject({ upvoteCount: 1, hasUpvoted: true });
    expect((await admin.delete(`/questions/${question.id}/upvote`).expect(200)).body).toMatchObject({ upvoteCount: 0, hasUpvoted: false });
    expect((await admin.post(`/questions/${question.id}/upvote`).expect(200)).body).toMatchObject({ upvoteCount: 1 });
    const tag = (await member.get("/tags").expect(200)).body[0];
    await admin.post(`/questions/${question.id}/tags`, { tagId: tag.id }).expect(200);
    await admin.delete(`/questions/${question.id}/tags/${tag.id}`).expect(200);
    const actions = (await app.db("audit_logs").where({ entity_id: question.id }).orderBy("created_at")).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["upvote.add", "upvote.remove", "tag.add", "tag.remove"]));
  });

  it("the seed is idempotent: a second run changes nothing", async () => {
    const countAll = async () => {
      const tables = [
        "tenants",
        "users",
        "teams",
        "team_members",
        "tags",
        "questions",
        "upvotes",
        "pulse_questions",
        "pulse_invites",
        "pulse_responses",
        "pulse_runs",
      ];
      const counts: Record<string, number> = {};
      for (const table of tables) counts[table] = Number((await handle.db(table).count("* as c").first())?.c);
      return counts;
    };
    const before = await countAll();
    expect(await seedDemoData(handle.db, testSeedOptions())).toEqual([]);
    expect(await countAll()).toEqual(before);
  });

  it("demo data: per tenant 50 users with an owner and the four demo accounts, 2 teams, 6 tags, 12 weeks of pulse history with comments", async () => {
    for (const slug of ["default", "acme"]) {
      const tenant = await handle.db("tenants").where({ slug }).first();
      const users = await handle.db("users").where({ tenant_id: tenant.id });
      expect(users).toHaveLength(50);
      const usernames = users.map((user) => user.sso_id);
      for (const username of ["owner", "admin", "moderator", "alice", "bob"]) expect(usernames).toContain(username);
      expect(users.find((user) => user.sso_id === "owner").role).toBe("owner");
      expect(users.find((user) => user.sso_id === "admin").email).toBe("admin@example.com");
      expect(await handle.db("teams").where({ tenant_id: tenant.id })).toHaveLength(2);
      expect(await handle.db("tags").where({ tenant_id: tenant.id })).toHaveLength(6);
      const settings = (await handle.db("tenant_settings").where({ tenant_id: tenant.id }).first()).settings;
      expect(settings.pulse.enabled).toBe(true);
      expect(settings.pulse.anonThreshold).toBe(5);
      const span = await handle
        .db("pulse_responses")
        .where({ tenant_id: tenant.id })
        .select(handle.db.raw("count(distinct date_trunc('week', responded_at))::int as weeks, count(*)::int as n"))
        .first();
      // Released batches of the twelve weeks of history (CONTRACT §8), with a few answers still waiting for their group.
      expect(span.weeks).toBeGreaterThanOrEqual(10);
      expect(span.n).toBeGreaterThan(300);
      const waiting = await handle.db("pulse_waiting_responses").where({ tenant_id: tenant.id });
      expect(waiting.length).toBeGreaterThan(0);
      expect(settings.pulse).toMatchObject({ defaultCadence: "weekly", defaultTime: "09:00", rotatingCohorts: true });
      const schedule = await handle.db("pulse_schedules").where({ tenant_id: tenant.id }).first();
      expect(schedule).toMatchObject({ timezone: "UTC", num_cohorts: 5 });
      // Comments released with some batches, the newest with a lead's reply (and one answered back).
      const comments = await handle.db("pulse_comments").where({ tenant_id: tenant.id });
      expect(comments.length).toBeGreaterThan(5);
      const replies = await handle.db("pulse_comment_replies").where({ tenant_id: tenant.id });
      expect(replies.map((reply) => reply.author).sort()).toEqual(["colleague", "lead", "lead", "lead"]);
    }
  });

  it("demo polls: a closed poll with its results shown to the room, two drafts for its moderators, and a demo member votes once a draft opens", async () => {
    const member = await signIn(app, "default", "alice");
    const moderator = await signIn(app, "default", "moderator");
    const team = (await member.get("/teams").expect(200)).body.find((candidate: { slug: string }) => candidate.slug === "engineering");
    const seen = (await member.get(`/polls?teamId=${team.id}`).expect(200)).body;
    expect(seen.items.map((poll: { status: string; voteCount: number }) => [poll.status, poll.voteCount])).toEqual([["closed", 17]]);
    const results = (await member.get(`/polls/${seen.items[0].id}/results`).expect(200)).body;
    expect(results.options.map((option: { votes: number }) => option.votes)).toEqual([5, 9, 3]);

    const managed = (await moderator.get(`/polls?teamId=${team.id}&status=draft`).expect(200)).body;
    expect(managed.items.map((poll: { type: string }) => poll.type)).toEqual(["rating", "words"]);
    const rating = managed.items[0];
    await moderator.post(`/polls/${rating.id}/open`).expect(200);
    expect((await member.post(`/polls/${rating.id}/votes`, { rating: 4 }).expect(200)).body).toMatchObject({ voteCount: 1, myVote: { rating: 4 } });
  });

  it("pulse responses of the seed carry nothing that leads to a person", async () => {
    const columns = (await handle.db.raw("select column_name from information_schema.columns where table_name = 'pulse_responses'")).rows.map(
      (row: { column_name: string }) => row.column_name,
    );
    expect(columns.sort()).toEqual(["id", "question_id", "responded_at", "score", "team_id", "tenant_id"]);
    // Every (question, team, week) holds 0 or at least k (5) responses: the seed stores released batches.
    const small = await handle
      .db("pulse_responses")
      .groupBy("tenant_id", "question_id", "team_id", handle.db.raw("date_trunc('week', responded_at at time zone 'UTC')"))
      .havingRaw("count(*) < 5")
      .select("tenant_id");
    expect(small).toEqual([]);
  });

  it("migrations roll back and re-apply cleanly", async () => {
    const scratch = await openEmbeddedDatabase("memory://");
    try {
      await migrateToLatest(scratch.db);
      await rollbackAll(scratch.db);
      expect(await pendingMigrations(scratch.db)).toEqual(migrations.map(([name]) => name));
      expect(await scratch.db.schema.hasTable("audit_logs")).toBe(false);
      await migrateToLatest(scratch.db);
      expect(await pendingMigrations(scratch.db)).toEqual([]);
    } finally {
      await scratch.close();
    }
    // A fresh PGlite plus every migration twice: seconds alone, much longer on a busy machine.
  }, 120_000);

  it("every migration file is listed in migrations/index.ts, in order", () => {
    const folder = path.resolve(import.meta.dirname, "../../migrations");
    const files = fs
      .readdirSync(folder)
      .filter((file) => /^\d{14}_[a-z0-9_]+\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ""))
      .sort();
    expect(migrations.map(([name]) => name)).toEqual(files);
  });
});
