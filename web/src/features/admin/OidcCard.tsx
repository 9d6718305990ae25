import type { TenantSettings } from "../../shared/sessionApi";
import { Field } from "../../shared/ui";
import type { SettingsPatch, SignInValues } from "./api";
import { CopyValues } from "./CopyValue";
import { ProviderCard, useProviderSave } from "./ProviderCard";
import { DEFAULT_BUTTON_LABEL, oidcDraftOf, oidcPatch, sameDraft, type OidcDraft } from "./signInForm";

const FIELDS = ["issuer", "clientId", "clientSecret", "scopes", "buttonLabel"] as const;

/** Admin › Company sign-in › OpenID Connect (Okta, Microsoft Entra ID, Google Workspace, Keycloak, Auth0). */
export function OidcCard({
  settings,
  values,
  draft,
  setDraft,
  canEdit,
  save,
}: {
  settings: TenantSettings;
  values: SignInValues;
  draft: OidcDraft;
  setDraft: (draft: OidcDraft) => void;
  canEdit: boolean;
  save: (patch: SettingsPatch) => Promise<unknown>;
}) {
  const saved = settings.auth.oidc;
  const form = useProviderSave({ provider: "oidc", title: "OpenID Connect", fields: FIELDS, settings, save });
  const set = <K extends keyof OidcDraft>(key: K, value: OidcDraft[K]) => {
    setDraft({ ...draft, [key]: value });
    form.clearError(key);
  };
  const secretHint = saved?.clientSecretSet
    ? draft.removeSecret
      ? "The stored secret will be removed when you save: the client becomes public (PKCE only)."
      : "A secret is stored. Leave empty to keep it, or type a new one to replace it."
    : "Leave empty for a public client (PKCE only). The secret is never shown again once saved.";

  return (
    <ProviderCard
      title="OpenID Connect"
      intro="For Okta, Microsoft Entra ID, Google Workspace, Keycloak, Auth0 and other OpenID providers. Register this app as a web application at your provider, then fill in what it gives you."
      configured={saved !== null}
      dirty={!sameDraft(draft, oidcDraftOf(saved))}
      canEdit={canEdit}
      form={form}
      testUrl={`${values.oidc.signInUrl}&test=true`}
      values={<CopyValues values={[{ label: "Redirect URI (also called callback or reply URL)", name: "redirect URI", value: values.oidc.redirectUri }]} />}
      removeText={
        <p>
          The “{saved?.buttonLabel}” button leaves the sign-in page and nobody can sign in with OpenID Connect. Accounts, sessions and API tokens stay. The
          client secret is deleted.
        </p>
      }
      onDiscard={() => setDraft(oidcDraftOf(saved))}
      onSubmit={() => void form.submit(oidcPatch(draft))}
    >
      <Field label="Issuer URL" hint="For example https://acme.okta.com or https://login.microsoftonline.com/<tenant ID>/v2.0" error={form.errors.issuer}>
        {(props) => <input {...props} type="url" inputMode="url" value={draft.issuer} onChange={(event) => set("issuer", event.target.value)} />}
      </Field>
      <Field label="Client ID" error={form.errors.clientId}>
        {(props) => <input {...props} value={draft.clientId} onChange={(event) => set("clientId", event.target.value)} autoComplete="off" spellCheck={false} />}
      </Field>
      <Field label="Client secret" hint={secretHint} error={form.errors.clientSecret}>
        {(props) => (
          <input
            {...props}
            type="password"
            value={draft.clientSecret}
            onChange={(event) => set("clientSecret", event.target.value)}
            autoComplete="new-password"
            disabled={draft.removeSecret}
          />
        )}
      </Field>
      {saved?.clientSecretSet && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.removeSecret}
            onChange={(event) => setDraft({ ...draft, removeSecret: event.target.checked, clientSecret: event.target.checked ? "" : draft.clientSecret })}
          />{" "}
          Remove secret (public client)
        </label>
      )}
      <Field label="Scopes" hint="Separated by spaces; openid and email are needed." error={form.errors.scopes}>
        {(props) => <input {...props} value={draft.scopes} onChange={(event) => set("scopes", event.target.value)} autoComplete="off" spellCheck={false} />}
      </Field>
      <Field label="Button label" hint="The words on the sign-in page's button." error={form.errors.buttonLabel}>
        {(props) => (
          <input
            {...props}
            value={draft.buttonLabel}
            onChange={(event) => set("buttonLabel", event.target.value)}
            maxLength={60}
            placeholder={DEFAULT_BUTTON_LABEL}
          />
        )}
      </Field>
    </ProviderCard>
  );
}
