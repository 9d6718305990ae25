import { createHash, randomUUID } from "node:crypto";
import type { Executor } from "../src/platform/db.js";

/**
 * The demo's pulse comments (CONTRACT §5 "Comments"): some released batches carry a comment or
 * two, as a release writes them (with the batch, dated by its ISO week), and the newest ones have a
 * conversation: a lead's reply, and the colleague's answer on one.
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

/** Conversations on the three newest comments: a lead's reply on each, the colleague's answer on the first. */
export async function seedDemoConversations(db: Executor, input: { tenantId: string; leadId: string | null; now: Date }): Promise<void> {
  const newest: Array<{ id: string }> = await db("pulse_comments")
    .where({ tenant_id: input.tenantId })
    .orderBy([{ column: "week", order: "desc" }, { column: "id" }])
    .limit(3)
    .select("id");
  const replies = [
    "Thank you for saying it. Which meetings would you drop first?",
    "Good to hear. I will pass it on to the people who did the work.",
    "Fair point. We will share the plan for next quarter at the all-hands.",
  ];
  for (const [index, comment] of newest.entries()) {
    const leadAt = new Date(input.now.getTime() - (3 - index) * 3_600_000);
    const rows = [
      { tenant_id: input.tenantId, comment_id: comment.id, author: "lead", lead_user_id: input.leadId, body: replies[index] as string, created_at: leadAt },
    ];
    if (index === 0) {
      rows.push({
        tenant_id: input.tenantId,
        comment_id: comment.id,
        author: "colleague",
        lead_user_id: null,
        body: "The Thursday status meeting: the same update is in the chat anyway.",
        created_at: new Date(leadAt.getTime() + 1_800_000),
      });
    }
    await db("pulse_comment_replies").insert(rows);
    const last = rows[rows.length - 1] as (typeof rows)[number];
    await db("pulse_comments")
      .where({ tenant_id: input.tenantId, id: comment.id })
      .update({ reply_count: rows.length, last_reply_at: last.created_at, last_colleague_reply_at: index === 0 ? last.created_at : null });
  }
}
