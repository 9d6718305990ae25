import { useEffect, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { useSession } from "../../shared/session";
import type { AuthModes } from "../../shared/sessionApi";
import { Field, Notice, useTitle } from "../../shared/ui";
import { companySignInHref, DEMO_SIGN_IN_PATH, fetchTenantModes, fetchTenantName, signInUrl } from "./api";

/** Only a path on this site, so a crafted link cannot bounce a user elsewhere after sign-in. */
function safeReturnTo(value: string | null): string {
  return value && /^\/(?![/\\])/.test(value) && value !== "/login" ? value : "/";
}

const DEMO_DESCRIPTIONS: Record<string, string> = {
  admin: "Administrator: settings, users, audit log",
  moderator: "Moderator: review, answer and present",
  alice: "Member of Engineering",
  bob: "Member of Product",
};

/**
 * The sign-in page, rendered from GET /auth/modes of the organisation typed in (else this
 * address's): its company sign-in first, then GitHub and Google when enabled, demo accounts in
 * development. An organisation that requires company sign-in shows only its company button(s).
 */
export function SignInPage() {
  const { me, modes, tenantName } = useSession();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get("returnTo"));
  useTitle("Sign in");
  // Empty: the organisation of this address (subdomain, or `default`); the server decides.
  const [tenant, setTenant] = useState(params.get("tenant") ?? "");
  const [otherUser, setOtherUser] = useState("");
  const slug = tenant.trim().toLowerCase();
  const tenantValid = slug === "" || /^[a-z0-9-]{1,63}$/.test(slug);
  const answered = useTenantModes(slug, tenantValid, modes, tenantName);
  if (me) return <Navigate to={returnTo} replace />;

  // Until the organisation typed in has answered, its company buttons are unknown: the last
  // organisation's would start another organisation's sign-in.
  const current = tenantValid && answered.slug === slug;
  const shown = answered.modes ?? modes;
  const demoUsers = answered.modes ? answered.modes.demo.users : null;
  const company = current ? companyButtons(shown) : [];
  const required = current && shown.sso.required;
  const query = (extra: Record<string, string>) => new URLSearchParams({ ...extra, ...(slug ? { tenant: slug } : {}), returnTo });
  const demoHref = (username: string) => signInUrl("demo", query({ user: username }));
  const personal = [shown.oauth.github && "GitHub", shown.oauth.google && "Google"].filter(Boolean).join(" or ");

  return (
    <section className="card narrow signin">
      <h1>Sign in to Team Q&amp;A</h1>
      {params.get("error") && <Notice kind="error">Sign-in did not complete: {params.get("error")}</Notice>}
      <Field
        label="Organisation"
        hint={
          modes.demo.enabled ? (
            <>
              Leave empty for this address's organisation. Seeded: <code>default</code> and <code>acme</code>.
            </>
          ) : (
            "Leave empty for this address's organisation."
          )
        }
        error={
          !tenantValid
            ? "Use the organisation's short name: letters, digits and dashes."
            : answered.modes === null
              ? `No organisation is named “${answered.slug}”.`
              : null
        }
      >
        {(props) => (
          <input
            {...props}
            value={tenant}
            onChange={(event) => setTenant(event.target.value)}
            autoComplete="organization"
            placeholder="this address's organisation"
          />
        )}
      </Field>
      {company.length > 0 && (
        <section aria-labelledby="company-heading" className="signin-section">
          <h2 id="company-heading">With your company account</h2>
          {required && <p>{answered.name ?? (slug || "This organisation")} signs in with its company account.</p>}
          <div className="stack">
            {company.map((button) => (
              <a key={button.kind} className="button button-company" href={companySignInHref(button.url, returnTo)}>
                {button.label}
              </a>
            ))}
          </div>
        </section>
      )}
      {!required && (shown.oauth.github || shown.oauth.google) && (
        <section aria-labelledby="oauth-heading" className="signin-section">
          <h2 id="oauth-heading">With {personal}</h2>
          <div className="stack">
            {shown.oauth.github && (
              <a className="button button-provider" href={tenantValid ? signInUrl("github", query({})) : undefined}>
                <svg aria-hidden="true" viewBox="0 0 16 16" width="18" height="18" fill="currentColor">
                  <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z" />
                </svg>
                Sign in with GitHub
              </a>
            )}
            {shown.oauth.google && (
              <a className="button button-provider" href={tenantValid ? signInUrl("google", query({})) : undefined}>
                <svg aria-hidden="true" viewBox="0 0 48 48" width="18" height="18">
                  <path
                    fill="#FFC107"
                    d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
                  />
                  <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
                  <path
                    fill="#4CAF50"
                    d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
                  />
                  <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
                </svg>
                Sign in with Google
              </a>
            )}
          </div>
        </section>
      )}
      {!required && shown.demo.enabled && (
        <section aria-labelledby="demo-heading" className="signin-section">
          <h2 id="demo-heading">Demo accounts</h2>
          <p className="hint">Development mode: sign in as a seeded account, no password.</p>
          <ul className="demo-users">
            {(demoUsers ?? []).map((username) => (
              <li key={username}>
                <a className="demo-user" href={tenantValid ? demoHref(username) : undefined} aria-disabled={!tenantValid}>
                  <span className="demo-user-name">Continue as {username}</span>
                  {DEMO_DESCRIPTIONS[username] && <span className="demo-user-role">{DEMO_DESCRIPTIONS[username]}</span>}
                </a>
              </li>
            ))}
          </ul>
          {/* Every seeded account can sign in by demo mode, not only the four above. A plain GET form: works without JavaScript. */}
          <form method="get" action={DEMO_SIGN_IN_PATH} className="row other-account">
            {slug && <input type="hidden" name="tenant" value={slug} />}
            <input type="hidden" name="returnTo" value={returnTo} />
            <Field label="Another demo account">
              {(props) => (
                <input
                  {...props}
                  name="user"
                  value={otherUser}
                  onChange={(event) => setOtherUser(event.target.value)}
                  autoComplete="username"
                  placeholder="username"
                />
              )}
            </Field>
            <button type="submit" className="button-secondary" disabled={!tenantValid || !otherUser.trim()}>
              Continue
            </button>
          </form>
        </section>
      )}
      {current && answered.modes?.modes.length === 0 && (
        <Notice kind="warning">
          No sign-in mode is enabled for this organisation. Ask your administrator to set up company sign-in (Admin › Company sign-in), or GitHub or Google
          sign-in on the server.
        </Notice>
      )}
    </section>
  );
}

