import type { z } from "zod";
import type { createdTokenSchema, createTokenBody, tokenSchema } from "@server/modules/tokens/tokens.schemas";
import { api } from "../../shared/api";

/** The account page's calls (personal API tokens) and the server's shapes of their answers (its zod schemas, as types only). */
export type ApiToken = z.infer<typeof tokenSchema>;
/** A token just made: the only answer that carries its secret. */
export type CreatedToken = z.infer<typeof createdTokenSchema>;

export const listTokens = (signal?: AbortSignal) => api.get<ApiToken[]>("/auth/tokens", undefined, signal);
export const createToken = (body: z.input<typeof createTokenBody>) => api.post<CreatedToken>("/auth/tokens", body);
export const revokeToken = (id: string) => api.delete(`/auth/tokens/${id}`);
