import { errors } from "../../platform/errors.js";
import { normalizeUserText, userTextProblem, type UserTextBounds } from "../../platform/text.constants.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";

/** A question body's bounds: the tenant's, in visible characters (CONTRACT §3). */
function bodyBounds(settings: TenantSettings): UserTextBounds {
  return { min: settings.questions.minLength, max: settings.questions.maxLength, multiline: true };
}

/**
 * A question body as stored (CONTRACT §3): NFC, without bidi controls, trimmed, with between the
 * tenant's `questions.minLength` and `questions.maxLength` visible characters, so a body of
 * zero-width or blank characters is refused. NUL and other control characters (except tab and
 * line breaks) are refused: PostgreSQL cannot store NUL, and the others only hide text from
 * moderators. The bounds depend on the tenant, so the service checks them, not the zod schema.
 */
export function normalizeBody(raw: string, settings: TenantSettings): string {
  const body = normalizeUserText(raw);
  const problem = userTextProblem(body, bodyBounds(settings));
  if (problem) throw errors.validation([{ path: "body.body", message: problem }], `The question ${problem}.`);
  return body;
}