/** The company sign-in buttons /auth/modes lists, OpenID Connect first. */
function companyButtons(modes: AuthModes): Array<{ kind: "oidc" | "saml"; label: string; url: string }> {
  const { oidc, saml } = modes.sso;
  return [...(oidc ? [{ kind: "oidc" as const, ...oidc }] : []), ...(saml ? [{ kind: "saml" as const, ...saml }] : [])];
}

interface TenantModes {
  /** The organisation these modes are of ("": this address's). */
  slug: string;
  /** null: no organisation has that name. */
  modes: AuthModes | null;
  /** Its name, read only when it requires company sign-in (the page then names it). */
  name: string | null;
}

/** GET /auth/modes of the organisation typed in (the address's own are the session's), a moment after typing stops. */
function useTenantModes(slug: string, valid: boolean, modes: AuthModes, tenantName: string | null): TenantModes {
  const [answered, setAnswered] = useState<TenantModes>({ slug: "", modes, name: tenantName });
  useEffect(() => {
    if (!valid) return;
    if (!slug) {
      setAnswered({ slug: "", modes, name: tenantName });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void (async () => {
        const tenantModes = await fetchTenantModes(slug, controller.signal);
        const name = tenantModes?.sso.required ? await fetchTenantName(slug, controller.signal) : null;
        if (!controller.signal.aborted) setAnswered({ slug, modes: tenantModes, name });
      })().catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, valid, modes, tenantName]);
  return answered;
}
