import { useEffect, useState } from "react";
import type { SignupPolicy } from "@server/platform/tenant-settings.constants";
import type { TenantSettings } from "../../shared/sessionApi";
import { Field } from "../../shared/ui";

type Users = TenantSettings["users"];

/** Every policy of the server's SIGNUP_POLICIES, most restrictive first. */
const POLICIES: Record<SignupPolicy, { label: string; hint: string }> = {
  invite: { label: "Only people an admin adds", hint: "Add people under Users; they sign in with GitHub or Google using that email address." },
  domains: {
    label: "Anyone with an address at these domains",
    hint: "A verified GitHub or Google address at one of the domains below joins at the first sign-in.",
  },
  open: {
    label: "Anyone with a GitHub or Google account",
    hint: "Anybody in the world who signs in becomes a member and can read everything members read.",
  },
};

/** Domains as people type them: one per line or separated by commas, spaces or @ signs. */
function parseDomains(text: string): string[] {
  return text
    .split(/[\s,;@]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
}

/** Who may join by signing in with GitHub or Google for the first time (users.signup). */
export function SignupFieldset({
  users,
  onChange,
  errorOf,
}: {
  users: Users;
  onChange: <K extends keyof Users>(key: K, value: Users[K]) => void;
  /** The message for a field the server refused, by its settings path. */
  errorOf: (path: string) => string | undefined;
}) {
  const [text, setText] = useState(users.allowedEmailDomains.join("\n"));
  // Follow a saved or reloaded value, but not while the admin is typing a different spelling of it.
  useEffect(() => {
    if (parseDomains(text).join() !== users.allowedEmailDomains.join()) setText(users.allowedEmailDomains.join("\n"));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [users.allowedEmailDomains]);
  const current = POLICIES[users.signup];

  return (
    <fieldset>
      <legend>Who may sign up</legend>
      <Field label="New people may join" hint={current?.hint} error={errorOf("users.signup")}>
        {(props) => (
          <select {...props} value={users.signup} onChange={(event) => onChange("signup", event.target.value as SignupPolicy)}>
            {Object.entries(POLICIES).map(([value, policy]) => (
              <option key={value} value={value}>
                {policy.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {users.signup === "domains" && (
        <Field
          label="Allowed email domains"
          hint="One per line, for example example.com. Subdomains are not included unless listed."
          error={errorOf("users.allowedEmailDomains")}
        >
          {(props) => (
            <textarea
              {...props}
              rows={3}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                onChange("allowedEmailDomains", parseDomains(event.target.value));
              }}
            />
          )}
        </Field>
      )}
      <p className="hint">People who already have an account here, and people an admin added, can always sign in.</p>
    </fieldset>
  );
}
