import type { PollStatus } from "@server/modules/polls/polls.constants";
import type { CreatePollBody, EditPollBody, PollResults, PollView, PollVoteBody } from "@server/modules/polls/polls.schemas";
import { answer, api } from "../../shared/api";

/** The polls' calls (CONTRACT §9), typed by the OpenAPI document; the shapes are the server's schemas. */

const byId = (id: string) => ({ params: { path: { id } } });

export interface PollQuery {
  teamId: string;
  status?: PollStatus;
  limit?: number;
  offset?: number;
}

export const listPolls = (query: PollQuery, signal?: AbortSignal) => answer(api.GET("/polls", { params: { query }, signal }));
export const getPollResults = (id: string, signal?: AbortSignal): Promise<PollResults> => answer(api.GET("/polls/{id}/results", { ...byId(id), signal }));
export const vote = (id: string, body: PollVoteBody) => answer(api.POST("/polls/{id}/votes", { ...byId(id), body }));
export const createPoll = (body: CreatePollBody): Promise<PollView> => answer(api.POST("/polls", { body }));
export const editPoll = (id: string, body: EditPollBody): Promise<PollView> => answer(api.PUT("/polls/{id}", { ...byId(id), body }));
export const deletePoll = (id: string) => answer(api.DELETE("/polls/{id}", byId(id)));
export const openPoll = (id: string): Promise<PollView> => answer(api.POST("/polls/{id}/open", byId(id)));
export const closePoll = (id: string): Promise<PollView> => answer(api.POST("/polls/{id}/close", byId(id)));
export const showResults = (id: string, visible: boolean): Promise<PollView> => answer(api.POST("/polls/{id}/results", { ...byId(id), body: { visible } }));
export const duplicatePoll = (id: string): Promise<PollView> => answer(api.POST("/polls/{id}/duplicate", byId(id)));
export const reorderPolls = (teamId: string, pollIds: string[]) => answer(api.POST("/polls/reorder", { body: { teamId, pollIds } }));
