import { preparedRows, type Executor, type DatabaseRow } from "../../platform/db.js";
import type { CurrentUser, Role, TeamRole } from "../../platform/context.js";
import type { AnswersVia } from "./users.constants.js";

export interface UserRecord {
  id: string;
  tenantId: string;
  email: string;
  name: string;
  avatarUrl: string | null;
  role: Role;
  primaryTeamId: string | null;
  ssoProvider: string | null;
  ssoId: string | null;
  deactivatedAt: string | null;
  createdAt: string;
  /** The identity provider's id (SCIM `externalId`); null for users it did not provision. */
  externalId: string | null;
}

const toIso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toUserRecord(row: DatabaseRow): UserRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    email: row.email,
    name: row.name,
    avatarUrl: row.avatar_url ?? null,
    role: row.role,
    primaryTeamId: row.primary_team_id ?? null,
    ssoProvider: row.sso_provider ?? null,
    ssoId: row.sso_id ?? null,
    deactivatedAt: toIso(row.deactivated_at ?? null),
    createdAt: toIso(row.created_at) as string,
    externalId: row.external_id ?? null,
  };
}

/** The active user with their team memberships, in one round trip; null if missing or deactivated. */
export async function findActiveUserWithTeams(db: Executor, tenantId: string, userId: string): Promise<CurrentUser | null> {
  // Runs on every signed-in request: prepared, so PostgreSQL plans it once per connection.
  const [row] = await preparedRows<Record<string, unknown>>(
    db,
    db("users as u")
      .select(
        "u.id",
        "u.tenant_id",
        "u.email",
        "u.name",
        "u.role",
        "u.primary_team_id",
        "u.avatar_url",
        db.raw(
          "coalesce((select json_object_agg(m.team_id, m.role) from team_members m where m.tenant_id = u.tenant_id and m.user_id = u.id), '{}'::json) as team_roles",
        ),
      )
      .where({ "u.tenant_id": tenantId, "u.id": userId })
      .whereNull("u.deactivated_at")
      .limit(1),
  );
  if (!row) return null;
  const teamRoles = (typeof row.team_roles === "string" ? JSON.parse(row.team_roles) : row.team_roles) as Record<string, TeamRole>;
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    email: row.email as string,
    name: row.name as string,
    role: row.role as CurrentUser["role"],
    primaryTeamId: (row.primary_team_id as string | null) ?? null,
    avatarUrl: (row.avatar_url as string | null) ?? null,
    teamRoles,
  };
}

export async function findUserBySso(db: Executor, tenantId: string, provider: string, ssoId: string): Promise<UserRecord | null> {
  const row = await db("users").where({ tenant_id: tenantId, sso_provider: provider, sso_id: ssoId }).first();
  return row ? toUserRecord(row) : null;
}

export async function listDemoUsernames(db: Executor, tenantId: string, usernames: readonly string[]): Promise<string[]> {
  const rows: Array<{ sso_id: string }> = await db("users")
    .select("sso_id")
    .where({ tenant_id: tenantId, sso_provider: "demo" })
    .whereIn("sso_id", usernames as string[])
    .whereNull("deactivated_at");
  const present = new Set(rows.map((row) => row.sso_id));
  return usernames.filter((username) => present.has(username));
}

export async function listUsers(db: Executor, tenantId: string): Promise<UserRecord[]> {
  const rows = await db("users")
    .where({ tenant_id: tenantId })
    .orderBy([{ column: "name" }, { column: "id" }]);
  return rows.map(toUserRecord);
}

export async function touchLastLogin(db: Executor, tenantId: string, userId: string, at: Date): Promise<void> {
  await db("users").where({ tenant_id: tenantId, id: userId }).update({ last_login_at: at });
}

export async function findUser(db: Executor, tenantId: string, userId: string): Promise<UserRecord | null> {
  const row = await db("users").where({ tenant_id: tenantId, id: userId }).first();
  return row ? toUserRecord(row) : null;
}

/** Of these users (each in its tenant), the ids of those that exist and are not deactivated (live streams check their user). */
export async function findActiveUserIds(db: Executor, users: Array<{ tenantId: string; userId: string }>): Promise<Set<string>> {
  if (users.length === 0) return new Set();
  const result = await db.raw(
    `select u.id from users u join unnest(?::uuid[], ?::uuid[]) as k(tenant_id, id) on u.tenant_id = k.tenant_id and u.id = k.id
     where u.deactivated_at is null`,
    [`{${users.map((user) => user.tenantId).join(",")}}`, `{${users.map((user) => user.userId).join(",")}}`],
  );
  return new Set((result.rows as Array<{ id: string }>).map((row) => row.id));
}

/** OAuth sign-in: the account with this address (any case), linked to a provider or not. */
export async function findUserByEmail(db: Executor, tenantId: string, email: string): Promise<UserRecord | null> {
  const row = await db("users").where({ tenant_id: tenantId }).whereRaw("lower(email) = ?", [email.toLowerCase()]).first();
  return row ? toUserRecord(row) : null;
}

