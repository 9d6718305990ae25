import type { Knex } from "knex";
import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { recordAudit, type AuditEntryInput } from "../audit/index.js";
import type { QuestionEvents } from "./questions.events.js";
import { lockQuestion, type QuestionRecord } from "./questions.repository.js";

/** What every question command is given. */
export interface CommandDeps {
  db: Database;
  events: QuestionEvents;
  clock: Clock;
}

/** Where a change runs: its transaction, and the one instant that dates everything it writes. */
export interface ChangeScope {
  trx: Knex.Transaction;
  now: Date;
}

/** What a change did. A change that changes nothing returns the locked record alone. */
export interface Outcome<R> {
  /** The record as the change left it: the locked read, updated in memory or by `update ... returning`. */
  record: R;
  /** Written in the change's transaction, in this order, so no change commits without its audit entry. */
  audit?: AuditEntryInput[];
  /** Live events (and e-mail) that go out once the change has committed, never for one rolled back. */
  afterCommit?: () => Promise<void>;
}

export type Change<R> = (locked: R, scope: ChangeScope) => Promise<Outcome<R>>;

/**
 * The one shape of a command: lock the record (the command's only read of it; 404 when the
 * tenant has no such record), change it, audit the change in the same transaction, and after the
 * commit announce it. Returns the record as changed, for the command to present.
 */
export async function runLocked<R>(
  deps: Pick<CommandDeps, "db" | "clock">,
  ctx: RequestContext,
  lock: (trx: Knex.Transaction) => Promise<R | null>,
  missing: string,
  change: Change<R>,
): Promise<R> {
  const outcome = await deps.db.transaction(async (trx) => {
    const locked = await lock(trx);
    if (!locked) throw errors.notFound(missing);
    const done = await change(locked, { trx, now: deps.clock.now() });
    for (const entry of done.audit ?? []) await recordAudit(trx, ctx, entry);
    return done;
  });
  await outcome.afterCommit?.();
  return outcome.record;
}

/** What a question looked like, for the audit entry of a change that removes it. */
export function snapshot(question: Pick<QuestionRecord, "body" | "teamId" | "status" | "isAnonymous" | "upvoteCount" | "responseText">) {
  return {
    body: question.body,
    teamId: question.teamId,
    status: question.status,
    isAnonymous: question.isAnonymous,
    upvoteCount: question.upvoteCount,
    responseText: question.responseText,
  };
}

/** A command on one question of the caller's tenant, read as the caller sees it. */
export function runQuestionCommand(deps: CommandDeps, ctx: RequestContext, questionId: string, change: Change<QuestionRecord>): Promise<QuestionRecord> {
  return runLocked(deps, ctx, (trx) => lockQuestion(trx, ctx.tenant.id, questionId, ctx.user?.id ?? null), "Question", change);
}
