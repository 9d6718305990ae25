import type { Config } from "../../config.js";
import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { AppError, isAppError } from "../../platform/errors.js";
import type { Logger } from "../../platform/logger.js";
import type { TenantDirectory, TenantWithSettings } from "../tenants/index.js";
import { companySignInNotConfigured, serviceProviderValues, testerOf, type CompanySignIn } from "./auth.sso.js";
import { samlIdentity } from "./auth.saml.identity.js";
import {
  authnRequestUrl,
  newSamlRequestId,
  openSamlResponse,
  samlInvalid,
  samlRequestInvalid,
  SAML_REQUEST_LIFETIME_MS,
  serviceProviderMetadata,
  verifySamlResponse,
  type SamlIdentityProvider,
  type SamlServiceProvider,
} from "./auth.saml.protocol.js";
import { consumeSamlRequest, findSamlRequest, insertSamlRequest, recordUsedAssertion } from "./auth.saml.repository.js";

/**
 * SAML sign-in for a tenant (CONTRACT §10). The answer comes back as a cross-site POST without
 * our session cookie: what the sign-in needs afterwards (tenant, returnTo, the admin testing) is
 * kept with the request's random ID, which the signed answer must name.
 */
export function createSamlService(deps: { db: Database; tenants: TenantDirectory; config: Config; clock: Clock; logger: Logger }) {
  const { db, tenants, config, clock, logger } = deps;

  function configured(target: TenantWithSettings): { idp: SamlIdentityProvider; sp: SamlServiceProvider } {
    const idp = target.settings.auth.saml;
    if (!idp) throw companySignInNotConfigured("saml", target.tenant.name);
    const { entityId, acsUrl } = serviceProviderValues(config.baseUrl, target.tenant, target.settings).saml;
    return { idp, sp: { entityId, acsUrl } };
  }

  /** The identity provider's address with a new AuthnRequest; `test`: only an admin or owner of the tenant. */
  async function start(ctx: RequestContext, target: TenantWithSettings, input: { returnTo: string | null; test: boolean }): Promise<string> {
    const { idp, sp } = configured(target);
    const testBy = input.test ? testerOf(ctx, target) : null;
    const requestId = newSamlRequestId();
    const now = clock.now();
    const location = await authnRequestUrl(idp, sp, requestId);
    await insertSamlRequest(
      db,
      { requestId, tenantId: target.tenant.id, returnTo: input.returnTo, testBy, expiresAt: new Date(now.getTime() + SAML_REQUEST_LIFETIME_MS) },
      now,
    );
    return location;
  }

  function metadata(target: TenantWithSettings): string {
    return serviceProviderMetadata(configured(target).sp);
  }

  /** The tenant a posted answer is for, for counting sign-in attempts; null when it names no pending request. */
  async function answeredTenantId(samlResponse: unknown): Promise<string | null> {
    if (typeof samlResponse !== "string") return null;
    try {
      const { inResponseTo } = openSamlResponse(samlResponse);
      return inResponseTo ? ((await findSamlRequest(db, inResponseTo, clock.now()))?.tenantId ?? null) : null;
    } catch {
      return null;
    }
  }

  /** Verifies the identity provider's answer and uses up its request: who signs in, where to. */
  async function complete(samlResponse: string): Promise<CompanySignIn> {
    const envelope = openSamlResponse(samlResponse);
    if (!envelope.inResponseTo)
      throw samlRequestInvalid("This response answers no sign-in started here (sign-in started at the identity provider is not supported).");
    const now = clock.now();
    const pending = await findSamlRequest(db, envelope.inResponseTo, now);
    if (!pending) throw samlRequestInvalid("This sign-in is unknown, expired or already used.");
    const target = await tenants.resolve(pending.tenantId);
    if (!target) throw new AppError("TENANT_NOT_FOUND", 404, "The organisation this sign-in was for no longer exists.");
    // The tenant's SAML settings as they are now: removed meanwhile, the sign-in is refused.
    const { idp, sp } = configured(target);
    let verified;
    try {
      verified = await verifySamlResponse(idp, sp, pending.requestId, envelope, now);
    } catch (error) {
      if (isAppError(error) && error.code === "SAML_INVALID") {
        logger.warn({ tenantId: target.tenant.id, details: error.details }, "SAML response refused");
      }
      throw error;
    }
    if (!(await consumeSamlRequest(db, pending.requestId, target.tenant.id, now)))
      throw samlRequestInvalid("This sign-in is unknown, expired or already used.");
    const fresh = await recordUsedAssertion(db, { tenantId: target.tenant.id, assertionId: verified.assertionId, expiresAt: verified.rememberUntil }, now);
    if (!fresh) {
      logger.warn({ tenantId: target.tenant.id, details: [{ reason: "replayed" }] }, "SAML response refused");
      throw samlInvalid("replayed", "this assertion was already used.");
    }
    const identity = samlIdentity(verified);
    if (!identity) {
      throw new AppError(
        "EMAIL_REQUIRED",
        403,
        "Your company's sign-in (SAML) did not send an email address: its administrator must send one as the NameID (emailAddress) or as an `email` attribute.",
      );
    }
    return {
      provider: "saml",
      target,
      identity,
      returnTo: pending.returnTo,
      claims: { Issuer: verified.issuer, NameID: verified.nameId, "NameID Format": verified.nameIdFormat, ...verified.attributes },
      testBy: pending.testBy,
    };
  }

  return { start, metadata, answeredTenantId, complete };
}

export type SamlService = ReturnType<typeof createSamlService>;
