import type { ApiClient } from "./app.js";

/** Poll bodies and steps through the API, as the moderators' tab and the board use it. */

export interface PollJson {
  id: string;
  teamId: string;
  title: string;
  type: "single" | "multiple" | "rating" | "words";
  options: Array<{ id: string; text: string }>;
  maxChoices: number | null;
  scaleMax: number | null;
  status: "draft" | "open" | "closed";
  resultsVisible: boolean;
  voteCount: number;
  position: number;
  createdAt: string;
  openedAt: string | null;
  closedAt: string | null;
  myVote: { optionIds: string[] } | { rating: number } | { text: string } | null;
}

export const pollBodies = {
  single: (teamId: string, extra: object = {}) => ({ teamId, title: "Where shall we meet?", type: "single", options: ["Lisbon", "Oslo", "Turin"], ...extra }),
  multiple: (teamId: string, extra: object = {}) => ({
    teamId,
    title: "Which topics next?",
    type: "multiple",
    options: ["Roadmap", "Hiring", "Budget", "Tooling"],
    maxChoices: 2,
    ...extra,
  }),
  rating: (teamId: string, extra: object = {}) => ({ teamId, title: "How was the offsite?", type: "rating", scaleMax: 5, ...extra }),
  words: (teamId: string, extra: object = {}) => ({ teamId, title: "One word for this quarter", type: "words", ...extra }),
};

/** POST /polls (201 expected): the draft. */
export async function createPoll(client: ApiClient, body: object): Promise<PollJson> {
  return (await client.post("/polls", body).expect(201)).body as PollJson;
}

/** A poll created and opened by `moderator`. */
export async function openPoll(moderator: ApiClient, body: object): Promise<PollJson> {
  const draft = await createPoll(moderator, body);
  return (await moderator.post(`/polls/${draft.id}/open`).expect(200)).body as PollJson;
}
