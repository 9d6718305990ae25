import { z } from "zod";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { QUESTION_STATUSES } from "./questions.constants.js";
import { listQuestionsOfAuthor } from "./questions.mine.repository.js";

/** Enough for a person's own list: someone who asked more reads the older ones on their boards. */
const OWN_QUESTIONS_LIMIT = 100;

const ownQuestionSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  status: z.enum(QUESTION_STATUSES),
  isAnonymous: z.boolean().describe("Asked without a name: others never see who asked it"),
  upvoteCount: z.number().int(),
  submittedAt: z.string(),
  respondedAt: z.string().nullable(),
  team: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
});

export function ownQuestionRoutes(deps: { db: Database }): AnyRoute[] {
  return [
    route({
      method: "get",
      path: "/auth/me/questions",
      operationId: "listMyQuestions",
      tag: "Questions",
      summary: "The questions the signed-in user asked, newest first, in every status (anonymous ones too), with their team",
      description: `Only the caller's own questions, at most ${OWN_QUESTIONS_LIMIT}. Questions still under review are listed for their author as on the board.`,
      access: "session",
      response: z.array(ownQuestionSchema),
      handler: ({ ctx }) => {
        if (!ctx.user) throw errors.unauthenticated();
        return listQuestionsOfAuthor(deps.db, ctx.tenant.id, ctx.user.id, OWN_QUESTIONS_LIMIT);
      },
    }),
  ];
}
