import request from "supertest";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SCANNER_WINDOW_MS } from "../../src/modules/pulse/pulse.held-answers.service.js";
import { createTestApp, ManualClock, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import type { TenantFixture } from "../helpers/factories.js";
import { startServerProcess } from "../helpers/processes.js";
import { addInvite, addWaiting, pulseGroup, releaseState } from "../helpers/pulse.js";

/**
 * Batch release across instances and in the server process (PostgreSQL only: two apps on one
 * database, a child process): a group's batch goes out once however many instances try, and
 * within 30 s even where no instance runs the scheduler.
 */
describe("pulse batch release across instances", () => {
  let app: TestApp;
  const clock = new ManualClock("2026-11-25T12:00:00Z");

  beforeAll(async () => {
    // Answers commit at once here; the held answers' commit across instances has its own test below.
    app = await createTestApp({ clock, tuning: { pulseScannerWindowMs: 0 } });
  });
  afterAll(() => app.close());

  const group = (threshold = 5) => pulseGroup(app.db, threshold);
  const state = (fixture: TenantFixture) => releaseState(app.db, fixture);

  it("two instances taking answers and sweeping at the same moment release a group's batch once", async () => {
    const second = await createTestApp({ clock, tuning: { pulseScannerWindowMs: 0 } });
    try {
      for (let round = 0; round < 3; round += 1) {
        const { fixture, invites } = await group();
        const tokens = await invites(5);
        await Promise.all([
          ...tokens.map((token, i) =>
            request((i % 2 === 0 ? app : second).app)
              .post("/pulse/respond")
              .send({ token, score: 3 })
              .expect(200),
          ),
          app.pulseReleaser.sweep(),
          second.pulseReleaser.sweep(),
        ]);
        await Promise.all([app.pulseReleaser.sweep(), second.pulseReleaser.sweep(), app.pulseReleaser.sweep(), second.pulseReleaser.sweep()]);
        expect(await state(fixture)).toEqual({ batches: [5], total: 15, waiting: 0 });
      }
    } finally {
      await second.close();
    }
  });

  it("two instances committing held answers at the same moment commit each once, and release the group once", async () => {
    // Far ahead of the real date, so no other file's sweep finds these held answers due.
    const later = new ManualClock("2099-06-02T10:00:00Z");
    const first = await createTestApp({ clock: later });
    const second = await createTestApp({ clock: later });
    try {
      const { fixture, questionId } = await group();
      const tokens: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        const invite = await addInvite(app.db, {
          tenantId: fixture.tenant.id,
          userId: fixture.users.member.id,
          questionId,
          teamId: fixture.teams.a.id,
          sentAt: later.now(),
        });
        tokens.push(invite.token);
      }
      await Promise.all(
        tokens.map((token, i) =>
          request((i % 2 === 0 ? first : second).app)
            .post("/pulse/respond")
            .send({ token, score: 1 + (i % 5) })
            .expect(200),
        ),
      );
      expect(await state(fixture)).toEqual({ batches: [], total: 0, waiting: 0 });
      later.advance(SCANNER_WINDOW_MS);
      const scope = { tenantIds: [fixture.tenant.id] };
      await Promise.all([
        first.pulseReleaser.sweep(scope),
        second.pulseReleaser.sweep(scope),
        first.pulseReleaser.sweep(scope),
        second.pulseReleaser.sweep(scope),
      ]);
      await Promise.all([first.pulseReleaser.sweep(scope), second.pulseReleaser.sweep(scope)]);
      expect(await state(fixture)).toEqual({ batches: [7], total: 1 + 2 + 3 + 4 + 5 + 1 + 2, waiting: 0 });
      expect(await app.db("pulse_invites").where({ tenant_id: fixture.tenant.id }).whereNull("responded_at")).toEqual([]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("the server process releases waiting answers within 30 s with SCHEDULER=false", { timeout: 90_000 }, async () => {
    const { fixture, questionId } = await group();
    const server = await startServerProcess({
      NODE_ENV: "development",
      DATABASE_URL: inject("databaseUrl"),
      SESSION_SECRET: TEST_SESSION_SECRET,
      SEED_DEMO_DATA: "false",
      SCHEDULER: "false",
    });
    try {
      // Written after the start, so the periodic sweep (not the one at start) has to find them.
      await addWaiting(app.db, fixture.tenant.id, [{ questionId, teamId: fixture.teams.a.id, scores: [5, 4, 3, 2, 1] }]);
      const started = Date.now();
      while ((await state(fixture)).waiting > 0 && Date.now() - started < 30_000) await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await state(fixture)).toEqual({ batches: [5], total: 15, waiting: 0 });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
