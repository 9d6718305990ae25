import { spawnSync } from "node:child_process";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cohortIndex } from "../../src/modules/pulse/pulse.calendar.js";
import { createTestApp, ManualClock, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { describeLeaks, FigureCollector, readEverything } from "../helpers/pulse-attacker.js";
import { scheduleEveryoneInOneGroup } from "../helpers/pulse.js";

/**
 * CONTRACT §5 "Anonymity against differencing", tried as an attacker would: someone who reads
 * every figure the service shows (every range, every team filter, the export, as often as they
 * like) and the whole database, and wants the score of fewer than k people.
 */
const K = 5;
const EVERY_RANGE = Array.from({ length: 52 }, (_, i) => i + 1);

describe("pulse anonymity against an attacker", () => {
  let app: TestApp;
  // Wednesday of ISO week 2026-W48.
  const clock = new ManualClock("2026-11-25T12:00:00Z");

  beforeAll(async () => {
    // The answers commit at once (no scanner window): this file attacks the figures and the tables of
    // released answers; the hold before them is attacked in pulse-scanners.test.ts.
    app = await createTestApp({ clock, tuning: { pulseScannerWindowMs: 0 } });
  });
  afterAll(() => app.close());

  async function teamIds(tenantId: string): Promise<string[]> {
    return (await app.db("teams").where({ tenant_id: tenantId }).orderBy("name").pluck("id")) as string[];
  }

  // Hundreds of reads each (every range, team filter and the export): seconds alone, more on a busy machine.
  describe("reading every figure", { timeout: 120_000 }, () => {
    for (const slug of ["default", "acme"]) {
      it(`the seeded tenant '${slug}': no two nested figures of any range 1..52, team filter or export differ by 1..k-1 responses`, async () => {
        const tenant = await app.db("tenants").where({ slug }).first();
        const admin = await signIn(app, slug, "admin");
        const collector = new FigureCollector();
        await readEverything(admin, collector, { ranges: EVERY_RANGE, teams: [null, ...(await teamIds(tenant.id))], at: 0 });
        // The history really is there to be attacked.
        expect(collector.figures.size).toBeGreaterThan(100);
        const leaks = collector.leaks(K);
        expect(leaks, describeLeaks(leaks)).toEqual([]);
      });
    }

    it("a fresh send answered one response at a time: no figure, read after every answer, differs from another by 1..k-1", async () => {
      const { fixture, tokens, admin } = await freshSend(14);
      const teams = [null, fixture.teams.a.id, fixture.teams.b.id];
      const collector = new FigureCollector();
      await readEverything(admin, collector, { ranges: [1, 2, 52], teams, at: 0 });
      for (const [i, token] of tokens.entries()) {
        await request(app.app)
          .post("/pulse/respond")
          .send({ token, score: 1 + (i % 5) })
          .expect(200);
        await readEverything(admin, collector, { ranges: [1, 2, 52], exportRanges: [1], teams, at: i + 1 });
      }
      await readEverything(admin, collector, { ranges: EVERY_RANGE, exportRanges: [1, 52], teams, at: tokens.length + 1 });
      // Some batches were released, so the comparison is not between empty views.
      const released = [...collector.figures.values()].filter((figure) => figure.count > 0);
      expect(released.length).toBeGreaterThan(0);
      const leaks = collector.leaks(K);
      expect(leaks, describeLeaks(leaks)).toEqual([]);
    });

    it("one more answer changes no figure with an average, unless it completes a group: then k or more responses appear at once", async () => {
      const { fixture, tokens, admin } = await freshSend(12);
      const read = async () => {
        const views = [];
        for (const team of ["", `&team=${fixture.teams.a.id}`, `&team=${fixture.teams.b.id}`]) {
          const body = (await admin.get(`/pulse/summary?range=4w${team}`).expect(200)).body;
          // Participation and waiting counts may follow each answer (CONTRACT §5); the figures may not.
          views.push(
            body.questions.map((question: Record<string, unknown>) => ({
              id: question.id,
              responseCount: question.responseCount,
              averageScore: question.averageScore,
              trend: question.trend,
              byTeam: (question.byTeam as Array<Record<string, unknown>>).map(({ teamId, responseCount, averageScore }) => ({
                teamId,
                responseCount,
                averageScore,
              })),
            })),
          );
        }
        return views;
      };
      const released = async () => Number((await app.db("pulse_responses").where({ tenant_id: fixture.tenant.id }).count<{ n: number }[]>("* as n"))[0]?.n);
      let changes = 0;
      for (const token of tokens) {
        const [figuresBefore, releasedBefore] = [await read(), await released()];
        await request(app.app).get(`/pulse/respond?token=${token}&score=3`).set("Accept", "application/json").expect(200);
        const [figuresAfter, releasedAfter] = [await read(), await released()];
        if (releasedAfter === releasedBefore) {
          expect(figuresAfter).toEqual(figuresBefore);
        } else {
          changes += 1;
          expect(releasedAfter - releasedBefore).toBeGreaterThanOrEqual(K);
        }
      }
      expect(changes).toBeGreaterThan(0);
    });
  });

  describe("reading the database", () => {
    it("no row of a table holding scores shares a transaction id (xmin) with any row that names a person", async () => {
      const { fixture, tokens } = await freshSend(12);
      for (const [i, token] of tokens.entries())
        await request(app.app)
          .post("/pulse/respond")
          .send({ token, score: 1 + (i % 5) })
          .expect(200);
      expect(await app.db("pulse_responses").where({ tenant_id: fixture.tenant.id })).not.toEqual([]);

      const personTables = await tablesNamingAPerson();
      expect(personTables).toEqual(expect.arrayContaining(["users", "pulse_invites", "audit_logs"]));
      for (const scores of ["pulse_responses", "pulse_response_weeks"]) {
        for (const people of personTables) {
          const shared = await app.db.raw(
            `select count(*)::int as n from ${scores} s where s.tenant_id = any(?::uuid[]) and s.xmin::text in (select p.xmin::text from ${people} p)`,
            [`{${fixture.tenant.id},${await tenantIdOf("default")},${await tenantIdOf("acme")}}`],
          );
          expect(shared.rows[0].n, `${scores} and ${people}`).toBe(0);
        }
      }
    });

    it("released rows keep no order, time or id of the answers: dated on the day of release, shuffled, all of one batch in one transaction", async () => {
      const { fixture, tokens } = await freshSend(20, { team: "a" });
      // Answers in a known order: 1 2 3 4 5, four times.
      clock.set("2026-11-26T15:42:17Z");
      for (const [i, token] of tokens.entries())
        await request(app.app)
          .post("/pulse/respond")
          .send({ token, score: 1 + (i % 5) })
          .expect(200);
      const rows = (await app.db.raw(`select *, xmin::text as tx from pulse_responses where tenant_id = ? order by ctid`, [fixture.tenant.id])).rows;
      expect(rows).toHaveLength(20);
      const batches = new Map<string, number[]>();
      for (const row of rows) batches.set(row.tx, [...(batches.get(row.tx) ?? []), row.score]);
      expect([...batches.values()].map((scores) => scores.length)).toEqual([5, 5, 5, 5]);
      // Physically, no batch lies in the order of answering in all four (a chance of 1 in 120^4 otherwise).
      expect([...batches.values()].some((scores) => scores.join("") !== "12345")).toBe(true);
      const invites = await app.db("pulse_invites").where({ tenant_id: fixture.tenant.id });
      const personal = new Set(invites.flatMap((invite) => [invite.id, invite.token, invite.user_id]));
      for (const row of rows) {
        expect(new Date(row.responded_at).toISOString()).toBe("2026-11-26T00:00:00.000Z");
        for (const value of Object.values(row)) expect(personal.has(value as string)).toBe(false);
      }
      clock.set("2026-11-25T12:00:00Z");
    });

    it("a dump of a database with waiting answers shows none of their scores, in any table", async () => {
      const { fixture, tokens } = await freshSend(4, { team: "a" });
      for (const token of tokens) await request(app.app).post("/pulse/respond").send({ token, score: 5 }).expect(200);
      const question = (await app.db("pulse_invites").where({ tenant_id: fixture.tenant.id }).first()).question_id as string;
      const waiting = await app.db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id });
      expect(waiting).toHaveLength(4);
      // Four equal scores, four different sealed values of one length (each with its answer's
      // conversation reference, sealed too, whether a comment was written or not).
      expect(new Set(waiting.map((row) => Buffer.from(row.sealed).toString("hex"))).size).toBe(4);
      expect(new Set(waiting.map((row) => row.sealed.length))).toEqual(new Set([61]));

      // Every row of every table that mentions the question: none holds a field that could be a score.
      for (const table of await publicTables()) {
        const rows = (await app.db.raw(`select t::text as line from ${table} t where t::text like ?`, [`%${question}%`])).rows as Array<{ line: string }>;
        for (const { line } of rows) expect(line.slice(1, -1).split(","), `${table}: ${line}`).not.toEqual(expect.arrayContaining(["1", "2", "3", "4", "5"]));
      }

      if (process.env.TEST_DATABASE === "embedded") return;
      const dump = pgDump();
      const lines = dump.split("\n").filter((line) => line.includes(question));
      expect(lines.length).toBeGreaterThan(4);
      for (const line of lines) expect(line.split("\t"), line).not.toEqual(expect.arrayContaining(["1", "2", "3", "4", "5"]));
    });
  });

  /** A tenant whose one-cohort send invites `people` extra users (team A only, or alternating A/B), run through the API. */
  async function freshSend(people: number, options: { team?: "a" } = {}): Promise<{ fixture: TenantFixture; tokens: string[]; admin: ApiClient }> {
    const fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true, anonThreshold: K, minTenureDays: 0 } } });
    await app
      .db("users")
      .whereIn(
        "id",
        Object.values(fixture.users).map((user) => user.id),
      )
      .update({ email_opt_out_at: new Date() });
    await app.db("users").insert(
      Array.from({ length: people }, (_, i) => ({
        tenant_id: fixture.tenant.id,
        email: `person${i}.${fixture.tenant.slug}@example.com`,
        name: `Person ${i}`,
        role: "member",
        primary_team_id: options.team === "a" || i % 2 === 0 ? fixture.teams.a.id : fixture.teams.b.id,
      })),
    );
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    await admin.post("/admin/pulse/questions", { text: "How is your week going?" }).expect(201);
    await scheduleEveryoneInOneGroup(admin);
    const run = await admin.post("/admin/pulse/run").expect(200);
    expect(run.body.invitesCreated).toBe(people);
    const tokens = (await app.db("pulse_invites").where({ tenant_id: fixture.tenant.id }).orderBy("id").pluck("token")) as string[];
    expect(cohortIndex(fixture.users.member.id, 1)).toBe(0);
    return { fixture, tokens, admin };
  }

  async function tenantIdOf(slug: string): Promise<string> {
    return (await app.db("tenants").where({ slug }).first()).id;
  }

  async function publicTables(): Promise<string[]> {
    return (await app.db("information_schema.tables").where({ table_schema: "public", table_type: "BASE TABLE" }).pluck("table_name")) as string[];
  }

  /** Tables with a column that leads to a person: a user id, an author, an email or an address. */
  async function tablesNamingAPerson(): Promise<string[]> {
    const rows = await app
      .db("information_schema.columns")
      .where({ table_schema: "public" })
      .whereIn("column_name", ["user_id", "author_id", "responder_id", "email", "ip_address", "sent_by_user_id"])
      .distinct("table_name");
    return rows
      .map((row: { table_name: string }) => row.table_name)
      .concat("users")
      .filter((name, i, all) => all.indexOf(name) === i);
  }
});

/** The run's database as pg_dump writes it (plain SQL with COPY blocks). */
function pgDump(): string {
  const result = spawnSync("pg_dump", ["--data-only", "--no-owner", inject("databaseUrl")], { encoding: "utf8", maxBuffer: 512 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`pg_dump failed: ${result.stderr}`);
  return result.stdout;
}
