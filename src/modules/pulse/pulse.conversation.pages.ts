import express, { Router, type Request, type Response } from "express";
import { isAppError } from "../../platform/errors.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { userText } from "../../platform/user-text.js";
import type { CommentReply } from "./pulse.comments.repository.js";
import { COMMENT_TEXT, REPLY_TEXT } from "./pulse.comments.schemas.js";
import type { ConversationView, PulseComments } from "./pulse.comments.service.js";
import type { PulseFollowUps } from "./pulse.follow-ups.service.js";
import { parseScore } from "./pulse.respond.service.js";
import { commentForm, conversationAddress, escapeHtml, followUpBlock, layout, questionBlock, type FollowUpQuestion } from "./pulse.respond.pages.js";

/**
 * The respondent's private conversation page (CONTRACT §5), plain HTML like the respond page and
 * working without JavaScript: their comment (or the form for it), the leads' replies and a reply
 * form. Its address is the capability; forms post back to it and are answered with a redirect to
 * it (303), or the page again with what went wrong and the text kept. Mounted before sessions and
 * tenants: the capability names its tenant and is the only credential.
 */
const PAGE_PATH = "/pulse/conversation/:capability";
const commentText = userText(COMMENT_TEXT);
const replyText = userText(REPLY_TEXT);

interface Organisation {
  name: string;
  settings: TenantSettings;
}

function replyItem(reply: CommentReply): string {
  const who = reply.from === "colleague" ? "You" : `${escapeHtml(reply.leadName ?? "A lead")}, a lead of your team`;
  const when = reply.createdAt.toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });
  return `<li${reply.from === "colleague" ? ' class="mine"' : ""}><p class="who">${who} · ${escapeHtml(when)}</p><p class="said" dir="auto">${escapeHtml(reply.body)}</p></li>`;
}

function conversationPage(
  capability: string,
  view: ConversationView,
  followUps: FollowUpQuestion[],
  organisation: Organisation | null,
  problem?: { message: string; draft: string },
): string {
  const address = escapeHtml(conversationAddress(capability));
  const error = problem ? `<div class="error" role="alert"><p>${escapeHtml(problem.message)}</p></div>` : "";
  let comment: string;
  if (view.comment) {
    const state = view.comment.released
      ? "Shared with your team's leads, together with the other answers of your group. They never see your name."
      : "Waiting, sealed, with your answer: your team's leads will read it once your group's answers are shared, all at once.";
    comment = `<p class="asked">Your comment</p><p class="said" dir="auto">${escapeHtml(view.comment.body)}</p><p class="note">${state}</p>`;
  } else if (view.canComment) {
    comment = commentForm(address, problem?.draft ?? "");
  } else {
    comment = `<p class="note">No comment was added to this answer, and one can no longer be: comments are possible within 24 hours of the answer and before it is shared with the others.</p>`;
  }
  const thread = view.replies.length > 0 ? `<ul class="thread">\n${view.replies.map(replyItem).join("\n")}\n</ul>` : "";
  const replyForm = view.comment?.released
    ? `<form method="post" action="${address}">
<input type="hidden" name="action" value="reply">
<label for="reply-body">${view.replies.length > 0 ? "Answer your leads" : "Add to your comment"}</label>
<textarea id="reply-body" name="body" maxlength="2000" rows="3" required dir="auto">${escapeHtml(problem?.draft ?? "")}</textarea>
<p class="note">You appear as “a colleague”: your name is never shown.</p>
<button class="send" type="submit">Send</button>
</form>`
    : "";
  return layout({
    title: "Your private conversation",
    settings: organisation?.settings ?? null,
    organisation: organisation?.name ?? null,
    body: `<h1>Your private conversation</h1>
${error}${questionBlock(view.question.text)}
<section class="comment">${comment}</section>
${thread}${replyForm}
${followUpBlock(conversationAddress(capability), followUps)}
<p class="note">Keep this page's address to come back: it is the only way in, and anyone with it can read this conversation.</p>`,
  });
}

function notFoundPage(): string {
  return layout({
    title: "Conversation not found",
    settings: null,
    organisation: null,
    body: `<h1>This conversation link does not work</h1>
<p>Check that the whole address was copied. A conversation's address is given once, on the page shown after answering a pulse.</p>`,
  });
}

export function pulseConversationPages(comments: PulseComments, followUps: PulseFollowUps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: "16kb" });

  const show = async (res: Response, capability: string, status: number, problem?: { message: string; draft: string }) => {
    res.setHeader("Cache-Control", "no-store");
    const view = await comments.conversation(capability);
    const [offered, organisation] = await Promise.all([followUps.offered(capability), comments.organisation(view.tenantId)]);
    res
      .status(status)
      .type("html")
      .send(conversationPage(capability, view, offered, organisation, problem));
  };
  const answerFailure = (res: Response, error: unknown): boolean => {
    if (!isAppError(error) || error.status !== 404) return false;
    res.setHeader("Cache-Control", "no-store");
    res.status(404).type("html").send(notFoundPage());
    return true;
  };

  router.get(PAGE_PATH, async (req: Request<{ capability: string }>, res) => {
    try {
      await show(res, req.params.capability, 200);
    } catch (error) {
      if (!answerFailure(res, error)) throw error;
    }
  });

  router.post(PAGE_PATH, form, async (req: Request<{ capability: string }>, res) => {
    const capability = req.params.capability;
    const action = req.body?.action === "reply" || req.body?.action === "follow-up" ? req.body.action : "comment";
    const draft = typeof req.body?.body === "string" ? req.body.body : "";
    try {
      if (action === "follow-up") {
        const score = parseScore(req.body?.score);
        const question = typeof req.body?.question === "string" ? req.body.question : "";
        if (score === null) return await show(res, capability, 400, { message: "Choose a score to answer.", draft: "" });
        await followUps.answer(capability, question, score);
        return res.redirect(303, conversationAddress(capability));
      }
      const parsed = (action === "comment" ? commentText : replyText).safeParse(draft);
      if (!parsed.success) return await show(res, capability, 400, { message: `Your text ${parsed.error.issues[0]?.message ?? "is not valid"}.`, draft });
      if (action === "comment") await comments.comment(capability, parsed.data);
      else await comments.replyAsColleague(capability, parsed.data);
      res.redirect(303, conversationAddress(capability));
    } catch (error) {
      // A capability that does not open is the dead end; anything else (a question not offered, a
      // comment refused) is told on the conversation's own page.
      if (comments.tenantOf(capability) === null && answerFailure(res, error)) return;
      if (!isAppError(error)) throw error;
      await show(res, capability, error.status, { message: error.message, draft });
    }
  });
  return router;
}
