import type { TenantSettings } from "../../shared/sessionApi";
import { Field } from "../../shared/ui";
import type { SettingsPatch, SignInValues } from "./api";
import { CopyValues } from "./CopyValue";
import { ProviderCard, useProviderSave } from "./ProviderCard";
import { DEFAULT_BUTTON_LABEL, samlDraftOf, samlPatch, sameDraft, type SamlDraft } from "./signInForm";

const FIELDS = ["entryPoint", "idpCertificate", "issuer", "buttonLabel"] as const;

/** Admin › Company sign-in › SAML 2.0 (Microsoft Entra ID, Okta, AD FS, OneLogin, Shibboleth). */
export function SamlCard({
  settings,
  values,
  draft,
  setDraft,
  canEdit,
  save,
}: {
  settings: TenantSettings;
  values: SignInValues;
  draft: SamlDraft;
  setDraft: (draft: SamlDraft) => void;
  canEdit: boolean;
  save: (patch: SettingsPatch) => Promise<unknown>;
}) {
  const saved = settings.auth.saml;
  const form = useProviderSave({ provider: "saml", title: "SAML", fields: FIELDS, settings, save });
  const set = <K extends keyof SamlDraft>(key: K, value: SamlDraft[K]) => {
    setDraft({ ...draft, [key]: value });
    form.clearError(key);
  };

  return (
    <ProviderCard
      title="SAML"
      intro="For identity providers that speak SAML 2.0 (Microsoft Entra ID, Okta, AD FS, OneLogin, Shibboleth). Create an application with the values below, or import the metadata URL, then fill in what your provider gives you."
      configured={saved !== null}
      dirty={!sameDraft(draft, samlDraftOf(saved))}
      canEdit={canEdit}
      form={form}
      testUrl={`${values.saml.signInUrl}&test=true`}
      values={
        <CopyValues
          values={[
            { label: "Entity ID (also called Identifier or Audience URI)", name: "entity ID", value: values.saml.entityId },
            { label: "ACS URL (also called Reply URL or Single sign-on URL)", name: "ACS URL", value: values.saml.acsUrl },
            { label: "Metadata URL", name: "metadata URL", value: values.saml.metadataUrl },
          ]}
        />
      }
      removeText={<p>The “{saved?.buttonLabel}” button leaves the sign-in page and nobody can sign in with SAML. Accounts, sessions and API tokens stay.</p>}
      onDiscard={() => setDraft(samlDraftOf(saved))}
      onSubmit={() => void form.submit(samlPatch(draft))}
    >
      <Field label="IdP SSO URL" hint="Where your provider receives sign-in requests (single sign-on URL)." error={form.errors.entryPoint}>
        {(props) => <input {...props} type="url" inputMode="url" value={draft.entryPoint} onChange={(event) => set("entryPoint", event.target.value)} />}
      </Field>
      <Field
        label="IdP signing certificate"
        hint="The certificate your provider signs with, in PEM (-----BEGIN CERTIFICATE-----) or base64."
        error={form.errors.idpCertificate}
      >
        {(props) => (
          <textarea
            {...props}
            className="certificate"
            rows={6}
            value={draft.idpCertificate}
            onChange={(event) => set("idpCertificate", event.target.value)}
            spellCheck={false}
          />
        )}
      </Field>
      <Field
        label="SP entity ID (optional)"
        hint="Leave empty for the default shown; set it only if your provider needs a particular one."
        error={form.errors.issuer}
      >
        {(props) => (
          <input
            {...props}
            value={draft.issuer}
            onChange={(event) => set("issuer", event.target.value)}
            placeholder={values.saml.metadataUrl}
            spellCheck={false}
          />
        )}
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
