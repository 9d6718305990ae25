import { createHash, randomUUID } from "node:crypto";
import type { Database, Executor } from "../src/platform/db.js";
import { provisionTenant } from "../src/modules/provisioning/index.js";
import { cohortIndex, cohortName, INVITE_LIFETIME_DAYS, releaseDay, utcWeekStart } from "../src/modules/pulse/index.js";
import { sealAnswer } from "../src/modules/pulse/index.js";
import type { PulseScale } from "../src/modules/pulse/index.js";
import type { Sealer } from "../src/platform/sealed-box.js";
import { seedDemoPolls } from "./demo-polls.js";
import { commentsOfBatch, seedDemoConversations, type DemoCommentRow } from "./demo-comments.js";

/**
 * Development demo data (CONTRACT §0/§8): tenants `default` and `acme`, each with the four demo
 * accounts (admin, moderator, alice, bob), an owner, 50 users in all, 2 teams, the default tags,
 * sample questions, pulse questions, a pulse schedule and 12 weeks of pulse history.
 * Idempotent: a tenant that already exists is left as it is.
 */

export const DEMO_TENANTS = [
  { slug: "default", name: "Default Organisation" },
  { slug: "acme", name: "Acme Corp" },
] as const;

const TEAMS = [
  { name: "Engineering", slug: "engineering", description: "Builds and runs the product" },
  { name: "Product", slug: "product", description: "Product management, design and research" },
];

type SeedRole = "owner" | "admin" | "moderator" | "member" | "viewer";
interface SeedUser {
  username: string;
  name: string;
  role: SeedRole;
  team: 0 | 1;
  teamRole?: "moderator" | "member" | "viewer";
}

const NAMED_USERS: SeedUser[] = [
  { username: "owner", name: "Olivia Owner", role: "owner", team: 0 },
  { username: "admin", name: "Ada Admin", role: "admin", team: 0 },
  { username: "moderator", name: "Maya Moderator", role: "moderator", team: 0, teamRole: "moderator" },
  { username: "alice", name: "Alice Andersen", role: "member", team: 0 },
  { username: "bob", name: "Bob Brown", role: "member", team: 1 },
  { username: "priya", name: "Priya Patel", role: "moderator", team: 1, teamRole: "moderator" },
  { username: "victor", name: "Victor Viewer", role: "viewer", team: 1, teamRole: "viewer" },
];

const FIRST_NAMES = [
  "Amara",
  "Ben",
  "Chen",
  "Dana",
  "Elif",
  "Farah",
  "Gus",
  "Hana",
  "Ivan",
  "Jonas",
  "Kofi",
  "Lena",
  "Mateo",
  "Nia",
  "Oscar",
  "Paula",
  "Quinn",
  "Rafael",
  "Sofia",
  "Tariq",
  "Uma",
  "Vera",
  "Wei",
  "Ximena",
  "Yusuf",
  "Zoe",
  "Aiden",
  "Bianca",
  "Carlos",
  "Dmitri",
  "Emma",
  "Felix",
  "Grace",
  "Hugo",
  "Ines",
  "Jamal",
  "Kira",
  "Liam",
  "Mei",
  "Noor",
  "Omar",
  "Pia",
  "Ravi",
];
const LAST_NAMES = ["Okafor", "Schmidt", "Nakamura", "Silva", "Haddad", "Kowalski", "Nguyen", "Moreau", "Rossi", "Larsen"];

export const DEMO_USER_COUNT = 50;

