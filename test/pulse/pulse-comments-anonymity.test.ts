import { spawnSync } from "node:child_process";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SCANNER_WINDOW_MS } from "../../src/modules/pulse/pulse.held-answers.service.js";
import { createTestApp, ManualClock, type TestApp } from "../helpers/app.js";
import { createTenantFixture, insertUser, type TenantFixture } from "../helpers/factories.js";
import { addInvite, addPulseQuestion } from "../helpers/pulse.js";

/**
 * CONTRACT §5 "Comments", tried as an attacker with the whole database (and pg_dump) who wants to
 * know who wrote which comment, or what a comment's writer answered: while waiting, no table
 * holds the text; once released, neither a column, a transaction id (xmin), the physical row order
 * nor a timestamp links a comment to an invite, a person or the moment of writing.
 */
const K = 5;
const PEOPLE = 8;

describe("pulse comments against an attacker with the database", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let personal: Set<string>;
  const bodies = Array.from({ length: PEOPLE }, (_, i) => `Comment number ${i + 1}: the planning meeting runs far too long.`);
  // Far ahead of the real date: other files' sweeps never find this file's held answers due.
  const clock = new ManualClock("2099-09-15T10:00:00Z");

  beforeAll(async () => {
    app = await createTestApp({ clock });
    fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true, anonThreshold: K, minTenureDays: 0 } } });
    const questionId = await addPulseQuestion(app.db, fixture.tenant.id, { text: "How was your week?" });
    // Eight people answer and comment, one after another, in a known order.
    for (const body of bodies) {
      const person = await insertUser(app.db, fixture.tenant.id, { teamId: fixture.teams.a.id });
      const { token } = await addInvite(app.db, {
        tenantId: fixture.tenant.id,
        userId: person.id,
        questionId,
        teamId: fixture.teams.a.id,
        sentAt: clock.now(),
      });
      const answered = await request(app.app).post("/pulse/respond").send({ token, score: 3 }).expect(200);
      await request(app.app).post("/pulse/comments").send({ conversation: answered.body.conversation, body }).expect(201);
      clock.advance(1000);
    }
    const invites = await app.db("pulse_invites").where({ tenant_id: fixture.tenant.id });
    const users = await app.db("users").where({ tenant_id: fixture.tenant.id });
    personal = new Set([...invites.flatMap((invite) => [invite.id, invite.token]), ...users.flatMap((user) => [user.id, user.email])]);
  });
  afterAll(() => app.close());

  const release = async () => {
    clock.advance(SCANNER_WINDOW_MS);
    await app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
  };

  it("while waiting: no table and no dump holds a comment's text, and a waiting comment names only its tenant and a hash", async () => {
    expect(await app.db("pulse_comments").where({ tenant_id: fixture.tenant.id })).toEqual([]);
    const waiting = await app.db("pulse_waiting_comments").where({ tenant_id: fixture.tenant.id });
    expect(waiting).toHaveLength(PEOPLE);
    expect(Object.keys(waiting[0]).sort()).toEqual(["conversation_hash", "id", "key_id", "sealed", "tenant_id"]);
    for (const row of waiting) for (const value of Object.values(row)) expect(personal.has(String(value))).toBe(false);
    for (const table of await publicTables()) {
      const found = await app.db.raw(`select count(*)::int as n from ${table} t where t::text like ?`, ["%planning meeting%"]);
      expect(found.rows[0].n, table).toBe(0);
    }
    // The hash of a conversation is in the waiting comment only: the answer keeps it sealed.
    for (const { conversation_hash: hash } of waiting) {
      const tables = [];
      for (const table of await publicTables()) {
        const found = await app.db.raw(`select count(*)::int as n from ${table} t where t::text like ?`, [`%${hash}%`]);
        if (found.rows[0].n > 0) tables.push(table);
      }
      expect(tables).toEqual(["pulse_waiting_comments"]);
    }
    if (process.env.TEST_DATABASE === "embedded") return;
    expect(pgDump()).not.toContain("planning meeting");
  });

  it("released: in the release's transaction with the batch, not in the order of writing, dated by the week alone, and nothing leads to a person", async () => {
    await release();
    const comments = (await app.db.raw(`select *, xmin::text as tx from pulse_comments where tenant_id = ? order by ctid`, [fixture.tenant.id])).rows;
    expect(comments).toHaveLength(PEOPLE);
    expect(Object.keys(comments[0]).sort()).toEqual(
      [
        "body",
        "conversation_hash",
        "id",
        "last_colleague_reply_at",
        "last_reply_at",
        "question_id",
        "reply_count",
        "team_id",
        "tenant_id",
        "tx",
        "week",
      ].sort(),
    );
    // One transaction: the batch of answers and its comments, and nothing that names a person.
    const responses = (await app.db.raw(`select distinct xmin::text as tx from pulse_responses where tenant_id = ?`, [fixture.tenant.id])).rows;
    expect(new Set(comments.map((row: { tx: string }) => row.tx))).toEqual(new Set(responses.map((row: { tx: string }) => row.tx)));
    for (const table of ["users", "pulse_invites", "audit_logs", "team_members", "pulse_held_answers"]) {
      const shared = await app.db.raw(`select count(*)::int as n from ${table} p where p.xmin::text = any(?::text[])`, [
        `{${comments.map((row: { tx: string }) => row.tx).join(",")}}`,
      ]);
      expect(shared.rows[0].n, table).toBe(0);
    }
    // Physically not in the order they were written (a chance of 1 in 8! otherwise).
    expect(comments.map((row: { body: string }) => row.body)).not.toEqual(bodies);
    expect(new Set(comments.map((row: { body: string }) => row.body))).toEqual(new Set(bodies));
    for (const row of comments) {
      expect(new Date(row.week).toISOString().slice(0, 10)).toBe("2099-09-14");
      expect(row.last_reply_at).toBeNull();
      for (const value of Object.values(row)) expect(personal.has(String(value))).toBe(false);
    }
    expect(await app.db("pulse_waiting_comments").where({ tenant_id: fixture.tenant.id })).toEqual([]);

    if (process.env.TEST_DATABASE === "embedded") return;
    const lines = pgDump()
      .split("\n")
      .filter((line) => line.includes("planning meeting"));
    expect(lines).toHaveLength(PEOPLE);
    for (const line of lines) for (const field of line.split("\t")) expect(personal.has(field), line).toBe(false);
  });

  async function publicTables(): Promise<string[]> {
    return (await app.db("information_schema.tables").where({ table_schema: "public", table_type: "BASE TABLE" }).pluck("table_name")) as string[];
  }
});

/** The run's database as pg_dump writes it (plain SQL with COPY blocks). */
function pgDump(): string {
  const result = spawnSync("pg_dump", ["--data-only", "--no-owner", inject("databaseUrl")], { encoding: "utf8", maxBuffer: 512 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`pg_dump failed: ${result.stderr}`);
  return result.stdout;
}