/** The users of the tenant whose address is one of `emails` (compared in lower case), in no particular order. */
export async function findUsersByEmails(db: Executor, tenantId: string, emails: string[]): Promise<UserRecord[]> {
  if (emails.length === 0) return [];
  const lower = emails.map((email) => email.toLowerCase());
  const rows = await db("users")
    .where({ tenant_id: tenantId })
    .whereRaw(`lower(email) in (${lower.map(() => "?").join(", ")})`, lower);
  return rows.map(toUserRecord);
}

/** Attaches a provider account to a user that had none (CONTRACT §8), only if it still has none. */
export async function linkSsoAccount(
  db: Executor,
  tenantId: string,
  userId: string,
  link: { provider: string; providerUserId: string; name: string; avatarUrl: string | null },
  /** The sign-in the account has now (a company provider takes over another one); none by default. */
  replacing: { provider: string; id: string } | null = null,
): Promise<UserRecord | null> {
  const account = db("users").where({ tenant_id: tenantId, id: userId });
  if (replacing) account.where({ sso_provider: replacing.provider, sso_id: replacing.id });
  else account.whereNull("sso_id");
  const [row] = await account
    .update({ sso_provider: link.provider, sso_id: link.providerUserId, name: link.name, avatar_url: link.avatarUrl, updated_at: db.fn.now() })
    .returning("*");
  return row ? toUserRecord(row) : null;
}

export async function updateProfile(db: Executor, tenantId: string, userId: string, profile: { name: string; avatarUrl: string | null }): Promise<UserRecord> {
  const [row] = await db("users")
    .where({ tenant_id: tenantId, id: userId })
    .update({ name: profile.name, avatar_url: profile.avatarUrl, updated_at: db.fn.now() })
    .returning("*");
  return toUserRecord(row);
}

/** Whether the user turned the organisation's e-mails off; null when there is no such user. */
export async function findNotificationPreferences(
  db: Executor,
  tenantId: string,
  userId: string,
): Promise<{ optedOut: boolean; answersVia: AnswersVia } | null> {
  const row = await db("users").where({ tenant_id: tenantId, id: userId }).first("email_opt_out_at", "answers_via");
  return row ? { optedOut: row.email_opt_out_at !== null, answersVia: row.answers_via } : null;
}

export async function setAnswersVia(trx: Executor, tenantId: string, userId: string, answersVia: AnswersVia): Promise<void> {
  await trx("users")
    .where({ tenant_id: tenantId, id: userId })
    .whereNot({ answers_via: answersVia })
    .update({ answers_via: answersVia, updated_at: trx.fn.now() });
}

/**
 * Sets or clears the opt-out. Returns true when it changed (so the caller audits real changes
 * only); the first opt-out time is kept when someone unsubscribes twice.
 */
export async function setEmailOptOut(trx: Executor, tenantId: string, userId: string, optOutAt: Date | null): Promise<boolean> {
  const query = trx("users").where({ tenant_id: tenantId, id: userId });
  if (optOutAt) query.whereNull("email_opt_out_at");
  else query.whereNotNull("email_opt_out_at");
  const updated = await query.update({ email_opt_out_at: optOutAt, updated_at: trx.fn.now() });
  return Number(updated) > 0;
}

/** A user removed from their primary team no longer has that primary team; returns whether it was. */
export async function clearPrimaryTeam(trx: Executor, tenantId: string, teamId: string, userId: string, at: Date): Promise<boolean> {
  const updated = await trx("users").where({ tenant_id: tenantId, id: userId, primary_team_id: teamId }).update({ primary_team_id: null, updated_at: at });
  return updated > 0;
}

export interface NewUserRow {
  email: string;
  name: string;
  avatarUrl: string | null;
  role: Role;
  primaryTeamId: string | null;
  ssoProvider: "demo" | "github" | "google" | "oidc" | "saml" | null;
  ssoId: string | null;
  /** The identity provider's id of the user, when SCIM provisioned them. */
  externalId?: string | null;
}

/** Inserts the users, a thousand to a statement, and returns them in the order given. */
export async function insertUsers(trx: Executor, tenantId: string, users: NewUserRow[]): Promise<UserRecord[]> {
  const inserted: UserRecord[] = [];
  for (let start = 0; start < users.length; start += 1000) {
    const rows = await trx("users")
      .insert(
        users.slice(start, start + 1000).map((user) => ({
          tenant_id: tenantId,
          email: user.email,
          name: user.name,
          avatar_url: user.avatarUrl,
          role: user.role,
          primary_team_id: user.primaryTeamId,
          sso_provider: user.ssoProvider,
          sso_id: user.ssoId,
          external_id: user.externalId ?? null,
        })),
      )
      .returning("*");
    // A multi-row insert's RETURNING order is not promised: match by the address, unique in the tenant.
    const byEmail = new Map(rows.map((row: DatabaseRow) => [row.email as string, toUserRecord(row)]));
    for (const user of users.slice(start, start + 1000)) inserted.push(byEmail.get(user.email) as UserRecord);
  }
  return inserted;
}
