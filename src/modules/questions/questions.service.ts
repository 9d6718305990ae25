import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import { signedInUser, type RequestContext } from "../../platform/context.js";
import { AppError, errors } from "../../platform/errors.js";
import { hideActor } from "../../platform/hidden-actor.js";
import { auditInsertFrom, recordAudit } from "../audit/index.js";
import { findTag } from "../tags/index.js";
import { findTeam, type TeamDirectory } from "../teams/index.js";
import { runQuestionCommand, snapshot } from "./questions.command.js";
import { checkContent } from "./questions.content-check.js";
import { actsAsAnonymousAuthor, auditUserId, canModerate, canSee, reviewVisibility } from "./questions.policy.js";
import { presentPageJson, presentQuestion } from "./questions.presenter.js";
import type { QuestionEvents } from "./questions.events.js";
import type { QuestionPage, UpvoteSets } from "./questions.board.js";
import type { QuestionLimits } from "./questions.limits.js";
import { normalizeBody } from "./questions.text.js";
import {
  deleteQuestion,
  findQuestion,
  insertQuestion,
  toPrefixQuery,
  updateQuestion,
  type QuestionFilter,
  type QuestionRecord,
} from "./questions.repository.js";
import { addUpvote, findVoteTarget, removeUpvote, type VoteAudit } from "./questions.upvotes.repository.js";
import type { ListQuestionsQuery, QuestionStatus } from "./questions.schemas.js";

export interface QuestionServiceDeps {
  db: Database;
  clock: Clock;
  events: QuestionEvents;
  limits: QuestionLimits;
  teams: TeamDirectory;
  /** A page of questions (shared between viewers where it can be: questions.board.ts). */
  board: (filter: QuestionFilter) => Promise<QuestionPage>;
  upvotes: UpvoteSets;
}

/** Loads a question the caller may see; anything else (another tenant's too) is 404. */
export async function loadVisibleQuestion(db: Database, ctx: RequestContext, id: string): Promise<QuestionRecord> {
  return visibleOrNotFound(ctx, await findQuestion(db, ctx.tenant.id, id, ctx.user?.id ?? null));
}

/** A question the caller may not see is, to them, not there (404), like one that does not exist. */
function visibleOrNotFound<Q extends Parameters<typeof canSee>[1]>(ctx: RequestContext, question: Q | null): Q {
  if (!question || !canSee(ctx.user, question)) throw errors.notFound("Question");
  return question;
}

/** An author edits their question while it is neither frozen nor answered. */
function authorMayEdit(question: Pick<QuestionRecord, "isFrozen" | "status">): void {
  if (question.isFrozen) throw errors.conflict("QUESTION_FROZEN", "This question is frozen.");
  if (question.status === "ANSWERED") throw errors.conflict("ALREADY_ANSWERED", "An answered question can no longer be edited by its author.");
}

