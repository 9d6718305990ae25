import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { recordAudit } from "../audit/index.js";
import { hashToken, mintTokenSecret } from "../tokens/index.js";
import { countScimTokens, deleteScimToken, findScimTokenByHash, insertScimToken, listScimTokens, touchScimToken } from "./scim.tokens.repository.js";

/**
 * The bearer tokens an identity provider provisions a tenant with (CONTRACT §10). Hashed as API
 * tokens are; a different prefix keeps the two apart: the API's authentication refuses anything
 * not shaped `qa_pat_...`, and SCIM looks only in its own table.
 */
export const SCIM_TOKEN_PREFIX = "qa_scim_";
const TOKEN_SHAPE = new RegExp(`^${SCIM_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
const SHOWN_PREFIX_LENGTH = SCIM_TOKEN_PREFIX.length + 6;
/** A tenant has an identity provider or two, and a token during a rotation; more is a leak waiting. */
export const MAX_SCIM_TOKENS_PER_TENANT = 10;

export function createScimTokenService(deps: { db: Database; clock: Clock; scimBaseUrl: string }) {
  const { db, clock, scimBaseUrl } = deps;

  async function create(ctx: RequestContext, input: { name: string }) {
    const secret = mintTokenSecret(SCIM_TOKEN_PREFIX);
    const record = await db.transaction(async (trx) => {
      if ((await countScimTokens(trx, ctx.tenant.id)) >= MAX_SCIM_TOKENS_PER_TENANT) {
        throw errors.conflict("TOKEN_LIMIT", `The tenant already has ${MAX_SCIM_TOKENS_PER_TENANT} SCIM tokens; revoke one first.`);
      }
      const token = await insertScimToken(trx, {
        tenantId: ctx.tenant.id,
        name: input.name,
        tokenHash: hashToken(secret),
        tokenPrefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
        createdBy: ctx.user?.id ?? null,
        createdAt: clock.now(),
      });
      await recordAudit(trx, ctx, {
        action: "scim_token.create",
        entityType: "scim_token",
        entityId: token.id,
        after: { name: token.name, prefix: token.prefix },
      });
      return token;
    });
    return { id: record.id, name: record.name, token: secret, createdAt: record.createdAt, scimBaseUrl };
  }

  async function list(ctx: RequestContext) {
    const tokens = await listScimTokens(db, ctx.tenant.id);
    return tokens.map(({ id, name, prefix, createdAt, lastUsedAt }) => ({ id, name, prefix, createdAt, lastUsedAt }));
  }

  async function revoke(ctx: RequestContext, id: string): Promise<void> {
    await db.transaction(async (trx) => {
      const removed = await deleteScimToken(trx, ctx.tenant.id, id);
      if (!removed) throw errors.notFound("SCIM token");
      await recordAudit(trx, ctx, {
        action: "scim_token.revoke",
        entityType: "scim_token",
        entityId: removed.id,
        before: { name: removed.name, prefix: removed.prefix },
      });
    });
  }

  /** The token's id and tenant, or null for anything that is not a live SCIM token. */
  async function authenticate(secret: string): Promise<{ tokenId: string; tenantId: string } | null> {
    if (!TOKEN_SHAPE.test(secret)) return null;
    const token = await findScimTokenByHash(db, hashToken(secret));
    if (!token) return null;
    await touchScimToken(db, token.tenantId, token.id, clock.now());
    return { tokenId: token.id, tenantId: token.tenantId };
  }

  return { create, list, revoke, authenticate, scimBaseUrl };
}

export type ScimTokenService = ReturnType<typeof createScimTokenService>;
