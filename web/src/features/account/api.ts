import { answer, api, type ApiAnswer, type ApiBody } from "../../shared/api";

/** The account page's calls (profile, own questions, e-mail choice, personal API tokens), typed by the OpenAPI document. */
export type ApiToken = ApiAnswer<"listApiTokens">[number];
/** A token just made: the only answer that carries its secret. */
export type CreatedToken = ApiAnswer<"createApiToken">;
export type OwnQuestion = ApiAnswer<"listMyQuestions">[number];

export const listTokens = (signal?: AbortSignal) => answer(api.GET("/auth/tokens", { signal }));
export const createToken = (body: ApiBody<"createApiToken">) => answer(api.POST("/auth/tokens", { body }));
export const revokeToken = (id: string) => answer(api.DELETE("/auth/tokens/{id}", { params: { path: { id } } }));

export const listMyQuestions = (signal?: AbortSignal) => answer(api.GET("/auth/me/questions", { signal }));
export const getEmailPreferences = (signal?: AbortSignal) => answer(api.GET("/auth/me/email-preferences", { signal }));
export const setEmailPreferences = (body: ApiBody<"setMyEmailPreferences">) => answer(api.PUT("/auth/me/email-preferences", { body }));
export const listMyTeams = (signal?: AbortSignal) => answer(api.GET("/auth/me/teams", { signal }));
