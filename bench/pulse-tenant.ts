import { DateTime } from "luxon";
import type { Database } from "../src/platform/db.js";
import { provisionTenant } from "../src/modules/provisioning/index.js";

/**
 * A large pulse tenant for the pulse benches: `users` members spread over `teams` teams (slugs
 * team-1..team-N), an admin who signs in by demo mode (`user=admin`, tenant `bench`), 5 questions
 * of its own (the question library is switched off) and a year of weekly sends, each member on
 * their cohort's weekday. About 72% of the invites are answered; the answers are written as
 * released batches dated on the Monday of their week (every cell far above k), so the weekly
 * rollups (pulse_response_weeks, pulse_invite_weeks) fill by their triggers as in production.
 */
export interface PulseTenant {
  tenantId: string;
  adminId: string;
  /** In the order of their slugs team-1..team-N. */
  teamIds: string[];
  /** The questions asked (active), in the order they were created. */
  questionIds: string[];
}

export const PULSE_TENANT_SLUG = "bench";
const QUESTIONS = 5;
const WEEKS = 52;

export async function seedPulseTenant(db: Database, options: { users: number; teams: number }): Promise<PulseTenant> {
  const teams = Array.from({ length: options.teams }, (_, i) => ({ name: `Team ${String(i + 1).padStart(2, "0")}`, slug: `team-${i + 1}` }));
  const { tenant, teams: created } = await provisionTenant(db, { slug: PULSE_TENANT_SLUG, name: "Bench", teams, settings: { pulse: { enabled: true } } });
  const teamIds = created.map((team) => team.id);
  const [admin] = await db("users")
    .insert({
      tenant_id: tenant.id,
      email: "admin@bench.example",
      name: "Bench Admin",
      role: "admin",
      sso_provider: "demo",
      sso_id: "admin",
      primary_team_id: teamIds[0],
    })
    .returning("id");
  await db.raw(
    `insert into users (tenant_id, email, name, role, primary_team_id)
     select ?, 'user' || g || '@bench.example', 'User ' || g, 'member', (?::uuid[])[1 + g % ?] from generate_series(1, ?) g`,
    [tenant.id, `{${teamIds.join(",")}}`, options.teams, options.users],
  );
  // The tenant asks its own 5 questions: the library a new tenant starts with is switched off.
  await db("pulse_questions").where({ tenant_id: tenant.id }).update({ active: false });
  const questionIds: string[] = [];
  for (let i = 0; i < QUESTIONS; i += 1) {
    const [question] = await db("pulse_questions")
      .insert({ tenant_id: tenant.id, text: `Question ${i + 1}`, created_at: new Date(Date.UTC(2025, 0, 1 + i)) })
      .returning("id");
    questionIds.push(question.id as string);
  }
  const questionArray = `{${questionIds.join(",")}}`;
  // One statement per week, so each week's answers are one batch for the rollup triggers.
  const thisMonday = DateTime.utc().startOf("week").toJSDate();
  for (let week = WEEKS - 1; week >= 0; week -= 1) {
    const monday = new Date(thisMonday.getTime() - week * 7 * 86_400_000);
    await db.raw(
      `insert into pulse_invites (tenant_id, token, user_id, question_id, cohort_name, team_id, sent_at, expires_at, responded_at)
       select tenant_id, gen_random_uuid(), id, (?::uuid[])[1 + pulse_hash % ?], 'cohort-' || pulse_hash % 5, primary_team_id, sent, sent + interval '7 days',
              case when random() < 0.72 then least(sent + random() * interval '36 hours', now() - interval '1 minute') end
       from (select *, ?::timestamptz + (pulse_hash % 5) * interval '1 day' + interval '9 hours' as sent
             from users where tenant_id = ? and sso_id is null) u
       where sent < now()`,
      [questionArray, QUESTIONS, monday, tenant.id],
    );
    await db.raw(
      `insert into pulse_responses (tenant_id, question_id, team_id, score, responded_at)
       select tenant_id, question_id, team_id, 1 + floor(random() * 5)::int, date_trunc('week', responded_at at time zone 'UTC') at time zone 'UTC'
       from pulse_invites
       where tenant_id = ? and responded_at is not null and sent_at >= ?::timestamptz and sent_at < ?::timestamptz + interval '7 days'`,
      [tenant.id, monday, monday],
    );
  }
  return { tenantId: tenant.id, adminId: admin.id as string, teamIds, questionIds };
}

/** The tenant a seedPulseTenant run left (BENCH_KEEP=1), for BENCH_REUSE=1. */
export async function findPulseTenant(db: Database): Promise<PulseTenant> {
  const tenantId = (await db("tenants").where({ slug: PULSE_TENANT_SLUG }).first("id")).id as string;
  const adminId = (await db("users").where({ tenant_id: tenantId, sso_id: "admin" }).first("id")).id as string;
  const teams: Array<{ id: string; slug: string }> = await db("teams").where({ tenant_id: tenantId }).select("id", "slug");
  const teamNumber = (slug: string) => Number(slug.replace("team-", ""));
  const teamIds = teams.sort((a, b) => teamNumber(a.slug) - teamNumber(b.slug)).map((team) => team.id);
  const questionIds: string[] = await db("pulse_questions").where({ tenant_id: tenantId, active: true }).orderBy("created_at").pluck("id");
  return { tenantId, adminId, teamIds, questionIds };
}

export async function countTenantRows(db: Database, table: string, tenantId: string): Promise<number> {
  return Number((await db(table).where({ tenant_id: tenantId }).count<{ c: number }[]>("* as c"))[0]?.c);
}
