import type { z } from "zod";
import type { QuestionStatus } from "@server/modules/questions/questions.constants";
import type {
  ListQuestionsQuery,
  questionPageSchema,
  questionSchema,
  submitQuestionBody,
  upvoteResultSchema,
} from "@server/modules/questions/questions.schemas";
import type { tagSchema } from "@server/modules/tags/tags.schemas";
import type { newcomerSchema } from "@server/modules/teams/teams.schemas";
import { api } from "../../shared/api";

/** The board's calls and the server's shapes of their answers (its zod schemas, as types only). */
export type Question = z.infer<typeof questionSchema>;
export type QuestionPage = z.infer<typeof questionPageSchema>;
export type QuestionTag = Question["tags"][number];
export type Tag = z.infer<typeof tagSchema>;
export type UpvoteResult = z.infer<typeof upvoteResultSchema>;
/** GET /questions as the web app asks: one status (or the two public ones), the team by its slug. */
export type QuestionQuery = Partial<Pick<ListQuestionsQuery, "team" | "tag" | "search" | "sort" | "limit" | "offset">> & {
  status?: QuestionStatus | "OPEN,ANSWERED";
};

export const listQuestions = (query: QuestionQuery, signal?: AbortSignal) => api.get<QuestionPage>("/questions", query, signal);
export const getQuestion = (id: string, signal?: AbortSignal) => api.get<Question>(`/questions/${id}`, undefined, signal);
export const submitQuestion = (body: z.input<typeof submitQuestionBody>) => api.post<Question>("/questions", body);
export const upvote = (id: string) => api.post<UpvoteResult>(`/questions/${id}/upvote`);
export const removeUpvote = (id: string) => api.delete<UpvoteResult>(`/questions/${id}/upvote`);
/** The author's own edit (PUT /questions/:id): the server checks the rules again. */
export const editQuestion = (id: string, body: string) => api.put<Question>(`/questions/${id}`, { body });
export const deleteQuestion = (id: string) => api.delete(`/questions/${id}`);
export const listTags = (signal?: AbortSignal) => api.get<Tag[]>("/tags", undefined, signal);
export type Newcomer = z.infer<typeof newcomerSchema>;
export const listNewcomers = (teamId: string, signal?: AbortSignal) => api.get<Newcomer[]>(`/teams/${teamId}/newcomers`, undefined, signal);
