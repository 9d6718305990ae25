import type { Clock } from "../../platform/clock.js";
import { ROLES, type CurrentUser, type RequestContext, type Role } from "../../platform/context.js";
import type { Database, Executor } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { hasPermission } from "../../platform/permissions.js";
import { recordAudit } from "../audit/index.js";
import { ensureMembership, listTeams, type TeamRecord } from "../teams/index.js";
import { lockUsersByEmails, updateUser, type UserChanges } from "./users.admin.repository.js";
import { createUsers } from "./users.create.service.js";
import type { ImportFileRow } from "./users.import.csv.js";
import { auditView, lockForUserChange } from "./users.locks.js";
import { userPolicy } from "./users.policy.js";
import type { UserRecord } from "./users.repository.js";
import { userEmailSchema, userNameSchema, type UserImportResult, type UserImportRow } from "./users.schemas.js";

export interface UserImportDeps {
  db: Database;
  clock: Clock;
  usersChanged(tenantId: string): Promise<void>;
}

/**
 * What OWASP's CSV injection guidance lists as the start of a formula. Such a cell is refused, not
 * escaped: a name saved as `=HYPERLINK(...)` would wait in the database for a later export or copy.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

interface Person {
  email: string;
  name: string;
  role: Role;
  team: string;
}

type Plan =
  | { row: number; email: string; action: "error"; message: string }
  | { row: number; email: string; action: "created"; person: Person; primaryTeamId: string | null }
  | { row: number; email: string; action: "updated"; target: UserRecord; changes: UserChanges; message: string }
  | { row: number; email: string; action: "unchanged" };

const firstIssue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message ?? "is not valid";

/** The row's own problems, before the database is read: the cells' count, shapes and formulas. */
function checkCells(file: ImportFileRow): Person | string {
  if (file.problem) return `The row ${file.problem}.`;
  const problems: string[] = [];
  for (const [column, value] of Object.entries(file.cells)) {
    if (FORMULA_START.test(value) || FORMULA_START.test(value.trim()))
      problems.push(`${column} starts with a formula character (= + - @ tab or carriage return)`);
  }
  if (problems.length) return `${problems.join("; ")}.`;
  const email = userEmailSchema.safeParse(file.cells.email);
  if (!email.success) problems.push(`email ${firstIssue(email)}`);
  const name = userNameSchema.safeParse(file.cells.name);
  if (!name.success) problems.push(`name ${firstIssue(name)}`);
  const role = file.cells.role.trim().toLowerCase() as Role;
  if (!ROLES.includes(role)) problems.push(`role must be one of ${ROLES.join(", ")}`);
  if (problems.length || !email.success || !name.success) return `${problems.join("; ")}.`;
  return { email: email.data, name: name.data, role, team: file.cells.team.trim() };
}

/** A team by slug, or else by name in any case: the tenant's own teams only. */
function teamFinder(teams: TeamRecord[]) {
  const bySlug = new Map(teams.map((team) => [team.slug, team]));
  const byName = new Map(teams.map((team) => [team.name.trim().toLowerCase(), team]));
  return (cell: string) => bySlug.get(cell) ?? byName.get(cell.toLowerCase()) ?? null;
}

function changesOf(target: UserRecord, person: Person, primaryTeamId: string | null): UserChanges {
  const changes: UserChanges = {};
  if (person.name !== target.name) changes.name = person.name;
  if (person.role !== target.role) changes.role = person.role;
  if (primaryTeamId !== target.primaryTeamId) changes.primaryTeamId = primaryTeamId;
  return changes;
}

function describeChanges(changes: UserChanges): string {
  const names = { name: "name", role: "role", primaryTeamId: "team" } as const;
  return `Changes ${Object.keys(changes)
    .map((key) => names[key as keyof typeof names])
    .join(", ")}.`;
}

/**
 * Decides every row against the locked users and the tenant's teams, without writing. An existing
 * person follows the rules of PUT /admin/users/:id: changing them needs `member.edit` (owners),
 * nobody changes someone ranked above them, and the tenant keeps an active owner. A deactivated
 * person is an error rather than reactivated: deactivation is a deliberate act (someone left,
 * or the identity provider said so), and a list from elsewhere must not undo it unseen.
 */
function planRows(files: ImportFileRow[], actor: CurrentUser, owners: string[], teams: TeamRecord[], existing: UserRecord[]): Plan[] {
  const findTeamOf = teamFinder(teams);
  const byEmail = new Map(existing.map((user) => [user.email.toLowerCase(), user]));
  const checked = files.map((file) => ({ file, person: checkCells(file) }));
  const rowsOfEmail = new Map<string, number[]>();
  for (const { file } of checked) {
    const key = file.cells.email.trim().toLowerCase();
    if (key) rowsOfEmail.set(key, [...(rowsOfEmail.get(key) ?? []), file.row]);
  }

  const plans = checked.map(({ file, person }): Plan => {
    const base = { row: file.row, email: file.cells.email.trim() };
    const sameEmail = rowsOfEmail.get(base.email.toLowerCase()) ?? [];
    if (sameEmail.length > 1) return { ...base, action: "error", message: `This email appears more than once in the file (rows ${sameEmail.join(", ")}).` };
    if (typeof person === "string") return { ...base, action: "error", message: person };
    const team = person.team ? findTeamOf(person.team) : null;
    if (person.team && !team) return { ...base, action: "error", message: `Unknown team "${person.team}": use a team's name or slug, or leave it empty.` };
    const primaryTeamId = team?.id ?? null;
    const target = byEmail.get(person.email);
    const grantRefused = { ...base, action: "error" as const, message: `role ${person.role}: ${userPolicy.grant.refusal}` };
    if (!target) return userPolicy.grant.allows(actor, person.role) ? { ...base, action: "created", person, primaryTeamId } : grantRefused;
    if (target.deactivatedAt !== null) return { ...base, action: "error", message: "This person is deactivated: reactivate them under Admin › Users first." };
    const changes = changesOf(target, person, primaryTeamId);
    if (Object.keys(changes).length === 0) return { ...base, action: "unchanged" };
    if (!hasPermission(actor, "member.edit")) return { ...base, action: "error", message: "Only an owner changes an existing person (member.edit)." };
    if (!userPolicy.manage.allows(actor, target)) return { ...base, action: "error", message: userPolicy.manage.refusal };
    if (changes.role !== undefined && !userPolicy.grant.allows(actor, changes.role)) return grantRefused;
    return { ...base, action: "updated", target, changes, message: describeChanges(changes) };
  });
  return keepAnOwner(plans, owners);
}

