import * as oidc from "openid-client";
import { AppError, isAppError } from "../../platform/errors.js";
import { describeError } from "./auth.oidc.client.js";

export function stateInvalid(): AppError {
  return new AppError(
    "OAUTH_STATE_INVALID",
    403,
    "This sign-in could not be verified: it was started in another browser, already used, or expired. Start the sign-in again.",
  );
}

/** Failures that say the provider could not be asked, not that it said no. */
// oauth4webapi's codes (openid-client passes them on without exporting their names).
const UNREACHABLE = new Set([
  "OAUTH_RESPONSE_IS_NOT_JSON",
  "OAUTH_RESPONSE_IS_NOT_CONFORM",
  "OAUTH_HTTP_REQUEST_FORBIDDEN",
  "OAUTH_REQUEST_PROTOCOL_FORBIDDEN",
]);

function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "TimeoutError" || error.name === "AbortError") return true;
  if (error.name === "TypeError" && (error as { cause?: unknown }).cause !== undefined) return true;
  return UNREACHABLE.has((error as { code?: string }).code ?? "");
}

/**
 * What a failed code exchange means for the person signing in: the provider's refusal (a
 * cancelled sign-in, a bad code or client) and a token that fails a check are 401 with the reason;
 * only a provider that cannot be asked is 502.
 */
export function oidcFailure(error: unknown, issuer: string): AppError {
  if (isAppError(error)) return error;
  const origin = new URL(issuer).origin;
  if (error instanceof oidc.AuthorizationResponseError) {
    if (error.error === "access_denied")
      return new AppError("OAUTH_DENIED", 401, "Sign-in was cancelled at your company's sign-in page. Try again to continue.");
    return new AppError("OAUTH_FAILED", 401, `Your company's sign-in refused the sign-in (${error.error.slice(0, 60)}). Start the sign-in again.`);
  }
  // A token endpoint refusing the client's credentials may say so in WWW-Authenticate (RFC 6749 §5.2).
  const challenged =
    error instanceof oidc.WWWAuthenticateChallengeError ? error.cause.find((challenge) => challenge.parameters.error)?.parameters.error : undefined;
  const refusal = error instanceof oidc.ResponseBodyError ? error.error : challenged;
  if (refusal) {
    if (refusal === "invalid_client" || refusal === "unauthorized_client") {
      return new AppError(
        "OAUTH_FAILED",
        401,
        `Invalid client: ${origin} did not accept this tenant's client ID or secret. An owner must correct the OpenID Connect settings.`,
      );
    }
    if (refusal === "invalid_grant") {
      return new AppError("OAUTH_FAILED", 401, `${origin} did not accept the sign-in code (it is invalid, expired or already used). Start the sign-in again.`);
    }
    return new AppError("OAUTH_FAILED", 401, `${origin} refused the sign-in (${refusal.slice(0, 60)}). Start the sign-in again.`);
  }
  if (isUnreachable(error)) {
    return new AppError(
      "OAUTH_PROVIDER_UNAVAILABLE",
      502,
      `${origin} could not be reached or answered unexpectedly (${describeError(error)}). Try again in a moment.`,
    );
  }
  return new AppError("OIDC_TOKEN_INVALID", 401, `The sign-in from ${origin} failed a check and was refused (${describeError(error)}).`);
}
