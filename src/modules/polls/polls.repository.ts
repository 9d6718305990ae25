import type { Knex } from "knex";
import type { DatabaseRow, Executor } from "../../platform/db.js";
import type { PollStatus, PollType } from "./polls.constants.js";
import { lockPollAgainstVotes } from "./polls.votes-lock.js";

export interface PollOption {
  id: string;
  text: string;
}

export interface PollRecord {
  id: string;
  tenantId: string;
  teamId: string;
  title: string;
  type: PollType;
  options: PollOption[];
  maxChoices: number | null;
  scaleMax: number | null;
  status: PollStatus;
  resultsVisible: boolean;
  position: number;
  voteCount: number;
  createdAt: string;
  openedAt: string | null;
  closedAt: string | null;
}

/** What a moderator writes: a new draft, or a draft edited whole. */
export interface PollDraft {
  title: string;
  type: PollType;
  options: PollOption[];
  maxChoices: number | null;
  scaleMax: number | null;
  resultsVisible: boolean;
}

const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);
const parseJson = <T>(value: unknown): T => (typeof value === "string" ? (JSON.parse(value) as T) : (value as T));

function toPollRecord(row: DatabaseRow): PollRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    teamId: row.team_id,
    title: row.title,
    type: row.type,
    options: parseJson<PollOption[]>(row.options ?? "[]"),
    maxChoices: row.max_choices === null ? null : Number(row.max_choices),
    scaleMax: row.scale_max === null ? null : Number(row.scale_max),
    status: row.status,
    resultsVisible: Boolean(row.results_visible),
    position: Number(row.position),
    voteCount: Number(row.vote_count ?? 0),
    createdAt: iso(row.created_at) as string,
    openedAt: iso(row.opened_at),
    closedAt: iso(row.closed_at),
  };
}

function selectPolls(db: Executor): Knex.QueryBuilder {
  return db("polls as p").select("p.*", db.raw("(select count(*)::int from poll_votes v where v.tenant_id = p.tenant_id and v.poll_id = p.id) as vote_count"));
}

export async function findPoll(db: Executor, tenantId: string, id: string): Promise<PollRecord | null> {
  const row = await selectPolls(db).where({ "p.tenant_id": tenantId, "p.id": id }).first();
  return row ? toPollRecord(row) : null;
}

/** The poll, locked for the rest of the transaction against other commands and votes (a command's only read of it). */
export async function lockPoll(trx: Knex.Transaction, tenantId: string, id: string): Promise<PollRecord | null> {
  // Votes under way finish first, and none starts before this transaction ends. Before the row:
  // a vote holds its share of this lock while its insert's foreign key check locks the row (KEY
  // SHARE), so taking the row first would wait on a vote that waits on us.
  await lockPollAgainstVotes(trx, id);
  const row = await trx("polls").where({ tenant_id: tenantId, id }).forUpdate().first();
  if (!row) return null;
  const [{ count }] = await trx("poll_votes").where({ tenant_id: tenantId, poll_id: id }).select(trx.raw("count(*)::int as count"));
  return toPollRecord({ ...row, vote_count: count });
}

/**
 * Serialises the changes of one team's set of polls (opening one closes the other; positions of
 * drafts): a transaction-scoped advisory lock on the team, which blocks nothing else of the team.
 */
export async function lockTeamPolls(trx: Knex.Transaction, tenantId: string, teamId: string): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtextextended(?, 0))", [`polls:${tenantId}:${teamId}`]);
}

export interface PollFilter {
  tenantId: string;
  /** One team's polls, or every team's. */
  teamId?: string;
  statuses: PollStatus[];
  /** Teams whose drafts the reader may see (null: every team's) when drafts are asked for. */
  draftTeams: string[] | null;
  limit: number;
  offset: number;
}

/** The open polls first, then drafts in their order, then closed polls, the latest closed first. */
export async function listPolls(db: Executor, filter: PollFilter): Promise<{ items: PollRecord[]; total: number }> {
  const published = filter.statuses.filter((status) => status !== "draft");
  const drafts = filter.statuses.includes("draft") && (filter.draftTeams === null || filter.draftTeams.length > 0);
  if (published.length === 0 && !drafts) return { items: [], total: 0 };
  const where = (query: Knex.QueryBuilder) => {
    query.where("p.tenant_id", filter.tenantId);
    if (filter.teamId) query.andWhere("p.team_id", filter.teamId);
    return query.andWhere((visible) => {
      if (published.length > 0) visible.whereIn("p.status", published);
      if (drafts) {
        visible.orWhere((draft) => {
          draft.where("p.status", "draft");
          if (filter.draftTeams !== null) draft.whereIn("p.team_id", filter.draftTeams);
        });
      }
    });
  };
  const [rows, [{ total }]] = await Promise.all([
    where(selectPolls(db))
      .orderByRaw(
        "case p.status when 'open' then 0 when 'draft' then 1 else 2 end, case when p.status = 'draft' then p.position end, coalesce(p.closed_at, p.created_at) desc, p.id",
      )
      .limit(filter.limit)
      .offset(filter.offset),
    where(db("polls as p")).select(db.raw("count(*)::int as total")),
  ]);
  return { items: rows.map(toPollRecord), total: Number(total) };
}

