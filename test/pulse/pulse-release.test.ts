import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBatchChanged, releaseBatch } from "../../src/modules/pulse/pulse.release.repository.js";
import { createPulseSealer, openAnswer } from "../../src/modules/pulse/pulse.release.service.js";
import { createTestApp, ManualClock, signIn, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import type { TenantFixture } from "../helpers/factories.js";
import { addWaiting, pulseGroup, releaseState } from "../helpers/pulse.js";

/**
 * Batch release (CONTRACT §5): a group's answers are released together once it has k of them,
 * exactly once whatever runs at the same moment (answers, sweeps, instances), within 30 s on
 * every deployment, and nothing is lost.
 */
const onPostgres = process.env.TEST_DATABASE !== "embedded";

describe("pulse batch release", () => {
  let app: TestApp;
  const clock = new ManualClock("2026-11-25T12:00:00Z");

  beforeAll(async () => {
    // Answers commit at once: this file is about what follows (the hold is pulse-scanners.test.ts's).
    app = await createTestApp({ clock, tuning: { pulseScannerWindowMs: 0 } });
  });
  afterAll(() => app.close());

  const group = (threshold = 5) => pulseGroup(app.db, threshold);
  const state = (fixture: TenantFixture) => releaseState(app.db, fixture);

  it("k answers arriving at once release exactly one batch, and k+2 at once still one", async () => {
    for (const count of [5, 7]) {
      const { fixture, invites } = await group();
      const tokens = await invites(count);
      const results = await Promise.all(tokens.map((token) => request(app.app).post("/pulse/respond").send({ token, score: 4 })));
      expect(results.map((response) => response.status)).toEqual(tokens.map(() => 200));
      await app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
      const after = await state(fixture);
      expect(after.batches).toHaveLength(1);
      expect((after.batches[0] as number) + after.waiting).toBe(count);
      expect(after.batches[0]).toBeGreaterThanOrEqual(5);
      expect(after.total).toBe(4 * (after.batches[0] as number));
    }
  });

  it("an answer whose release did not happen (a crash after its commit) is released by the sweep", async () => {
    const { fixture, questionId } = await group();
    await addWaiting(app.db, fixture.tenant.id, [{ questionId, teamId: fixture.teams.a.id, scores: [1, 2, 3, 4, 5] }]);
    expect((await state(fixture)).waiting).toBe(5);
    expect(await app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] })).toMatchObject({ batches: 1 });
    expect(await state(fixture)).toEqual({ batches: [5], total: 15, waiting: 0 });
    expect(await app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] })).toMatchObject({ released: 0 });
  });

  it("a release statement takes exactly the rows it read, or changes nothing", async () => {
    const { fixture, questionId } = await group();
    const target = { tenantId: fixture.tenant.id, questionId, teamId: fixture.teams.a.id };
    await addWaiting(app.db, fixture.tenant.id, [{ questionId, teamId: fixture.teams.a.id, scores: [1, 2, 3, 4, 5] }]);
    const ids = (await app.db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id }).pluck("id")) as string[];
    // One of the rows is gone (another release took it): the statement fails and leaves everything as it was.
    const error = await releaseBatch(app.db, target, [...ids.slice(1), randomUUID()], [1, 2, 3, 4, 5], new Date()).catch((caught) => caught);
    expect(isBatchChanged(error)).toBe(true);
    expect(await state(fixture)).toEqual({ batches: [], total: 0, waiting: 5 });
    // Rows of another group are never taken, whatever ids are passed.
    await expect(
      releaseBatch(app.db, { ...target, teamId: fixture.teams.b.id }, ids, [1, 2, 3, 4, 5], new Date()).catch((caught) => isBatchChanged(caught)),
    ).resolves.toBe(true);
    expect(await state(fixture)).toEqual({ batches: [], total: 0, waiting: 5 });
    expect(await releaseBatch(app.db, target, ids, [5, 4, 3, 2, 1], new Date("2026-11-25T00:00:00Z"))).toBe(5);
    expect(await state(fixture)).toEqual({ batches: [5], total: 15, waiting: 0 });
  });

  it("lowering the threshold releases waiting groups that reach the new one; raising it recomputes nothing", async () => {
    const { fixture, questionId, invites } = await group(5);
    for (const token of await invites(3)) await request(app.app).post("/pulse/respond").send({ token, score: 2 }).expect(200);
    const owner = await signIn(app, fixture.tenant.slug, "owner");
    expect((await owner.get("/pulse/summary").expect(200)).body.questions[0]).toMatchObject({ responseCount: 0, waitingResponses: 3 });
    await owner.post("/admin/tenant-settings", { pulse: { anonThreshold: 3 } }).expect(200);
    await app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
    expect(await state(fixture)).toEqual({ batches: [3], total: 6, waiting: 0 });
    const released = await app.db("pulse_responses").where({ tenant_id: fixture.tenant.id }).orderBy("id");
    await owner.post("/admin/tenant-settings", { pulse: { anonThreshold: 6 } }).expect(200);
    await addWaiting(app.db, fixture.tenant.id, [{ questionId, teamId: fixture.teams.a.id, scores: [5, 5, 5] }]);
    await app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
    expect(await app.db("pulse_responses").where({ tenant_id: fixture.tenant.id }).orderBy("id")).toEqual(released);
    // Under the raised threshold, the batch released at 3 shows no average (SPEC's rule for figures below it).
    expect((await owner.get("/pulse/summary").expect(200)).body.questions[0]).toMatchObject({ responseCount: 3, averageScore: null, waitingResponses: 3 });
  });

  it("after SESSION_SECRET is rotated, SESSION_SECRET_PREVIOUS keeps waiting answers: they are re-sealed and released; without it they wait, counted nowhere, and are reported", async () => {
    const { fixture, questionId } = await group(3);
    await addWaiting(app.db, fixture.tenant.id, [{ questionId, teamId: fixture.teams.a.id, scores: [4, 4] }]);
    const newSecret = "a-new-session-secret-of-at-least-32-characters";

    const forgetful = await createTestApp({
      clock,
      database: { db: app.db, kind: onPostgres ? "postgres" : "embedded", close: async () => undefined },
      env: { SESSION_SECRET: newSecret },
    });
    try {
      await addWaiting(app.db, fixture.tenant.id, [{ questionId, teamId: fixture.teams.a.id, scores: [4] }]);
      expect(await forgetful.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] })).toMatchObject({ released: 0 });
      expect(forgetful.logs.some((line) => String(line.msg).includes("sealed with a secret this server does not have") && Number(line.answers) >= 3)).toBe(
        true,
      );
      expect((await state(fixture)).waiting).toBe(3);
    } finally {
      await forgetful.close();
    }

    const rotated = await createTestApp({
      clock,
      database: { db: app.db, kind: onPostgres ? "postgres" : "embedded", close: async () => undefined },
      env: { SESSION_SECRET: newSecret, SESSION_SECRET_PREVIOUS: TEST_SESSION_SECRET },
    });
    try {
      // A lone waiting answer of another group shows the re-sealing; this group is released.
      await addWaiting(app.db, fixture.tenant.id, [{ questionId, teamId: fixture.teams.b.id, scores: [2] }]);
      await rotated.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
      expect(await state(fixture)).toMatchObject({ batches: [3], total: 12, waiting: 1 });
      const [resealed] = await app.db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id });
      const newSealer = createPulseSealer([newSecret]);
      expect(resealed.key_id).toBe(newSealer.keyId);
      expect(openAnswer(newSealer, { keyId: resealed.key_id, sealed: resealed.sealed })).toBe(2);
    } finally {
      await rotated.close();
    }
  });
});