/** The file may demote owners as long as one active owner remains once every row is applied. */
function keepAnOwner(plans: Plan[], owners: string[]): Plan[] {
  const remaining = new Set(owners);
  let promoted = plans.some((plan) => plan.action === "created" && plan.person.role === "owner");
  for (const plan of plans) {
    if (plan.action !== "updated" || plan.changes.role === undefined) continue;
    if (plan.changes.role === "owner") promoted = true;
    else remaining.delete(plan.target.id);
  }
  if (remaining.size > 0 || promoted) return plans;
  return plans.map((plan) =>
    plan.action === "updated" && plan.changes.role !== undefined && owners.includes(plan.target.id)
      ? { row: plan.row, email: plan.email, action: "error", message: "The tenant's last owner cannot be demoted; make someone else owner first." }
      : plan,
  );
}

function resultOf(plans: Plan[], dryRun: boolean, imported: boolean): UserImportResult {
  const rows: UserImportRow[] = plans.map((plan) => ({
    row: plan.row,
    email: plan.email,
    action: plan.action,
    ...("message" in plan ? { message: plan.message } : {}),
  }));
  const count = (action: UserImportRow["action"]) => rows.filter((row) => row.action === action).length;
  return {
    dryRun,
    imported,
    totals: { rows: rows.length, created: count("created"), updated: count("updated"), unchanged: count("unchanged"), error: count("error") },
    rows,
  };
}

const IMPORT_METADATA = { via: "import" };

/** The person a row changes, as PUT /admin/users/:id would: the row, the primary team's membership, `user.update`. */
async function applyUpdate(trx: Executor, ctx: RequestContext, target: UserRecord, changes: UserChanges, at: Date): Promise<void> {
  const updated = await updateUser(trx, ctx.tenant.id, target.id, changes, at);
  if (changes.primaryTeamId) await ensureMembership(trx, ctx.tenant.id, changes.primaryTeamId, target.id, "member");
  const before = auditView(target);
  const after = auditView(updated);
  const changed = (Object.keys(after) as Array<keyof typeof after>).filter((key) => before[key] !== after[key]);
  await recordAudit(trx, ctx, {
    action: "user.update",
    entityType: "user",
    entityId: target.id,
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
    metadata: IMPORT_METADATA,
  });
}

/**
 * POST /admin/users/import (CONTRACT §10): every row is decided first, in one transaction that
 * holds the owners and the named users locked; a file with any error writes nothing (422 with the
 * rows in error), and a dry run answers the same decisions without writing.
 */
export function createUserImport(deps: UserImportDeps) {
  const { db, clock, usersChanged } = deps;

  return async function importPeople(ctx: RequestContext, files: ImportFileRow[], dryRun: boolean): Promise<UserImportResult> {
    const tenantId = ctx.tenant.id;
    const result = await db.transaction(async (trx) => {
      const { actor, owners } = await lockForUserChange(trx, ctx, "member.add");
      const emails = [...new Set(files.map((file) => file.cells.email.trim().toLowerCase()).filter(Boolean))];
      const [teams, existing] = [await listTeams(trx, tenantId), await lockUsersByEmails(trx, tenantId, emails)];
      const plans = planRows(files, actor, owners, teams, existing);
      const failed = plans.filter((plan) => plan.action === "error");
      if (dryRun) return resultOf(plans, true, false);
      if (failed.length) {
        const rows = resultOf(failed, false, false).rows;
        throw new AppError("IMPORT_REJECTED", 422, `${failed.length} of ${plans.length} rows have errors; nothing was imported.`, rows);
      }
      const at = clock.now();
      const created = plans.flatMap((plan) => (plan.action === "created" ? [plan] : []));
      await createUsers(
        trx,
        ctx,
        ctx.settings,
        created.map(({ person, primaryTeamId }) => ({ email: person.email, name: person.name, role: person.role, primaryTeamId })),
        IMPORT_METADATA,
      );
      for (const plan of plans) if (plan.action === "updated") await applyUpdate(trx, ctx, plan.target, plan.changes, at);
      const outcome = resultOf(plans, false, true);
      if (outcome.totals.created + outcome.totals.updated > 0) {
        await recordAudit(trx, ctx, { action: "user.import", entityType: "user", after: outcome.totals });
      }
      return outcome;
    });
    if (result.imported && result.totals.created + result.totals.updated > 0) await usersChanged(tenantId);
    return result;
  };
}
