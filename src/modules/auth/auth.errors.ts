import { AppError } from "../../platform/errors.js";

/** The same refusal for every way of signing in (demo, GitHub, Google) as a deactivated user. */
export function accountDeactivated(): AppError {
  return new AppError("ACCOUNT_DEACTIVATED", 403, "This account has been deactivated. Ask an administrator of your organisation to reactivate it.");
}

/** A first sign-in the tenant's sign-up policy does not let in (users.signup). */
export function signupNotAllowed(policy: "domains" | "invite", organisation: string): AppError {
  const why =
    policy === "invite"
      ? `${organisation} only lets in people an administrator has added.`
      : `${organisation} only lets in people whose verified email address belongs to one of its domains.`;
  return new AppError("SIGNUP_NOT_ALLOWED", 403, `${why} Ask an administrator of ${organisation} to add you, then sign in again with the same address.`);
}
