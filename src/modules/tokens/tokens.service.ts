import { createHash, randomBytes } from "node:crypto";
import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import type { BearerIdentity } from "../../platform/context.js";
import { recordAudit } from "../audit/index.js";
import { countUserTokens, deleteUserToken, findTokenByHash, insertToken, listUserTokens, touchToken } from "./tokens.repository.js";
import { DEFAULT_TOKEN_DAYS, type TokenScope } from "./tokens.schemas.js";

/**
 * Personal API tokens for the bearer form of the API (CONTRACT §6). The secret is shown once, at
 * creation; only its SHA-256 is stored (a 256-bit random secret needs no slow hash). A token acts
 * as its user, with the user's current role, in the user's tenant, until it expires or is revoked,
 * and stops at once when the user is deactivated or deleted.
 */
export const TOKEN_PREFIX = "qa_pat_";
const SECRET_BYTES = 32;
const SHOWN_PREFIX_LENGTH = TOKEN_PREFIX.length + 6;
export const MAX_TOKENS_PER_USER = 50;
const DAY_MS = 24 * 3600 * 1000;
const TOKEN_SHAPE = new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** A new random secret with its kind's prefix (API and SCIM tokens): 256 bits, base64url. */
export function mintTokenSecret(prefix: string): string {
  return `${prefix}${randomBytes(SECRET_BYTES).toString("base64url")}`;
}

function signedInUser(ctx: RequestContext) {
  if (!ctx.user) throw errors.unauthenticated();
  return ctx.user;
}

export function createTokenService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  async function create(ctx: RequestContext, input: { name: string; expiresInDays?: number | null; scope?: TokenScope }) {
    const user = signedInUser(ctx);
    // A leaked token must not be able to mint its own successors: new tokens need a session.
    if (ctx.authMethod === "bearer") throw errors.forbidden("API tokens can only be created from a signed-in session, not with another token.");
    const secret = mintTokenSecret(TOKEN_PREFIX);
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + (input.expiresInDays ?? DEFAULT_TOKEN_DAYS) * DAY_MS);
    const scope = input.scope ?? "full";
    const record = await db.transaction(async (trx) => {
      if ((await countUserTokens(trx, ctx.tenant.id, user.id)) >= MAX_TOKENS_PER_USER) {
        throw errors.conflict("TOKEN_LIMIT", `You already have ${MAX_TOKENS_PER_USER} API tokens; revoke one you no longer use first.`);
      }
      const token = await insertToken(trx, {
        tenantId: ctx.tenant.id,
        userId: user.id,
        name: input.name,
        tokenHash: hashToken(secret),
        tokenPrefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
        scope,
        createdAt: now,
        expiresAt,
      });
      await recordAudit(trx, ctx, {
        action: "api_token.create",
        entityType: "api_token",
        entityId: token.id,
        after: { name: token.name, prefix: token.prefix, scope: token.scope, expiresAt: token.expiresAt },
      });
      return token;
    });
    return { id: record.id, name: record.name, token: secret, scope: record.scope, createdAt: record.createdAt, expiresAt: record.expiresAt };
  }

  async function list(ctx: RequestContext) {
    const user = signedInUser(ctx);
    const tokens = await listUserTokens(db, ctx.tenant.id, user.id);
    const now = clock.now().getTime();
    return tokens.map((token) => ({
      id: token.id,
      name: token.name,
      prefix: token.prefix,
      scope: token.scope,
      createdAt: token.createdAt,
      expiresAt: token.expiresAt,
      lastUsedAt: token.lastUsedAt,
      expired: new Date(token.expiresAt).getTime() <= now,
    }));
  }

  async function revoke(ctx: RequestContext, id: string): Promise<void> {
    const user = signedInUser(ctx);
    await db.transaction(async (trx) => {
      const removed = await deleteUserToken(trx, ctx.tenant.id, user.id, id);
      if (!removed) throw errors.notFound("API token");
      await recordAudit(trx, ctx, {
        action: "api_token.revoke",
        entityType: "api_token",
        entityId: removed.id,
        before: { name: removed.name, prefix: removed.prefix, scope: removed.scope, expiresAt: removed.expiresAt },
      });
    });
  }

  /** The token's owner and tenant, or null for an unknown, revoked or expired token. */
  async function authenticate(secret: string): Promise<BearerIdentity | null> {
    if (!TOKEN_SHAPE.test(secret)) return null;
    const token = await findTokenByHash(db, hashToken(secret));
    if (!token) return null;
    const now = clock.now();
    const expiresAt = new Date(token.expiresAt).getTime();
    if (expiresAt <= now.getTime()) return null;
    if (!token.lastUsedAt || now.getTime() - new Date(token.lastUsedAt).getTime() >= TOUCH_INTERVAL_MS) {
      await touchToken(db, token.tenantId, token.id, now);
    }
    return { tokenId: token.id, tenantId: token.tenantId, userId: token.userId, scope: token.scope, expiresAt };
  }

  return { create, list, revoke, authenticate };
}

export type TokenService = ReturnType<typeof createTokenService>;
