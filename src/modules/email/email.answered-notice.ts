import type { Config } from "../../config.js";
import type { Database } from "../../platform/db.js";
import type { EmailJobs } from "../../platform/queue.js";
import { tenantAddress } from "../../platform/tenant-address.js";
import { TenantDirectory } from "../tenants/index.js";
import { findAnsweredQuestion, type EmailRecipient } from "./email.repository.js";
import type { QuestionAnsweredInput } from "./email.templates.js";

/** What the author is told of an answer, whichever way it reaches them (e-mail, or a Slack message). */
export interface AnsweredNotice extends Omit<QuestionAnsweredInput, "recipientName" | "unsubscribeUrl"> {
  recipient: EmailRecipient;
  /** The author's account page, where they choose how answers reach them. */
  accountUrl: string;
}

export type AnsweredNoticeRead = { kind: "notice"; notice: AnsweredNotice } | { kind: "skip"; reason: string };

const skip = (reason: string): AnsweredNoticeRead => ({ kind: "skip", reason });

/**
 * Reads an answered notice from the records as they are now: a question deleted or reopened, or
 * an author deactivated or unsubscribed since the job was queued means nothing is sent.
 * features.enableEmailNotifications was decided when the answer queued the job (from the settings
 * as saved then); a worker's cached copy may be seconds old, so it is not asked again.
 */
export function createAnsweredNoticeReader(deps: { db: Database; config: Config }) {
  const { db, config } = deps;
  const tenants = new TenantDirectory(db);

  return async function readAnsweredNotice(data: EmailJobs["question-answered"]): Promise<AnsweredNoticeRead> {
    const tenant = await tenants.resolve(data.tenantId);
    if (!tenant) return skip("tenant not found");
    const question = await findAnsweredQuestion(db, data.tenantId, data.questionId);
    if (!question) return skip("question not found");
    if (question.status !== "ANSWERED" || !question.responseText) return skip("question is not answered");
    // Anonymous visitors have no author (and no address): nothing to send.
    if (!question.author || question.author.id !== data.recipientUserId) return skip("recipient is not the question's author");
    // Queued for an anonymous question whatever its responder (questions.answer.command.ts), but nobody is told of their own answer.
    if (question.responderId === question.author.id) return skip("recipient answered it");
    const recipient = question.author;
    if (recipient.deactivated) return skip("recipient is deactivated");
    if (recipient.optedOut) return skip("recipient unsubscribed");
    const address = tenantAddress(config.frontendUrl, config.baseDomain, tenant.tenant.slug);
    return {
      kind: "notice",
      notice: {
        recipient,
        tenantName: tenant.tenant.name,
        teamName: question.teamName,
        questionBody: question.body,
        responseText: question.responseText,
        responderName: question.responderName,
        questionUrl: `${address}/${encodeURIComponent(question.teamSlug)}?question=${question.id}`,
        accountUrl: `${address}/account`,
      },
    };
  };
}

export type AnsweredNoticeReader = ReturnType<typeof createAnsweredNoticeReader>;
