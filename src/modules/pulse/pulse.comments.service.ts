import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { AppError, errors } from "../../platform/errors.js";
import type { RateLimitService } from "../../platform/rate-limit.js";
import type { Sealer } from "../../platform/sealed-box.js";
import { isUuid } from "../../platform/validation.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { recordAudit } from "../audit/index.js";
import { findTenant } from "../tenants/index.js";
import { checkContent } from "../questions/index.js";
import { weekRange } from "./pulse.calendar.js";
import {
  findComment,
  findCommentOfConversation,
  findWaitingComment,
  insertReply,
  insertWaitingComment,
  listComments,
  listReplies,
  listUnreleasedAnswerBoxes,
  lockAnswerGroup,
  markCommentRead,
  type CommentReply,
  type ReleasedComment,
} from "./pulse.comments.repository.js";
import { conversationHash, conversationRef, readCapability, type ConversationGrant } from "./pulse.conversation-capability.js";
import { findPulseQuestion } from "./pulse.admin.repository.js";
import { openAnswerBox, openComment, sealComment } from "./pulse.sealing.js";

/** CONTRACT §5: a comment may be written until its answer's batch is released or this long after the answer. */
export const COMMENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Replies a conversation may get per hour from its respondent (a capability is not a person we can slow otherwise). */
const COLLEAGUE_REPLIES_PER_HOUR = 30;
/** Replies a lead may write per hour, all conversations together. */
const LEAD_REPLIES_PER_HOUR = 120;

/** What the respondent's private page shows. */
export interface ConversationView {
  question: { text: string };
  comment: { body: string; released: boolean } | null;
  /** Whether a comment may still be written (no comment yet, its answer not yet released, within 24 h). */
  canComment: boolean;
  replies: CommentReply[];
}

export interface CommentPage {
  items: Array<ReleasedComment & { unread: boolean }>;
  total: number;
  limit: number;
  offset: number;
}

function notFound(): AppError {
  // The same answer for a forged, mistyped or foreign capability: nothing about why.
  return errors.notFound("Conversation");
}

function refuseFlagged(body: string): void {
  const verdict = checkContent(body);
  // Read by the team's leads only, not shown to a room: refused at high confidence, as a question is held back.
  if (verdict.confidence === "high") throw new AppError("CONTENT_REJECTED", 422, "This text was rejected by the content check.", verdict.reasons);
}

