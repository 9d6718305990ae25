import { randomInt, randomUUID } from "node:crypto";
import type { Database } from "../../src/platform/db.js";
import type { Role, TeamRole } from "../../src/platform/context.js";
import { provisionTenant } from "../../src/modules/provisioning/provisioning.service.js";
import type { ApiClient } from "./app.js";

export interface FixtureUser {
  id: string;
  username: string;
  email: string;
  name: string;
  role: Role;
}

export interface TenantFixture {
  tenant: { id: string; slug: string; name: string };
  teams: { a: { id: string; slug: string; name: string }; b: { id: string; slug: string; name: string } };
  /**
   * owner, admin: tenant-wide. moderator: tenant moderator, member of team A.
   * otherModerator: tenant moderator, member of team B. teamModerator: tenant member whose
   * membership in team A is `moderator`. member: team A. memberB: team B. viewer: team A.
   */
  users: Record<"owner" | "admin" | "moderator" | "otherModerator" | "teamModerator" | "member" | "memberB" | "viewer", FixtureUser>;
}

const FIXTURE_USERS: Array<{ key: keyof TenantFixture["users"]; role: Role; team: "a" | "b"; teamRole: TeamRole }> = [
  { key: "owner", role: "owner", team: "a", teamRole: "member" },
  { key: "admin", role: "admin", team: "a", teamRole: "member" },
  { key: "moderator", role: "moderator", team: "a", teamRole: "moderator" },
  { key: "otherModerator", role: "moderator", team: "b", teamRole: "moderator" },
  { key: "teamModerator", role: "member", team: "a", teamRole: "moderator" },
  { key: "member", role: "member", team: "a", teamRole: "member" },
  { key: "memberB", role: "member", team: "b", teamRole: "member" },
  { key: "viewer", role: "viewer", team: "a", teamRole: "viewer" },
];

export function uniqueSlug(prefix = "t"): string {
  return `${prefix}-${randomUUID().slice(0, 12)}`;
}

/**
 * A fresh tenant with two teams and one user per role; every user can sign in by demo mode.
 * `joinedDaysAgo` dates the users and their memberships back (pulse.minTenureDays counts an
 * answer toward k only from people who have been in the team that long); default: now.
 */
export async function createTenantFixture(db: Database, options: { settings?: unknown; joinedDaysAgo?: number } = {}): Promise<TenantFixture> {
  const joinedAt = new Date(Date.now() - (options.joinedDaysAgo ?? 0) * 86_400_000);
  const slug = uniqueSlug();
  const provisioned = await provisionTenant(db, {
    slug,
    name: `Tenant ${slug}`,
    teams: [
      { name: "Team Alpha", slug: "alpha" },
      { name: "Team Beta", slug: "beta" },
    ],
    settings: options.settings,
    // Pulse tests write the questions they reason about; the library is tested in test/pulse/pulse-library.test.ts.
    pulseQuestionLibrary: false,
  });
  const [a, b] = provisioned.teams as [TenantFixture["teams"]["a"], TenantFixture["teams"]["b"]];
  const users = {} as TenantFixture["users"];
  for (const spec of FIXTURE_USERS) {
    const username = spec.key.toLowerCase();
    const email = `${username}.${slug}@example.com`;
    const team = spec.team === "a" ? a : b;
    const [row] = await db("users")
      .insert({
        tenant_id: provisioned.tenant.id,
        email,
        name: `${spec.key} of ${slug}`,
        role: spec.role,
        primary_team_id: team.id,
        sso_provider: "demo",
        sso_id: username,
        created_at: joinedAt,
      })
      .returning(["id"]);
    await db("team_members").insert({ tenant_id: provisioned.tenant.id, team_id: team.id, user_id: row.id, role: spec.teamRole, created_at: joinedAt });
    users[spec.key] = { id: row.id, username, email, name: `${spec.key} of ${slug}`, role: spec.role };
  }
  return { tenant: provisioned.tenant, teams: { a, b }, users };
}

