import { randomUUID } from "node:crypto";
import type { Database } from "../../src/platform/db.js";
import { createPulseSealer, sealAnswer } from "../../src/modules/pulse/pulse.release.service.js";
import type { ApiClient } from "./app.js";
import { createTenantFixture, type TenantFixture } from "./factories.js";
import { TEST_SESSION_SECRET } from "./secrets.js";

/** Factories for pulse tests: questions, invites and (for summary fixtures) responses written directly. */

/** Through the admin API: a weekly pulse at 09:00 UTC with everyone in one group, so a run invites every member. */
export async function scheduleEveryoneInOneGroup(admin: ApiClient): Promise<void> {
  await admin
    .put("/admin/pulse/schedule", { enabled: true, cadence: "weekly", time: "09:00", timezone: "UTC", rotatingCohorts: true, numCohorts: 1 })
    .expect(200);
}

export async function addPulseQuestion(
  db: Database,
  tenantId: string,
  input: { text?: string; teamId?: string | null; active?: boolean; createdAt?: Date | string } = {},
): Promise<string> {
  const createdAt = input.createdAt ? new Date(input.createdAt) : new Date();
  const [row] = await db("pulse_questions")
    .insert({
      tenant_id: tenantId,
      text: input.text ?? `How is it going? ${randomUUID().slice(0, 6)}`,
      team_id: input.teamId ?? null,
      active: input.active ?? true,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id");
  return row.id;
}

export interface InviteInput {
  tenantId: string;
  userId: string;
  /** Default: a new pulse question with `questionText`. */
  questionId?: string;
  questionText?: string;
  teamId?: string | null;
  sentAt?: Date | string;
  expiresAt?: Date | string;
  respondedAt?: Date | string | null;
}

/** An invite as the scheduler would write it; returns its id, its (secret) token and its question. */
export async function addInvite(db: Database, input: InviteInput): Promise<{ id: string; token: string; questionId: string }> {
  const questionId = input.questionId ?? (await addPulseQuestion(db, input.tenantId, { text: input.questionText }));
  const sentAt = input.sentAt ? new Date(input.sentAt) : new Date();
  const token = randomUUID();
  const [row] = await db("pulse_invites")
    .insert({
      tenant_id: input.tenantId,
      token,
      user_id: input.userId,
      question_id: questionId,
      cohort_name: "cohort-0",
      team_id: input.teamId ?? null,
      sent_at: sentAt,
      expires_at: input.expiresAt ? new Date(input.expiresAt) : new Date(sentAt.getTime() + 7 * 86_400_000),
      responded_at: input.respondedAt ? new Date(input.respondedAt) : null,
    })
    .returning("id");
  return { id: row.id, token, questionId };
}

/**
 * Released responses written straight into the table (summary fixtures), as if each list had been
 * released as one batch on the Monday of `week` (any date in the ISO week).
 */
export async function addResponses(
  db: Database,
  tenantId: string,
  rows: Array<{ questionId: string; teamId: string | null; week: string; scores: number[] }>,
): Promise<void> {
  const records = rows.flatMap((row) => {
    const monday = new Date(`${row.week}T00:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    return row.scores.map((score) => ({ tenant_id: tenantId, question_id: row.questionId, team_id: row.teamId, score, responded_at: monday }));
  });
  for (let i = 0; i < records.length; i += 500) await db("pulse_responses").insert(records.slice(i, i + 500));
}

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Answers still waiting for their group (sealed with the test apps' secret), written straight into the table. */
export async function addWaiting(db: Database, tenantId: string, rows: Array<{ questionId: string; teamId: string | null; scores: number[] }>): Promise<void> {
  const sealer = createPulseSealer([TEST_SESSION_SECRET]);
  const records = rows.flatMap((row) =>
    row.scores.map((score) => {
      const box = sealAnswer(sealer, score);
      return { tenant_id: tenantId, question_id: row.questionId, team_id: row.teamId, key_id: box.keyId, sealed: box.sealed };
    }),
  );
  if (records.length) await db("pulse_waiting_responses").insert(records);
}

/** A tenant with one question and the given threshold, and a way to invite its member `count` times (team A). */
export async function pulseGroup(db: Database, threshold = 5) {
  const fixture = await createTenantFixture(db, { settings: { pulse: { enabled: true, anonThreshold: threshold } } });
  const questionId = await addPulseQuestion(db, fixture.tenant.id);
  const invites = async (count: number) => {
    const tokens: string[] = [];
    for (let i = 0; i < count; i += 1) {
      tokens.push(
        (
          await addInvite(db, {
            tenantId: fixture.tenant.id,
            userId: fixture.users.member.id,
            questionId,
            teamId: fixture.teams.a.id,
            sentAt: "2026-11-24T09:00:00Z",
          })
        ).token,
      );
    }
    return tokens;
  };
  return { fixture, questionId, invites };
}

/** A tenant's released batches (one transaction, one batch: their sizes), the sum of their scores, and how many answers wait. */
export async function releaseState(db: Database, fixture: TenantFixture): Promise<{ batches: number[]; total: number; waiting: number }> {
  const released = (
    await db.raw(`select xmin::text as tx, count(*)::int as n, sum(score)::int as total from pulse_responses where tenant_id = ? group by 1`, [
      fixture.tenant.id,
    ])
  ).rows as Array<{ n: number; total: number }>;
  const waiting = await db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id });
  return { batches: released.map((row) => row.n).sort(), total: released.reduce((sum, row) => sum + row.total, 0), waiting: waiting.length };
}
