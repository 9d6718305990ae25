import { answer, api, type ApiAnswer, type ApiBody } from "../../shared/api";

/** A team's chat channels (CONTRACT §11), typed by the OpenAPI document. */
export type TeamChannels = ApiAnswer<"getTeamChannels">;
export type TeamChannelsTest = ApiAnswer<"testTeamChannels">;

const byTeam = (teamId: string) => ({ params: { path: { teamId } } });

export const getTeamChannels = (teamId: string, signal?: AbortSignal) => answer(api.GET("/admin/teams/{teamId}/channels", { ...byTeam(teamId), signal }));
export const saveTeamChannels = (teamId: string, body: ApiBody<"updateTeamChannels">) =>
  answer(api.PUT("/admin/teams/{teamId}/channels", { ...byTeam(teamId), body }));
export const testTeamChannels = (teamId: string) => answer(api.POST("/admin/teams/{teamId}/channels/test", byTeam(teamId)));
