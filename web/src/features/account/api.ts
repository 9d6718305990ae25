import { answer, api, type ApiAnswer, type ApiBody } from "../../shared/api";

/** The account page's calls (personal API tokens), typed by the OpenAPI document. */
export type ApiToken = ApiAnswer<"listApiTokens">[number];
/** A token just made: the only answer that carries its secret. */
export type CreatedToken = ApiAnswer<"createApiToken">;

export const listTokens = (signal?: AbortSignal) => answer(api.GET("/auth/tokens", { signal }));
export const createToken = (body: ApiBody<"createApiToken">) => answer(api.POST("/auth/tokens", { body }));
export const revokeToken = (id: string) => answer(api.DELETE("/auth/tokens/{id}", { params: { path: { id } } }));