export function createQuestionService(deps: QuestionServiceDeps) {
  const { db, events, limits, teams, board, upvotes } = deps;

  async function submit(ctx: RequestContext, input: { body: string; teamId: string; anonymous?: boolean }) {
    const anonymous = ctx.user ? Boolean(input.anonymous) : true;
    // features.allowAnonymousQuestions is about visitors (SPEC: "submission without login"); a
    // signed-in member may always hide their name, in a tenant closed to visitors too.
    if (ctx.user && anonymous) hideActor(ctx);
    const body = normalizeBody(input.body, ctx.settings);
    await limits.questions(ctx);
    const team = await findTeam(db, ctx.tenant.id, input.teamId);
    if (!team) throw errors.notFound("Team");
    if (team.queueFrozen) throw errors.conflict("QUEUE_FROZEN", "This team's question queue is frozen: no new questions are accepted.");

    const verdict = checkContent(body);
    const actorId = ctx.user && !anonymous ? ctx.user.id : null;
    if (verdict.confidence === "high") {
      await recordAudit(db, ctx, {
        action: "question.auto_reject",
        entityType: "question",
        userId: actorId,
        after: { body, teamId: team.id, isAnonymous: anonymous },
        metadata: { reasons: verdict.reasons, confidence: verdict.confidence },
      });
      throw new AppError("CONTENT_REJECTED", 422, "This question was rejected by the content check.", verdict.reasons);
    }

    const status: QuestionStatus = verdict.flagged || ctx.settings.features.requireQuestionApproval ? "UNDER_REVIEW" : "OPEN";
    const moderation = verdict.flagged && verdict.confidence ? { reasons: verdict.reasons, confidence: verdict.confidence } : null;
    const id = await db.transaction(async (trx) => {
      const questionId = await insertQuestion(trx, {
        tenantId: ctx.tenant.id,
        teamId: team.id,
        authorId: ctx.user?.id ?? null,
        isAnonymous: anonymous,
        body,
        status,
        moderation,
      });
      const after = { body, teamId: team.id, status, isAnonymous: anonymous, upvoteCount: 0, responseText: null };
      await recordAudit(trx, ctx, { action: "question.create", entityType: "question", entityId: questionId, userId: actorId, after });
      if (moderation) {
        await recordAudit(trx, ctx, {
          action: "question.moderation.flagged",
          entityType: "question",
          entityId: questionId,
          userId: actorId,
          after,
          metadata: moderation,
        });
      }
      return questionId;
    });
    // Read back once: its author's name and the database's time of submission.
    const question = await findQuestion(db, ctx.tenant.id, id, ctx.user?.id ?? null);
    if (!question) throw errors.notFound("Question");
    await events.created(question);
    return presentQuestion(question, ctx.user);
  }

  /** A page of questions as the viewer may see them. */
  async function list(ctx: RequestContext, query: ListQuestionsQuery) {
    const { page, paging } = await readPage(ctx, query);
    const upvoted = page.upvoted;
    const items = page.items.map((question) => presentQuestion(upvoted ? { ...question, hasUpvoted: upvoted.has(question.id) } : question, ctx.user));
    return { items, total: page.total, ...paging };
  }

  /** The same page, written as JSON (GET /questions: a shared page's questions are written once for all). */
  async function listJson(ctx: RequestContext, query: ListQuestionsQuery) {
    const { page, paging } = await readPage(ctx, query);
    return presentPageJson(page, ctx.user, paging);
  }

  async function readPage(ctx: RequestContext, query: ListQuestionsQuery): Promise<{ page: QuestionPage; paging: { limit: number; offset: number } }> {
    let teamId = query.teamId;
    if (query.team) {
      const team = await teams.bySlug(ctx.tenant.id, query.team);
      if (!team || (teamId && teamId !== team.id)) throw errors.notFound("Team");
      teamId = team.id;
    } else if (teamId && !(await teams.byId(ctx.tenant.id, teamId))) {
      throw errors.notFound("Team");
    }
    if (query.tag && !(await findTag(db, ctx.tenant.id, query.tag))) throw errors.notFound("Tag");

    const paging = { limit: query.limit, offset: query.offset };
    let tsquery: string | undefined;
    if (query.search !== undefined) {
      await limits.search(ctx);
      const built = toPrefixQuery(query.search);
      if (built === null) return { page: { items: [], total: 0 }, paging };
      tsquery = built;
    }
    const sort = query.sort === "relevance" && !tsquery ? "top" : (query.sort ?? (tsquery ? "relevance" : "top"));
    const page = await board({
      tenantId: ctx.tenant.id,
      viewerId: ctx.user?.id ?? null,
      teamId,
      statuses: query.status ?? ["OPEN", "ANSWERED"],
      review: reviewVisibility(ctx.user),
      tsquery,
      tagId: query.tag,
      pinned: query.pinned,
      sort,
      ...paging,
    });
    return { page, paging };
  }

  async function get(ctx: RequestContext, id: string) {
    return presentQuestion(await loadVisibleQuestion(db, ctx, id), ctx.user);
  }

  /** The question's route has checked questionPolicy.change; what an author may still change is decided here. */
  async function edit(ctx: RequestContext, question: QuestionRecord, input: { body: string }) {
    if (actsAsAnonymousAuthor(ctx, question)) hideActor(ctx);
    const moderator = canModerate(ctx.user, question.teamId);
    const body = normalizeBody(input.body, ctx.settings);
    if (!moderator) {
      authorMayEdit(question);
      const verdict = checkContent(body);
      // An author's edit is not queued again: they are asked to rephrase instead.
      if (verdict.flagged) throw new AppError("CONTENT_REJECTED", 422, "This edit was rejected by the content check.", verdict.reasons);
    }
    if (body === question.body) return presentQuestion(question, ctx.user);
    const edited = await runQuestionCommand(deps, ctx, question.id, async (locked, { trx, now }) => {
      if (!moderator) authorMayEdit(locked);
      await updateQuestion(trx, ctx.tenant.id, locked.id, { body }, now);
      const changed = { ...locked, body };
      return {
        record: changed,
        audit: [
          {
            action: "question.update",
            entityType: "question",
            entityId: locked.id,
            userId: auditUserId(ctx, locked),
            before: { body: locked.body },
            after: { body },
          },
        ],
        afterCommit: () => events.updated(changed),
      };
    });
    return presentQuestion(edited, ctx.user);
  }

  async function remove(ctx: RequestContext, question: QuestionRecord): Promise<void> {
    if (actsAsAnonymousAuthor(ctx, question)) hideActor(ctx);
    await runQuestionCommand(deps, ctx, question.id, async (locked, { trx }) => {
      await deleteQuestion(trx, ctx.tenant.id, locked.id);
      return {
        record: locked,
        audit: [{ action: "question.delete", entityType: "question", entityId: locked.id, userId: auditUserId(ctx, locked), before: snapshot(locked) }],
        afterCommit: () => events.deleted(locked),
      };
    });
  }

  async function setUpvote(ctx: RequestContext, id: string, upvote: boolean) {
    const user = signedInUser(ctx);
    const question = visibleOrNotFound(ctx, await findVoteTarget(db, ctx.tenant.id, id));
    if (actsAsAnonymousAuthor(ctx, question)) hideActor(ctx);
    if (question.status === "UNDER_REVIEW") throw errors.conflict("QUESTION_UNDER_REVIEW", "This question is waiting for moderation.");
    if (question.isFrozen) throw errors.conflict("QUESTION_FROZEN", "This question is frozen: upvotes are closed.");
    await limits.upvotes(ctx);
    const audit: VoteAudit = (count) =>
      auditInsertFrom(
        ctx,
        { action: upvote ? "upvote.add" : "upvote.remove", entityType: "question", entityId: id, userId: auditUserId(ctx, question) },
        count,
      );
    const result = upvote ? await addUpvote(db, ctx.tenant.id, id, user.id, audit) : await removeUpvote(db, ctx.tenant.id, id, user.id, audit);
    if (result.changed) {
      await upvotes.changed(ctx.tenant.id, user.id);
      await events.upvoted(question, result.upvoteCount);
    }
    return { questionId: id, upvoteCount: result.upvoteCount, hasUpvoted: upvote };
  }

  return {
    /** The question if the caller may see it; 404 otherwise, whether it exists or not. */
    visible: (ctx: RequestContext, id: string) => loadVisibleQuestion(db, ctx, id),
    submit,
    list,
    listJson,
    get,
    edit,
    remove,
    upvote: (ctx: RequestContext, id: string) => setUpvote(ctx, id, true),
    removeUpvote: (ctx: RequestContext, id: string) => setUpvote(ctx, id, false),
  };
}

export type QuestionService = ReturnType<typeof createQuestionService>;
