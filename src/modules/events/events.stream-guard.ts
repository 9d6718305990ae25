import type { Store } from "express-session";

/**
 * CONTRACT §4: a stream lives no longer than what opened it. Every few seconds each instance
 * asks, for all its open streams at once, whether their session or token and their user still
 * hold: a logout (the session is gone from the store), a deactivated or deleted user, a revoked
 * or expired token. Asking the shared stores rather than listening for each kind of change
 * covers every path that can end a credential, on every instance, whichever instance made the change.
 */
export interface StreamCredential {
  kind: "session" | "bearer";
  /** The session id or the API token id. */
  id: string;
  /** Epoch ms: the session's fixed expiry or the token's. */
  expiresAt: number;
}

export interface StreamOwner {
  tenantId: string;
  userId: string;
  credential: StreamCredential;
}

export interface StreamGuard {
  /** The owners whose streams must end now. */
  ended(owners: StreamOwner[], now: Date): Promise<Set<StreamOwner>>;
}

export interface StreamGuardDeps {
  /** Of these users, the ids of the ones that exist and are active. */
  activeUserIds(users: Array<{ tenantId: string; userId: string }>): Promise<Set<string>>;
  /** Of these API tokens, the ids of the ones that exist and have not expired. */
  liveTokenIds(tokens: Array<{ tenantId: string; tokenId: string }>, now: Date): Promise<Set<string>>;
  /** The session store, to see which sessions still exist. */
  sessions: Store;
}

/** Session ids still in the store: one MGET on Redis (connect-redis keeps them at prefix + id), else one get each. */
async function liveSessionIds(store: Store, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const redisStore = store as Store & { client?: { mget(...keys: string[]): Promise<Array<string | null>> }; prefix?: string };
  if (redisStore.client && typeof redisStore.client.mget === "function" && typeof redisStore.prefix === "string") {
    const values = await redisStore.client.mget(...ids.map((id) => `${redisStore.prefix}${id}`));
    return new Set(ids.filter((_, i) => values[i] !== null));
  }
  const found = await Promise.all(ids.map((id) => new Promise<boolean>((resolve) => store.get(id, (error, session) => resolve(!error && Boolean(session))))));
  return new Set(ids.filter((_, i) => found[i]));
}

export function createStreamGuard(deps: StreamGuardDeps): StreamGuard {
  return {
    async ended(owners, now) {
      const distinct = <T>(values: T[], key: (value: T) => string) => [...new Map(values.map((value) => [key(value), value])).values()];
      const sessions = [...new Set(owners.filter((owner) => owner.credential.kind === "session").map((owner) => owner.credential.id))];
      const tokens = distinct(
        owners.filter((owner) => owner.credential.kind === "bearer").map((owner) => ({ tenantId: owner.tenantId, tokenId: owner.credential.id })),
        (token) => token.tokenId,
      );
      const [users, liveTokens, liveSessions] = await Promise.all([
        deps.activeUserIds(
          distinct(
            owners.map((owner) => ({ tenantId: owner.tenantId, userId: owner.userId })),
            (user) => user.userId,
          ),
        ),
        deps.liveTokenIds(tokens, now),
        liveSessionIds(deps.sessions, sessions),
      ]);
      const ended = new Set<StreamOwner>();
      for (const owner of owners) {
        const { kind, id, expiresAt } = owner.credential;
        const credentialHolds = expiresAt > now.getTime() && (kind === "session" ? liveSessions.has(id) : liveTokens.has(id));
        if (!credentialHolds || !users.has(owner.userId)) ended.add(owner);
      }
      return ended;
    },
  };
}