/** The team's open poll other than `exceptId`, locked. */
export async function lockOpenPoll(trx: Knex.Transaction, tenantId: string, teamId: string, exceptId: string): Promise<PollRecord | null> {
  // Found, then locked as every command locks a poll (lockPoll's order); the caller holds the
  // team's lock, so no other poll of the team opens meanwhile.
  const row = await trx("polls").where({ tenant_id: tenantId, team_id: teamId, status: "open" }).whereNot({ id: exceptId }).first("id");
  const locked = row ? await lockPoll(trx, tenantId, row.id) : null;
  return locked?.status === "open" ? locked : null;
}

/** The position after the team's last draft. */
export async function nextDraftPosition(trx: Knex.Transaction, tenantId: string, teamId: string): Promise<number> {
  const [{ next }] = await trx("polls")
    .where({ tenant_id: tenantId, team_id: teamId, status: "draft" })
    .select(trx.raw("coalesce(max(position) + 1, 0)::int as next"));
  return Number(next);
}

const draftColumns = (draft: PollDraft) => ({
  title: draft.title,
  type: draft.type,
  options: JSON.stringify(draft.options),
  max_choices: draft.maxChoices,
  scale_max: draft.scaleMax,
  results_visible: draft.resultsVisible,
});

export async function insertPoll(
  trx: Knex.Transaction,
  values: { tenantId: string; teamId: string; createdBy: string | null; position: number; draft: PollDraft },
): Promise<string> {
  const [row] = await trx("polls")
    .insert({ tenant_id: values.tenantId, team_id: values.teamId, created_by: values.createdBy, position: values.position, ...draftColumns(values.draft) })
    .returning(["id"]);
  return row.id;
}

export async function updateDraft(trx: Knex.Transaction, tenantId: string, id: string, draft: PollDraft): Promise<void> {
  await trx("polls").where({ tenant_id: tenantId, id }).update(draftColumns(draft));
}

export async function setStatus(trx: Knex.Transaction, tenantId: string, id: string, status: PollStatus, now: Date): Promise<void> {
  const times = status === "open" ? { opened_at: now, closed_at: null } : status === "closed" ? { closed_at: now } : {};
  await trx("polls")
    .where({ tenant_id: tenantId, id })
    .update({ status, ...times });
}

export async function setResultsVisible(trx: Knex.Transaction, tenantId: string, id: string, visible: boolean): Promise<void> {
  await trx("polls").where({ tenant_id: tenantId, id }).update({ results_visible: visible });
}

export async function deletePoll(trx: Knex.Transaction, tenantId: string, id: string): Promise<void> {
  await trx("polls").where({ tenant_id: tenantId, id }).delete();
}

/** The team's drafts, ids in their order. */
export async function draftIds(trx: Knex.Transaction, tenantId: string, teamId: string): Promise<string[]> {
  const rows = await trx("polls")
    .where({ tenant_id: tenantId, team_id: teamId, status: "draft" })
    .orderBy([{ column: "position" }, { column: "created_at" }, { column: "id" }])
    .select("id");
  return rows.map((row) => row.id as string);
}

export async function setPositions(trx: Knex.Transaction, tenantId: string, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) await trx("polls").where({ tenant_id: tenantId, id }).update({ position });
}

/** Every poll of the tenant that was ever opened (the export), by team and opening. */
export async function listOpenedPolls(db: Executor, tenantId: string): Promise<Array<PollRecord & { teamName: string }>> {
  const rows = await selectPolls(db)
    .join("teams as t", function joinTeam() {
      this.on("t.tenant_id", "p.tenant_id").andOn("t.id", "p.team_id");
    })
    .select("t.name as team_name")
    .where("p.tenant_id", tenantId)
    .whereNot("p.status", "draft")
    .orderBy([{ column: "t.name" }, { column: "p.opened_at" }, { column: "p.id" }]);
  return rows.map((row: DatabaseRow) => ({ ...toPollRecord(row), teamName: row.team_name as string }));
}