function seedUsers(): SeedUser[] {
  const generated: SeedUser[] = [];
  for (let i = 0; NAMED_USERS.length + generated.length < DEMO_USER_COUNT; i += 1) {
    const first = FIRST_NAMES[i % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[i % LAST_NAMES.length] as string;
    generated.push({
      username: `${first.toLowerCase()}.${last.toLowerCase()}`,
      name: `${first} ${last}`,
      role: i % 15 === 14 ? "viewer" : "member",
      team: (i % 2) as 0 | 1,
    });
  }
  return [...NAMED_USERS, ...generated];
}

const SAMPLE_QUESTIONS: Array<{
  team: 0 | 1;
  body: string;
  answer?: string;
  votes: number;
  pinned?: boolean;
  tags?: string[];
  author?: string;
  anonymous?: boolean;
}> = [
  {
    team: 0,
    body: "What is the plan for paying down tech debt in the billing service this quarter?",
    votes: 14,
    tags: ["Technical"],
    pinned: true,
    author: "alice",
  },
  {
    team: 0,
    body: "Can we get a staging environment that mirrors production data volumes?",
    votes: 9,
    tags: ["Feature Request", "Currently Presenting"],
    author: "alice",
  },
  {
    team: 0,
    body: "How do we decide which incidents get a public postmortem?",
    votes: 6,
    tags: ["Process"],
    answer: "Every customer-facing incident of severity 2 or higher gets one, published within five working days.",
    anonymous: true,
  },
  { team: 0, body: "Is the on-call rotation going to include the new hires from next month?", votes: 4, tags: ["Process"] },
  { team: 0, body: "Why did the deployment pipeline get slower after the last migration?", votes: 3, tags: ["Bug", "Technical"] },
  { team: 1, body: "How will we measure success for the onboarding redesign?", votes: 11, tags: ["Question"], author: "bob" },
  {
    team: 1,
    body: "Could we share the customer research calendar with engineering?",
    votes: 7,
    tags: ["Feature Request"],
    answer: "Yes: it is now linked from the team page and updated every Monday.",
  },
  { team: 1, body: "What is the process for proposing a new roadmap item mid-quarter?", votes: 5, tags: ["Process"], anonymous: true },
];

const NUM_COHORTS = 5;
const HISTORY_WEEKS = 12;
const DAY_MS = 86_400_000;
/** How long ago the demo people joined their organisation and team: months before the pulse history. */
const MEMBERS_SINCE_DAYS = 180;

/** A UUID (v4 layout) derived from text, for seed records that should be the same on every run. */
function stableUuid(text: string): string {
  const hex = createHash("sha256").update(text).digest("hex");
  const variant = ((parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Deterministic pseudo-random numbers, so every fresh database gets the same demo figures. */
function prng(seedText: string): () => number {
  let seed = createHash("sha256").update(seedText).digest().readUInt32LE(0);
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertInChunks(db: Executor, table: string, rows: object[], size = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await db(table).insert(rows.slice(i, i + size));
}

export interface SeedOptions {
  emailDomain: string;
  /** Seals the history's answers that are still waiting for their group (the server's secret). */
  sealer: Sealer;
  now?: Date;
}

export async function seedDemoData(db: Database, options: SeedOptions): Promise<string[]> {
  const created: string[] = [];
  for (const demo of DEMO_TENANTS) {
    const exists = await db("tenants").where({ slug: demo.slug }).first();
    if (exists) continue;
    await seedTenant(db, demo, options.emailDomain, options.now ?? new Date(), options.sealer);
    created.push(demo.slug);
  }
  return created;
}

async function seedTenant(db: Database, demo: { slug: string; name: string }, emailDomain: string, now: Date, sealer: Sealer) {
  const random = prng(demo.slug);
  const { tenant, teams, settings } = await provisionTenant(db, {
    slug: demo.slug,
    name: demo.name,
    teams: TEAMS,
    settings: { pulse: { enabled: true } },
  });
  const tenantId = tenant.id;
  const teamIds = teams.map((team) => team.id);

  const answers = await db.transaction(async (trx) => {
    await trx("pulse_schedules").where({ tenant_id: tenantId }).update({ timezone: "UTC", num_cohorts: NUM_COHORTS });

    // Users and memberships.
    // Ids derived from tenant and username: every fresh demo database puts the same people in the
    // same pulse cohorts (cohorts hash the user id), so its figures are the same every time.
    const users = seedUsers().map((user) => ({ ...user, id: stableUuid(`${demo.slug}:${user.username}`) }));
    // Everyone joined long before the pulse history, as in a real organisation: their answers
    // count toward their groups (pulse.minTenureDays) from the first day of the history.
    const joinedAt = new Date(now.getTime() - MEMBERS_SINCE_DAYS * DAY_MS);
    await insertInChunks(
      trx,
      "users",
      users.map((user) => ({
        id: user.id,
        tenant_id: tenantId,
        email: `${user.username}@${emailDomain}`,
        name: user.name,
        role: user.role,
        primary_team_id: teamIds[user.team],
        sso_provider: "demo",
        sso_id: user.username,
        avatar_url: null,
        created_at: joinedAt,
        updated_at: joinedAt,
      })),
    );
    await insertInChunks(
      trx,
      "team_members",
      users.map((user) => ({
        tenant_id: tenantId,
        team_id: teamIds[user.team],
        user_id: user.id,
        role: user.teamRole ?? (user.role === "viewer" ? "viewer" : "member"),
        created_at: joinedAt,
      })),
    );
    const byUsername = new Map(users.map((user) => [user.username, user]));
    const tagRows: Array<{ id: string; name: string }> = await trx("tags").where({ tenant_id: tenantId }).select("id", "name");
    const tagIds = new Map(tagRows.map((tag) => [tag.name, tag.id]));
    const responder = byUsername.get("moderator");

    // Sample questions with their upvotes and tags.
    for (const [index, sample] of SAMPLE_QUESTIONS.entries()) {
      const teamId = teamIds[sample.team] as string;
      const author = sample.author ? byUsername.get(sample.author) : users[10 + index];
      const submittedAt = new Date(now.getTime() - (SAMPLE_QUESTIONS.length - index) * 3_600_000);
      const [question] = await trx("questions")
        .insert({
          tenant_id: tenantId,
          team_id: teamId,
          author_id: author?.id ?? null,
          is_anonymous: Boolean(sample.anonymous),
          body: sample.body,
          status: sample.answer ? "ANSWERED" : "OPEN",
          upvote_count: sample.votes,
          is_pinned: Boolean(sample.pinned),
          pinned_at: sample.pinned ? submittedAt : null,
          response_text: sample.answer ?? null,
          responder_id: sample.answer ? (responder?.id ?? null) : null,
          responded_at: sample.answer ? new Date(submittedAt.getTime() + 1_800_000) : null,
          submitted_at: submittedAt,
          updated_at: submittedAt,
        })
        .returning(["id"]);
      const voters = users.filter((user) => user.team === sample.team && user.role !== "viewer").slice(0, sample.votes);
      await insertInChunks(
        trx,
        "upvotes",
        voters.map((voter) => ({ tenant_id: tenantId, question_id: question.id, user_id: voter.id, created_at: submittedAt })),
      );
      await trx("questions").where({ id: question.id }).update({ upvote_count: voters.length });
      for (const tagName of sample.tags ?? []) {
        await trx("question_tags").insert({ tenant_id: tenantId, question_id: question.id, tag_id: tagIds.get(tagName) });
      }
    }

    // The pulse question library provisioning wrote (CONTRACT §5), dated a day apart before the
    // history so "ordered by creation" is stable; the first NUM_COHORTS of it are the ones asked.
    const historyStart = new Date(now.getTime() - HISTORY_WEEKS * 7 * DAY_MS);
    const library: Array<{ id: string; text: string; scale: PulseScale }> = await trx("pulse_questions")
      .where({ tenant_id: tenantId })
      .orderBy([{ column: "created_at" }, { column: "id" }])
      .select("id", "text", "scale");
    for (const [index, question] of library.entries()) {
      await trx("pulse_questions")
        .where({ tenant_id: tenantId, id: question.id })
        .update({ created_at: new Date(historyStart.getTime() - (library.length - index) * DAY_MS) });
    }
    const pulseQuestions = library;

    await seedDemoPolls(trx, { tenantId, teamId: teamIds[0] as string, createdBy: responder?.id ?? null, now });
    return seedPulseHistory(trx, { tenantId, teamIds, users, pulseQuestions, now, random });
  });
  // Written apart from the users and invites, as the service releases them (CONTRACT §5).
  await db.transaction(async (trx) => {
    await storeAnswersAsReleased(trx, { tenantId, answers, threshold: settings.pulse.anonThreshold, sealer, random });
    const lead = await trx("users").where({ tenant_id: tenantId, role: "moderator" }).orderBy("email").first("id");
    await seedDemoConversations(trx, { tenantId, leadId: lead?.id ?? null, now });
  });
}

interface HistoryAnswer {
  questionId: string;
  teamId: string;
  score: number;
  respondedAt: Date;
}

/**
 * Twelve weeks of weekday sends following the scheduler's rules: the weekday's cohort, the
 * question at cohort index mod question count, a 7-day invite, and about 70% responding with a
 * team-specific score tendency. Writes the invites and runs; returns the answers, which the
 * caller stores apart from them.
 */
async function seedPulseHistory(
  db: Executor,
  input: {
    tenantId: string;
    teamIds: string[];
    users: Array<SeedUser & { id: string }>;
    pulseQuestions: Array<{ id: string; text: string; scale: PulseScale }>;
    now: Date;
    random: () => number;
  },
): Promise<HistoryAnswer[]> {
  const { tenantId, teamIds, users, pulseQuestions, now, random } = input;
  const invites: object[] = [];
  const answers: HistoryAnswer[] = [];
  const runs: object[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // Engineering trends a little happier than Product, so the team view has something to show.
  const teamTendency = [0.35, -0.2];

  for (let daysAgo = HISTORY_WEEKS * 7; daysAgo >= 1; daysAgo -= 1) {
    const day = new Date(today - daysAgo * DAY_MS);
    const weekday = (day.getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
    if (weekday > 4) continue; // weekend runs would skip: everyone in the wrapped cohort was invited this week
    const cohort = weekday % NUM_COHORTS;
    const question = pulseQuestions[cohort % pulseQuestions.length] as { id: string; scale: PulseScale };
    const sentAt = new Date(day.getTime() + 9 * 3_600_000);
    const cohortUsers = users.filter((user) => cohortIndex(user.id, NUM_COHORTS) === cohort);
    const weeksAgo = Math.floor(daysAgo / 7);
    let created = 0;
    for (const user of cohortUsers) {
      const teamId = teamIds[user.team] as string;
      const responds = random() < 0.72;
      const respondedAt = responds ? new Date(sentAt.getTime() + Math.floor(random() * 36) * 3_600_000) : null;
      invites.push({
        tenant_id: tenantId,
        token: randomUUID(),
        user_id: user.id,
        question_id: question.id,
        cohort_name: cohortName(cohort),
        team_id: teamId,
        sent_at: sentAt,
        expires_at: new Date(sentAt.getTime() + INVITE_LIFETIME_DAYS * DAY_MS),
        responded_at: respondedAt && respondedAt < now ? respondedAt : null,
      });
      created += 1;
      if (respondedAt && respondedAt < now) {
        // A gentle upward trend over the weeks plus a team tendency, kept inside 1..5.
        const base = 3.1 + (HISTORY_WEEKS - weeksAgo) * 0.04 + (teamTendency[user.team] ?? 0);
        const score =
          question.scale === "enps11"
            ? // The same tendency on 0..10: about 3.5 of 5 is a 7, with a wider spread.
              Math.min(10, Math.max(0, Math.round(base * 2 + (random() - 0.5) * 6)))
            : Math.min(5, Math.max(1, Math.round(base + (random() - 0.5) * 2.4)));
        answers.push({ questionId: question.id, teamId, score, respondedAt });
      }
    }
    runs.push({
      tenant_id: tenantId,
      local_date: day.toISOString().slice(0, 10),
      cohort_name: cohortName(cohort),
      question_id: question.id,
      invites_created: created,
      trigger: "seed",
      status: "completed",
      started_at: sentAt,
      finished_at: sentAt,
    });
  }
  await insertInChunks(db, "pulse_invites", invites);
  await insertInChunks(db, "pulse_runs", runs);
  return answers;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * The history as the service would have stored it: per (question, team), answers in the order
 * given; each time a group reaches the threshold its waiting answers are released together,
 * dated on that day. The released rows go in one shuffled insert; the rest wait, sealed.
 */
async function storeAnswersAsReleased(
  db: Executor,
  input: { tenantId: string; answers: HistoryAnswer[]; threshold: number; sealer: Sealer; random: () => number },
): Promise<void> {
  const { tenantId, threshold, sealer, random } = input;
  const waiting = new Map<string, HistoryAnswer[]>();
  const released: object[] = [];
  const comments: DemoCommentRow[] = [];
  for (const answer of [...input.answers].sort((a, b) => a.respondedAt.getTime() - b.respondedAt.getTime())) {
    const key = `${answer.questionId}:${answer.teamId}`;
    const group = [...(waiting.get(key) ?? []), answer];
    if (group.length < threshold) {
      waiting.set(key, group);
      continue;
    }
    waiting.delete(key);
    const releasedOn = releaseDay(answer.respondedAt);
    for (const member of group) {
      released.push({ tenant_id: tenantId, question_id: member.questionId, team_id: member.teamId, score: member.score, responded_at: releasedOn });
    }
    comments.push(...commentsOfBatch({ tenantId, questionId: answer.questionId, teamId: answer.teamId, week: utcWeekStart(releasedOn), random }));
  }
  await insertInChunks(db, "pulse_responses", shuffle(released, random));
  await insertInChunks(db, "pulse_comments", shuffle(comments, random));
  const stillWaiting = shuffle([...waiting.values()].flat(), random).map((answer) => {
    const box = sealAnswer(sealer, answer.score);
    return { tenant_id: tenantId, question_id: answer.questionId, team_id: answer.teamId, key_id: box.keyId, sealed: box.sealed };
  });
  await insertInChunks(db, "pulse_waiting_responses", stillWaiting);
}
