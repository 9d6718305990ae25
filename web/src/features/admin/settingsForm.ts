import { ApiError, errorMessage } from "../../shared/api";
import type { TenantSettings } from "../../shared/sessionApi";

/**
 * Settings › one form per section. A section names its fields by dotted path ("questions.maxLength"),
 * the same paths the server's VALIDATION_FAILED details use (after "body."), so a refusal lands on
 * the field it is about.
 */
export type SettingPath = string;

export function valueAt(settings: TenantSettings, path: SettingPath): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], settings);
}

export function withValue(settings: TenantSettings, path: SettingPath, value: unknown): TenantSettings {
  const [head, ...rest] = path.split(".");
  const node = settings as unknown as Record<string, unknown>;
  if (!head) return settings;
  if (rest.length === 0) return { ...node, [head]: value } as unknown as TenantSettings;
  return { ...node, [head]: withValue(node[head] as TenantSettings, rest.join("."), value) } as unknown as TenantSettings;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function changedPaths(saved: TenantSettings, draft: TenantSettings, paths: SettingPath[]): SettingPath[] {
  return paths.filter((path) => !same(valueAt(saved, path), valueAt(draft, path)));
}

/** Only this section's changed fields: the server deep-merges, so every other value stays as saved. */
export function patchOf(saved: TenantSettings, draft: TenantSettings, paths: SettingPath[]): Record<string, unknown> {
  let patch = {} as TenantSettings;
  for (const path of changedPaths(saved, draft, paths)) patch = withValue(patch, path, valueAt(draft, path));
  return patch as unknown as Record<string, unknown>;
}

/**
 * After one section saved: the server's whole answer, except the fields of other sections the
 * admin has changed and not saved yet, which stay as typed.
 */
export function mergeAfterSave(result: TenantSettings, saved: TenantSettings, draft: TenantSettings, otherPaths: SettingPath[]): TenantSettings {
  let next = result;
  for (const path of changedPaths(saved, draft, otherPaths)) next = withValue(next, path, valueAt(draft, path));
  return next;
}

export type FieldErrors = Record<SettingPath, string>;

/** The server's refusal as messages on this section's fields, and what no field of it can show. */
export function fieldErrorsOf(error: unknown, paths: SettingPath[], draft: TenantSettings): { fields: FieldErrors; rest: string[] } {
  const fields: FieldErrors = {};
  const rest: string[] = [];
  if (!(error instanceof ApiError) || error.code !== "VALIDATION_FAILED" || error.details.length === 0) return { fields, rest };
  for (const detail of error.details) {
    const raw = (detail.path ?? "").replace(/^body\.?/, "");
    // "users.allowedEmailDomains.1" is about the list field.
    const path = paths.find((candidate) => raw === candidate || raw.startsWith(`${candidate}.`));
    const message = humanMessage(raw, detail.message ?? "", draft);
    if (path) fields[path] ??= message;
    else rest.push(message);
  }
  return { fields, rest };
}

/**
 * A refusal of one connection's form (an identity provider, a Slack app): messages keyed by the
 * form's own field names (the settings' names under `prefix`), and what no field shows, where a
 * rule of another setting (`rules`, by its path) is said in words for the person who pressed the button.
 */
export function connectionErrors(
  error: unknown,
  prefix: SettingPath,
  fields: readonly string[],
  rules: Record<SettingPath, string>,
  settings: TenantSettings,
): { fields: FieldErrors; rest: string[] } {
  const at = `${prefix}.`;
  const found = fieldErrorsOf(error, [...fields.map((field) => at + field), ...Object.keys(rules)], settings);
  const byField = Object.fromEntries(
    Object.entries(found.fields)
      .filter(([path]) => path.startsWith(at))
      .map(([path, message]) => [path.slice(at.length), message]),
  );
  const ruled = Object.entries(rules)
    .filter(([path]) => found.fields[path])
    .map(([, message]) => message);
  return { fields: byField, rest: [...ruled, ...found.rest] };
}

/**
 * The server's wording is for API clients ("must not exceed questions.maxLength", "Too big:
 * expected number to be <=720"); a person reads what to enter instead.
 */
export function humanMessage(path: string, message: string, draft: TenantSettings): string {
  if (path === "questions.minLength" && /questions\.maxLength/.test(message)) {
    return `Must be at most the longest question allowed (${draft.questions.maxLength}).`;
  }
  if (path === "users.allowedEmailDomains" && /at least one domain/.test(message)) {
    return "Add at least one domain, or choose who may join differently.";
  }
  if (path.startsWith("users.allowedEmailDomains.")) {
    const index = Number(path.split(".").pop());
    const domain = draft.users.allowedEmailDomains[index];
    return `${domain ? `“${domain}”` : "Each line"} must be a domain such as example.com.`;
  }
  if (path === "pulse.channelSlack" && /connect a Slack app/i.test(message)) return "Connect Slack in Admin › Integrations first.";
  if (/expected string to have >=?1 character/i.test(message)) return "Fill this in.";
  const atMost = /<=?\s*([\d_,]+)/.exec(message);
  if (/too big/i.test(message) && /expected string/i.test(message) && atMost) return `Must be at most ${atMost[1]} characters.`;
  if (/too big/i.test(message) && atMost) return `Must be at most ${atMost[1]}.`;
  const atLeast = />=?\s*([\d_,]+)/.exec(message);
  if (/too small/i.test(message) && atLeast) return `Must be at least ${atLeast[1]}.`;
  if (/expected int/i.test(message)) return "Must be a whole number.";
  if (/expected number/i.test(message)) return "Enter a number.";
  if (/http\(s\) URL|Invalid URL/i.test(message)) return "Enter a web address starting with https://.";
  if (/hex colour/i.test(message)) return "Pick a colour.";
  if (/HH:mm/.test(message)) return "Enter a time such as 09:00.";
  if (/Invalid UUID/i.test(message)) return "Choose a team from the list.";
  // Whatever is left, without the dotted names of the API.
  const plain = message.replace(/\b[a-z]+\.[a-zA-Z.]+\b/g, "another setting");
  return plain.charAt(0).toUpperCase() + plain.slice(1) + (/[.!?]$/.test(plain) ? "" : ".");
}

/** What a refused save says beside its button: the messages no field took, else how many fields are marked. */
export function notSavedText(rest: string[], marked: number, caught: unknown): string {
  if (rest.length) return rest.join(" ");
  if (marked) return `Not saved: ${marked === 1 ? "one field needs" : `${marked} fields need`} a change (marked above).`;
  return errorMessage(caught);
}
