import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDuePulses } from "../../src/modules/pulse/pulse.scheduler.service.js";
import { openEmbeddedDatabase, type DatabaseHandle } from "../../src/platform/db.js";
import { createLogger } from "../../src/platform/logger.js";
import { migrateToLatest } from "../../src/platform/migrator.js";
import { seedDemoData } from "../../seeds/demo.js";
import { createTestApp, ManualClock, signIn, type TestApp } from "../helpers/app.js";
import { testSeedOptions } from "../helpers/secrets.js";

/**
 * The whole pulse on the embedded PGlite (the default `npm start` path): the demo seed's history,
 * a scheduled send, one-tap answers, batch release and the summary, through the same SQL as PostgreSQL.
 */
describe("pulse on the embedded database (PGlite)", () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  const clock = new ManualClock("2026-11-24T10:00:00Z");

  beforeAll(async () => {
    handle = await openEmbeddedDatabase("memory://");
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, testSeedOptions(new Date("2026-11-23T00:00:00Z")));
    app = await createTestApp({ database: handle, clock, tuning: { pulseScannerWindowMs: 0 } });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it("the demo tenant's summary shows its 12 weeks of history per question and team", async () => {
    const admin = await signIn(app, "acme", "admin");
    const body = (await admin.get("/pulse/summary?range=13w").expect(200)).body;
    expect(body.summary.totalResponses).toBeGreaterThan(300);
    expect(body.summary.participationRate).toBeGreaterThan(50);
    // The tenant starts with the question library; five cohorts ask its first five, one of them eNPS.
    expect(body.questions.length).toBeGreaterThanOrEqual(12);
    const asked = body.questions.filter((question: { responseCount: number }) => question.responseCount > 0);
    expect(asked).toHaveLength(5);
    const enps = asked.filter((question: { scale: string }) => question.scale === "enps11");
    expect(enps).toHaveLength(1);
    expect(enps[0].enps).toEqual(expect.any(Number));
    expect(enps[0].enps).toBeGreaterThanOrEqual(-100);
    expect(enps[0].enps).toBeLessThanOrEqual(100);
    const { promoters, passives, detractors } = enps[0].enpsBreakdown;
    expect(promoters + passives + detractors).toBe(enps[0].responseCount);
    expect(enps[0].enps).toBe(Math.round(((promoters - detractors) / enps[0].responseCount) * 100));
    for (const question of asked) {
      expect(question.averageScore).toBeGreaterThanOrEqual(1);
      // Released batches: most weeks of each question have one; a few answers still wait for their group.
      expect(question.trend.weekly.length).toBeGreaterThanOrEqual(8);
      for (const week of question.trend.weekly) expect(week.count).toBeGreaterThanOrEqual(5);
      expect(question.byTeam.map((team: { teamName: string }) => team.teamName)).toEqual(["Engineering", "Product"]);
    }
  });

  it("sends today's cohort, takes answers, releases a group's batch when it reaches the threshold and counts it", async () => {
    const tenant = await handle.db("tenants").where({ slug: "default" }).first();
    const outcomes = await runDuePulses({ db: handle.db, queue: app.queue, clock, logger: createLogger({ level: "silent" }) }, [tenant.id]);
    expect(outcomes).toEqual([{ tenantId: tenant.id, outcome: expect.objectContaining({ status: "sent", cohort: "cohort-1", localDate: "2026-11-24" }) }]);
    const invites = await handle.db("pulse_invites").where({ tenant_id: tenant.id, cohort_name: "cohort-1" }).where("sent_at", ">=", "2026-11-24");
    expect(invites.length).toBeGreaterThan(3);
    const admin = await signIn(app, "default", "admin");
    const before = (await admin.get("/pulse/summary?range=1w").expect(200)).body.summary;
    // Answer until a batch of at least 5 is released (the seed left some answers waiting in each group).
    let released = before.totalResponses;
    for (const invite of invites) {
      await request(app.app).get(`/pulse/respond?token=${invite.token}&score=5`).set("Accept", "application/json").expect(200);
      released = (await admin.get("/pulse/summary?range=1w").expect(200)).body.summary.totalResponses;
      if (released > before.totalResponses) break;
    }
    expect(released - before.totalResponses).toBeGreaterThanOrEqual(5);
    await request(app.app).get(`/pulse/respond?token=${invites[0].token}&score=5`).set("Accept", "application/json").expect(400);
    expect((await admin.get("/admin/pulse/cohorts").expect(200)).body).toHaveLength(5);
  });
});
