import type { RequestContext } from "../../platform/context.js";
import { authorize } from "../../platform/http/access.js";
import { html } from "../../platform/html.js";
import type { TeamDirectory } from "../teams/index.js";
import type { QuestionService } from "./questions.service.js";

/** What a phone's first screen holds under the ask line and the tabs. */
const FIRST_SCREEN_QUESTIONS = 5;

/**
 * A team board's first questions as plain markup for index.html, so a slow phone shows them with
 * the page, seconds before the app has run (the app then draws the board over them). Exactly what
 * GET /questions would give this caller for the board's first view (open, most votes): the same
 * gate (`qa.read`: a visitor only where the tenant lets visitors in) and the same list, so no one
 * sees here what the API would refuse them. Votes and text only: no author is written.
 */
export function createBoardFirstScreen(deps: { teams: TeamDirectory; questions: QuestionService }) {
  return async function boardFirstScreen(ctx: RequestContext, teamSlug: string): Promise<string | null> {
    try {
      authorize(ctx, "qa.read");
    } catch {
      return null;
    }
    const team = await deps.teams.bySlug(ctx.tenant.id, teamSlug);
    if (!team) return null;
    const page = await deps.questions.list(ctx, {
      teamId: team.id,
      status: ["OPEN"],
      sort: "top",
      search: undefined,
      limit: FIRST_SCREEN_QUESTIONS,
      offset: 0,
    });
    return html`<h1 class="boot-team" dir="auto">${team.name}</h1>
      ${page.items.map(
        (question) =>
          html`<div class="boot-card boot-question">
            <div class="boot-vote boot-count">${question.upvoteCount}</div>
            <p class="boot-text" dir="auto">${question.body}</p>
          </div>`,
      )}`.value;
  };
}

export type BoardFirstScreen = ReturnType<typeof createBoardFirstScreen>;
