import { withClient } from "./lib.js";

/** The words the bench's questions are made of: each question names three of them. */
export const WORDS = [
  "deployment",
  "roadmap",
  "hiring",
  "budget",
  "onboarding",
  "pipeline",
  "security",
  "offsite",
  "release",
  "customer",
  "latency",
  "migration",
  "benefits",
  "promotion",
  "travel",
  "database",
  "mentoring",
  "incident",
  "pricing",
  "analytics",
];

/** Tops the default tenant up to `total` questions (the demo seed has a few). */
export async function growQuestions(url: string, total: number): Promise<void> {
  await withClient(url, async (client) => {
    const tenant = (await client.query("select id from tenants where slug = 'default'")).rows[0].id;
    const existing = Number((await client.query("select count(*)::int as n from questions where tenant_id = $1", [tenant])).rows[0].n);
    if (existing >= total) return;
    const teams = (await client.query("select id from teams where tenant_id = $1 order by slug", [tenant])).rows.map((row) => row.id);
    const users = (await client.query("select id from users where tenant_id = $1 order by id", [tenant])).rows.map((row) => row.id);
    for (let from = existing; from < total; from += 100_000) {
      const to = Math.min(total, from + 100_000);
      await client.query(
        `insert into questions (tenant_id, team_id, author_id, body, status, upvote_count, submitted_at)
         select $1, ($2::uuid[])[1 + i % 2], ($3::uuid[])[1 + i % array_length($3::uuid[], 1)],
           'Question ' || i || ' about the ' || w[1 + i % 20] || ' and the ' || w[1 + (i / 20) % 20] || ' for ' || w[1 + (i / 400) % 20] || '?',
           case when i % 10 = 0 then 'ANSWERED' else 'OPEN' end, ((i::bigint * 7919) % 250)::int, now() - make_interval(secs => i)
         from generate_series($4::int, $5::int) as i, (select $6::text[] as w) words`,
        [tenant, teams, users, from + 1, to, WORDS],
      );
    }
    await client.query("vacuum analyze questions");
  });
}

/** One signed-in bench user is many people at once: the tenant's per-user limits would refuse it. */
export async function liftRateLimits(url: string): Promise<void> {
  await withClient(url, (client) =>
    client.query(
      `update tenant_settings set settings = jsonb_set(settings, '{security,rateLimits}',
        '{"questionsPerHour": 100000, "upvotesPerMinute": 100000, "responsesPerHour": 100000, "searchPerMinute": 100000}')
       where tenant_id = (select id from tenants where slug = 'default')`,
    ),
  );
}