export function createPulseComments(deps: { db: Database; sealer: Sealer; clock: Clock; rateLimits: RateLimitService }) {
  const { db, sealer, clock, rateLimits } = deps;

  const grantOf = (capability: unknown): ConversationGrant => {
    const grant = readCapability(sealer, capability);
    if (!grant) throw notFound();
    return grant;
  };
  const groupOf = (grant: ConversationGrant) => ({ tenantId: grant.tenantId, questionId: grant.questionId, teamId: grant.teamId });

  /** Whether the grant's answer is still held or waiting (its box names the conversation). */
  async function answerUnreleased(trx: Database, grant: ConversationGrant): Promise<boolean> {
    const ref = conversationRef(grant.secret);
    for (const box of await listUnreleasedAnswerBoxes(trx, groupOf(grant))) {
      if (openAnswerBox(sealer, box)?.conversationRef?.equals(ref)) return true;
    }
    return false;
  }

  async function conversation(capability: unknown): Promise<ConversationView & { tenantId: string }> {
    const grant = grantOf(capability);
    const question = await findPulseQuestion(db, grant.tenantId, grant.questionId);
    if (!question) throw notFound();
    const hash = conversationHash(grant.secret);
    const released = await findCommentOfConversation(db, grant.tenantId, hash);
    if (released) {
      return {
        tenantId: grant.tenantId,
        question: { text: question.text },
        comment: { body: released.body, released: true },
        canComment: false,
        replies: await listReplies(db, grant.tenantId, released.id),
      };
    }
    const waiting = await findWaitingComment(db, grant.tenantId, hash);
    const body = waiting ? openComment(sealer, waiting) : null;
    const open = !waiting && clock.now().getTime() - grant.issuedAt.getTime() < COMMENT_WINDOW_MS && (await answerUnreleased(db, grant));
    return {
      tenantId: grant.tenantId,
      question: { text: question.text },
      comment: body === null ? null : { body, released: false },
      canComment: open,
      replies: [],
    };
  }

  return {
    conversation,

    /** The organisation a conversation's page is drawn for (its name and look). */
    async organisation(tenantId: string): Promise<{ name: string; settings: TenantSettings } | null> {
      const found = await findTenant(db, tenantId);
      return found ? { name: found.tenant.name, settings: found.settings } : null;
    },

    /** The tenant a capability belongs to (the request's tenant for a link that names none); null for a forged one. */
    tenantOf(capability: unknown): string | null {
      return readCapability(sealer, capability)?.tenantId ?? null;
    },

    /**
     * The respondent's comment: sealed and waiting with its answer, under the group's lock, so a
     * release of the group either took the answer before (the comment is refused) or takes the
     * comment with it.
     */
    async comment(capability: unknown, body: string): Promise<ConversationView> {
      const grant = grantOf(capability);
      const question = await findPulseQuestion(db, grant.tenantId, grant.questionId);
      if (!question) throw notFound();
      refuseFlagged(body);
      const hash = conversationHash(grant.secret);
      await rateLimits.consume({ name: "pulse-conversation", points: COLLEAGUE_REPLIES_PER_HOUR, durationSeconds: 3600 }, hash);
      await db.transaction(async (trx) => {
        await lockAnswerGroup(trx, groupOf(grant));
        if ((await findWaitingComment(trx, grant.tenantId, hash)) || (await findCommentOfConversation(trx, grant.tenantId, hash))) {
          throw errors.conflict("COMMENT_EXISTS", "This answer already has its comment.");
        }
        const tooLate = clock.now().getTime() - grant.issuedAt.getTime() >= COMMENT_WINDOW_MS;
        if (tooLate || !(await answerUnreleased(trx, grant))) {
          throw errors.conflict(
            "COMMENTS_CLOSED",
            "A comment can only be added within 24 hours of the answer and before it is counted with its group's, so it cannot be told apart from theirs.",
          );
        }
        await insertWaitingComment(trx, { tenantId: grant.tenantId, conversationHash: hash, box: sealComment(sealer, body) });
      });
      // What was just written, as conversation() would read it back: waiting, no replies yet.
      return { question: { text: question.text }, comment: { body, released: false }, canComment: false, replies: [] };
    },

    /** The respondent answers the leads, as "a colleague", once the comment is released. */
    async replyAsColleague(capability: unknown, body: string): Promise<CommentReply> {
      const grant = grantOf(capability);
      const hash = conversationHash(grant.secret);
      const comment = await findCommentOfConversation(db, grant.tenantId, hash);
      if (!comment) {
        if (await findWaitingComment(db, grant.tenantId, hash)) {
          throw errors.conflict("COMMENT_NOT_RELEASED", "Replies open once your comment is shared with your team's leads, together with the others.");
        }
        throw notFound();
      }
      refuseFlagged(body);
      await rateLimits.consume({ name: "pulse-conversation", points: COLLEAGUE_REPLIES_PER_HOUR, durationSeconds: 3600 }, hash);
      const at = clock.now();
      const id = await db.transaction((trx) =>
        insertReply(trx, { tenantId: grant.tenantId, commentId: comment.id, from: "colleague", leadUserId: null, body, at }),
      );
      return { id, body, from: "colleague", leadName: null, createdAt: at };
    },

    /** Released comments the lead may read (the route checked the team against pulsePolicy.summary). */
    async list(
      ctx: RequestContext,
      query: { rangeWeeks: number; teamId: string | null; questionId?: string; limit: number; offset: number },
    ): Promise<CommentPage> {
      const user = ctx.user;
      if (!user) throw errors.unauthenticated();
      const { start } = weekRange(clock.now(), query.rangeWeeks);
      const page = await listComments(
        db,
        { tenantId: ctx.tenant.id, teamIds: query.teamId ? [query.teamId] : null, questionId: query.questionId, fromWeek: start },
        { limit: query.limit, offset: query.offset, readerId: user.id },
      );
      return { ...page, limit: query.limit, offset: query.offset };
    },

    /** The comment for its route's permission check (404 for another tenant's or an unknown id). */
    async load(ctx: RequestContext, id: string): Promise<ReleasedComment> {
      const comment = isUuid(id) ? await findComment(db, ctx.tenant.id, id) : null;
      if (!comment) throw errors.notFound("Comment");
      return comment;
    },

    /** A comment with its conversation; reading it marks it read for this lead. */
    async read(ctx: RequestContext, comment: ReleasedComment): Promise<ReleasedComment & { replies: CommentReply[] }> {
      const replies = await listReplies(db, ctx.tenant.id, comment.id);
      if (ctx.user) await markCommentRead(db, { tenantId: ctx.tenant.id, commentId: comment.id, userId: ctx.user.id, at: clock.now() });
      return { ...comment, replies };
    },

    /** A lead's reply: audited, with the lead's name shown to the respondent. */
    async replyAsLead(ctx: RequestContext, comment: ReleasedComment, body: string): Promise<CommentReply> {
      const user = ctx.user;
      if (!user) throw errors.unauthenticated();
      refuseFlagged(body);
      await rateLimits.consume({ name: "pulse-lead-replies", points: LEAD_REPLIES_PER_HOUR, durationSeconds: 3600 }, `${ctx.tenant.id}:${user.id}`);
      const at = clock.now();
      const id = await db.transaction(async (trx) => {
        const replyId = await insertReply(trx, { tenantId: ctx.tenant.id, commentId: comment.id, from: "lead", leadUserId: user.id, body, at });
        await markCommentRead(trx, { tenantId: ctx.tenant.id, commentId: comment.id, userId: user.id, at });
        await recordAudit(trx, ctx, {
          action: "pulse.comment.reply",
          entityType: "pulse_comment",
          entityId: comment.id,
          after: { replyId, body, teamId: comment.teamId, questionId: comment.questionId },
        });
        return replyId;
      });
      return { id, body, from: "lead", leadName: user.name, createdAt: at };
    },
  };
}

export type PulseComments = ReturnType<typeof createPulseComments>;
