import { AppError } from "../../platform/errors.js";

/** The same refusal for every way of signing in (demo, GitHub, Google) as a deactivated user. */
export function accountDeactivated(): AppError {
  return new AppError("ACCOUNT_DEACTIVATED", 403, "This account has been deactivated. Ask an administrator of your organisation to reactivate it.");
}
