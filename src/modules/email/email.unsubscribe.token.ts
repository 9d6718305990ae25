import { createHmac, timingSafeEqual } from "node:crypto";
import { isUuid } from "../../platform/validation.js";

// Versioned, so a later format cannot be confused with this one.
const PURPOSE = "email-unsubscribe:v1";

function signature(secret: string, tenantId: string, userId: string): Buffer {
  return createHmac("sha256", secret).update(`${PURPOSE}:${tenantId}:${userId}`).digest();
}

/**
 * The per-user unsubscribe token: tenant id, user id and an HMAC of both under the session
 * secret. It does not expire (an old email's link keeps working, as people expect) and needs no
 * storage; rotating SESSION_SECRET invalidates every link sent before.
 */
export function createUnsubscribeToken(secret: string, tenantId: string, userId: string): string {
  const [tenant, user] = [tenantId.toLowerCase(), userId.toLowerCase()];
  return `${tenant}.${user}.${signature(secret, tenant, user).toString("base64url")}`;
}

export function verifyUnsubscribeToken(secret: string, token: unknown): { tenantId: string; userId: string } | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const [tenantId, userId, mac, ...rest] = token.split(".");
  if (rest.length || !tenantId || !userId || !mac || !isUuid(tenantId) || !isUuid(userId)) return null;
  const expected = signature(secret, tenantId.toLowerCase(), userId.toLowerCase());
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { tenantId: tenantId.toLowerCase(), userId: userId.toLowerCase() };
}

export function unsubscribeUrl(baseUrl: string, secret: string, tenantId: string, userId: string): string {
  return `${baseUrl}/email/unsubscribe?token=${encodeURIComponent(createUnsubscribeToken(secret, tenantId, userId))}`;
}
