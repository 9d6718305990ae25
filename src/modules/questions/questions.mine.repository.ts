import type { Executor } from "../../platform/db.js";
import type { QuestionStatus } from "./questions.schemas.js";

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export interface OwnQuestion {
  id: string;
  body: string;
  status: QuestionStatus;
  isAnonymous: boolean;
  upvoteCount: number;
  submittedAt: string;
  respondedAt: string | null;
  team: { id: string; slug: string; name: string };
}

/** The questions one person asked, newest first, whatever their status: their own list, never shared. */
export async function listQuestionsOfAuthor(db: Executor, tenantId: string, authorId: string, limit: number): Promise<OwnQuestion[]> {
  const rows = await db("questions as q")
    .join("teams as t", function joinTeam() {
      this.on("t.tenant_id", "q.tenant_id").andOn("t.id", "q.team_id");
    })
    .where({ "q.tenant_id": tenantId, "q.author_id": authorId })
    .orderBy([
      { column: "q.submitted_at", order: "desc" },
      { column: "q.id", order: "desc" },
    ])
    .limit(limit)
    .select(
      "q.id",
      "q.body",
      "q.status",
      "q.is_anonymous",
      "q.upvote_count",
      "q.submitted_at",
      "q.responded_at",
      "t.id as team_id",
      "t.slug as team_slug",
      "t.name as team_name",
    );
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    status: row.status,
    isAnonymous: Boolean(row.is_anonymous),
    upvoteCount: Number(row.upvote_count),
    submittedAt: iso(row.submitted_at) as string,
    respondedAt: iso(row.responded_at ?? null),
    team: { id: row.team_id, slug: row.team_slug, name: row.team_name },
  }));
}
