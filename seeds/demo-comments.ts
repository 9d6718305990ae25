import { createHash, randomUUID } from "node:crypto";
import type { Executor } from "../src/platform/db.js";

/**
 * The demo's pulse comments (CONTRACT §5 "Comments"): some released batches carry a comment or
 * two, as a release writes them (with the batch, dated by its ISO week), and a few have a
 * conversation: a lead's reply to what was said, and the colleague's answer on one.
 */
const COMMENTS = [
  "Too many meetings this week; I had almost no time to focus on my actual work.",
  "The new onboarding docs helped a lot. Thanks to whoever wrote them.",
  "Priorities changed twice in the sprint, which made planning feel pointless.",
  "I would love more feedback on my work, not only when something goes wrong.",
  "On-call was rough: three pages at night for the same flaky alert.",
  "Great team spirit at the offsite. More of that, please.",
  "I am not sure how my work connects to the company goals this quarter.",
  "The release went smoothly thanks to the new checklist.",
  "Workload is fine, but deadlines keep arriving with no warning.",
  "It would help to know earlier which projects are being cut.",
  "My manager made time for a proper one-to-one this week and it made a difference.",
  "Hiring is slow and the team is stretched thin covering the gaps.",
];

/** The share of released batches that carry a comment. */
const BATCHES_WITH_A_COMMENT = 0.3;

export interface DemoCommentRow {
  id: string;
  tenant_id: string;
  question_id: string;
  team_id: string;
  week: string;
  body: string;
  conversation_hash: string;
}

/** The comments of one released batch (none, one or two), for the seed's shuffled insert. */
export function commentsOfBatch(input: { tenantId: string; questionId: string; teamId: string; week: string; random: () => number }): DemoCommentRow[] {
  const { random } = input;
  if (random() >= BATCHES_WITH_A_COMMENT) return [];
  const count = random() < 0.3 ? 2 : 1;
  return Array.from({ length: count }, () => ({
    id: randomUUID(),
    tenant_id: input.tenantId,
    question_id: input.questionId,
    team_id: input.teamId,
    week: input.week,
    body: COMMENTS[Math.floor(random() * COMMENTS.length)] as string,
    // The hash of a conversation secret nobody holds: these demo comments have no respondent.
    conversation_hash: createHash("sha256").update(randomUUID()).digest("hex"),
  }));
}

/** What the leads answered, and the colleague back, to some of the comments above. */
const CONVERSATIONS: Array<{ comment: string; lead: string; colleague?: string }> = [
  {
    comment: COMMENTS[0] as string,
    lead: "Thank you for saying it. Which meetings would you drop first?",
    colleague: "The Thursday status meeting: the same update is in the chat anyway.",
  },
  { comment: COMMENTS[1] as string, lead: "Good to hear. I will pass it on to the people who wrote them." },
  { comment: COMMENTS[9] as string, lead: "Fair point. We will share the plan for next quarter at the all-hands." },
];

/** On the newest comment of each of CONVERSATIONS' texts: the lead's reply, and the colleague's answer where there is one. */
export async function seedDemoConversations(db: Executor, input: { tenantId: string; leadId: string | null; now: Date }): Promise<void> {
  for (const [index, conversation] of CONVERSATIONS.entries()) {
    const comment: { id: string } | undefined = await db("pulse_comments")
      .where({ tenant_id: input.tenantId, body: conversation.comment })
      .orderBy([{ column: "week", order: "desc" }, { column: "id" }])
      .first("id");
    if (!comment) continue;
    const leadAt = new Date(input.now.getTime() - (CONVERSATIONS.length - index) * 3_600_000);
    const rows = [
      { tenant_id: input.tenantId, comment_id: comment.id, author: "lead", lead_user_id: input.leadId, body: conversation.lead, created_at: leadAt },
    ];
    if (conversation.colleague) {
      rows.push({
        tenant_id: input.tenantId,
        comment_id: comment.id,
        author: "colleague",
        lead_user_id: null,
        body: conversation.colleague,
        created_at: new Date(leadAt.getTime() + 1_800_000),
      });
    }
    await db("pulse_comment_replies").insert(rows);
    const last = rows[rows.length - 1] as (typeof rows)[number];
    await db("pulse_comments")
      .where({ tenant_id: input.tenantId, id: comment.id })
      .update({ reply_count: rows.length, last_reply_at: last.created_at, last_colleague_reply_at: conversation.colleague ? last.created_at : null });
  }
}