/** A user (and team membership) written straight into the table, signing in by demo mode as `username`. */
export async function insertUser(
  db: Database,
  tenantId: string,
  options: { role?: Role; teamId?: string | null; teamRole?: TeamRole; name?: string; email?: string; demoUsername?: string; joinedDaysAgo?: number } = {},
): Promise<{ id: string; email: string; name: string; username: string }> {
  const joinedAt = new Date(Date.now() - (options.joinedDaysAgo ?? 0) * 86_400_000);
  const suffix = randomUUID().slice(0, 8);
  const username = options.demoUsername ?? `user-${suffix}`;
  const email = options.email ?? `${username}@example.com`;
  const name = options.name ?? `User ${suffix}`;
  const [row] = await db("users")
    .insert({
      tenant_id: tenantId,
      email,
      name,
      role: options.role ?? "member",
      primary_team_id: options.teamId ?? null,
      sso_provider: "demo",
      sso_id: username,
      created_at: joinedAt,
    })
    .returning(["id"]);
  if (options.teamId) {
    await db("team_members").insert({
      tenant_id: tenantId,
      team_id: options.teamId,
      user_id: row.id,
      role: options.teamRole ?? "member",
      created_at: joinedAt,
    });
  }
  return { id: row.id, email, name, username };
}

export async function insertTeam(
  db: Database,
  tenantId: string,
  name = `Team ${randomUUID().slice(0, 8)}`,
): Promise<{ id: string; name: string; slug: string }> {
  const slug = `team-${randomUUID().slice(0, 12)}`;
  const [row] = await db("teams").insert({ tenant_id: tenantId, name, slug }).returning(["id", "name", "slug"]);
  return row;
}

/** A question written straight into the table, in any state (its own API is not what is under test). */
const BODY_WORDS =
  "alpine birch canyon delta ember fjord garden harbor island jasmine kestrel lagoon meadow nectar orchard prairie quartz river summit tundra upland valley willow yarrow zenith amber basalt coral dune estuary fern glacier heather iris juniper kelp laurel maple nutmeg olive pebble quill reef sage thistle umber violet".split(
    " ",
  );

/**
 * A question body of its own (four distinct words of 47: millions of them) that the content check
 * always lets through: random hex or digits now and then spell a flagged word (the check reads
 * leetspeak), which made a test's question 422 or held for review about once in 750.
 */
export function questionBody(): string {
  const pool = [...BODY_WORDS];
  const words = Array.from({ length: 4 }, () => pool.splice(randomInt(pool.length), 1)[0]);
  return `What is the plan for the ${words.join(" ")} project?`;
}

export async function insertQuestion(
  db: Database,
  tenantId: string,
  teamId: string,
  options: {
    body?: string;
    authorId?: string | null;
    anonymous?: boolean;
    status?: string;
    submittedAt?: string;
    /** Either makes the question ANSWERED (with a stock answer text when only the responder is given). */
    responseText?: string;
    responderId?: string;
    upvoteCount?: number;
  } = {},
): Promise<{ id: string }> {
  const answered = options.responseText !== undefined || options.responderId !== undefined;
  const [row] = await db("questions")
    .insert({
      tenant_id: tenantId,
      team_id: teamId,
      author_id: options.authorId ?? null,
      is_anonymous: options.anonymous ?? false,
      body: options.body ?? questionBody(),
      status: options.status ?? (answered ? "ANSWERED" : "OPEN"),
      upvote_count: options.upvoteCount ?? 0,
      response_text: answered ? (options.responseText ?? "Here is the answer.") : null,
      responder_id: options.responderId ?? null,
      responded_at: answered ? new Date() : null,
      ...(options.submittedAt ? { submitted_at: options.submittedAt } : {}),
    })
    .returning(["id"]);
  return row;
}

/** Asks through the API, as the board does (POST /questions, 201 expected); returns the new question's id and status. */
export async function askQuestion(client: ApiClient, teamId: string, body = questionBody()): Promise<{ id: string; status: string }> {
  const response = await client.post("/questions", { body, teamId }).expect(201);
  return response.body as { id: string; status: string };
}
