import type { QuestionStatus } from "@server/modules/questions/questions.constants";
import { answer, api, type ApiAnswer, type ApiBody, type ApiQuery } from "../../shared/api";

/** The board's calls, typed by the OpenAPI document. */
export type Question = ApiAnswer<"getQuestion">;
export type QuestionPage = ApiAnswer<"listQuestions">;
export type QuestionTag = Question["tags"][number];
export type Tag = ApiAnswer<"listTags">[number];
export type UpvoteResult = ApiAnswer<"upvoteQuestion">;
export type Newcomer = ApiAnswer<"listTeamNewcomers">[number];
/** GET /questions as the web app asks: one status (or the two public ones), the team by its slug. */
export type QuestionQuery = Pick<ApiQuery<"listQuestions">, "team" | "tag" | "search" | "sort" | "limit" | "offset"> & {
  status?: QuestionStatus | "OPEN,ANSWERED";
};

const byId = (id: string) => ({ params: { path: { id } } });

export const listQuestions = (query: QuestionQuery, signal?: AbortSignal) => answer(api.GET("/questions", { params: { query }, signal }));
export const getQuestion = (id: string, signal?: AbortSignal) => answer(api.GET("/questions/{id}", { ...byId(id), signal }));
export const submitQuestion = (body: ApiBody<"submitQuestion">) => answer(api.POST("/questions", { body }));
export const upvote = (id: string) => answer(api.POST("/questions/{id}/upvote", byId(id)));
export const removeUpvote = (id: string) => answer(api.DELETE("/questions/{id}/upvote", byId(id)));
/** The author's own edit (PUT /questions/:id): the server checks the rules again. */
export const editQuestion = (id: string, body: string) => answer(api.PUT("/questions/{id}", { ...byId(id), body: { body } }));
export const deleteQuestion = (id: string) => answer(api.DELETE("/questions/{id}", byId(id)));
export const listTags = (signal?: AbortSignal) => answer(api.GET("/tags", { signal }));
export const listNewcomers = (teamId: string, signal?: AbortSignal) => answer(api.GET("/teams/{teamId}/newcomers", { params: { path: { teamId } }, signal }));
