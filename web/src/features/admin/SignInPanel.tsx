import { useEffect, useId, useState } from "react";
import { errorMessage } from "../../shared/api";
import { ConfirmDialog } from "../../shared/ConfirmDialog";
import { LeaveGuard } from "../../shared/LeaveGuard";
import { fromFullSettings, useSession } from "../../shared/session";
import type { TenantSettings } from "../../shared/sessionApi";
import { announce, ErrorNotice, Loading, Notice, useLoad } from "../../shared/ui";
import { getSettings, getSignInValues, saveSettings, type SettingsPatch, type SignInValues } from "./api";
import { OidcCard } from "./OidcCard";
import { SamlCard } from "./SamlCard";
import { oidcDraftOf, samlDraftOf, sameDraft, type OidcDraft, type SamlDraft } from "./signInForm";
import "./admin.css";

/**
 * Admin › Company sign-in: the tenant's own identity provider (OpenID Connect, SAML, or both) and
 * whether it is the only way in. Only owners change it (the server refuses admins with 403), so
 * an admin sees it read-only from the start.
 */
export function SignInPanel() {
  const { me, tenantName, setSettings: setPublicSettings } = useSession();
  const canEdit = me?.user.role === "owner";
  const loaded = useLoad((signal) => Promise.all([getSettings(signal), getSignInValues(signal)]), []);
  const [settings, setSettings] = useState<TenantSettings | null>(null);
  const [values, setValues] = useState<SignInValues | null>(null);
  const [oidcDraft, setOidcDraft] = useState<OidcDraft>(oidcDraftOf(null));
  const [samlDraft, setSamlDraft] = useState<SamlDraft>(samlDraftOf(null));
  useEffect(() => {
    if (!loaded.data) return;
    const [loadedSettings, loadedValues] = loaded.data;
    setSettings(loadedSettings);
    setValues(loadedValues);
    setOidcDraft(oidcDraftOf(loadedSettings.auth.oidc));
    setSamlDraft(samlDraftOf(loadedSettings.auth.saml));
  }, [loaded.data]);

  const unsaved = settings
    ? [!sameDraft(oidcDraft, oidcDraftOf(settings.auth.oidc)) && "OpenID Connect", !sameDraft(samlDraft, samlDraftOf(settings.auth.saml)) && "SAML"].filter(
        (title): title is string => Boolean(title),
      )
    : [];
  const guard = <LeaveGuard unsaved={canEdit ? unsaved : []} />;
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!settings || !values) return <Loading />;

  /** Saves a patch; the provider it names shows what is now saved (the secret box empty again), the other keeps its typing. */
  const save = async (patch: SettingsPatch) => {
    const result = await saveSettings(patch);
    setSettings(result);
    setPublicSettings(fromFullSettings(result));
    if (patch.auth && "oidc" in patch.auth) setOidcDraft(oidcDraftOf(result.auth.oidc));
    if (patch.auth && "saml" in patch.auth) setSamlDraft(samlDraftOf(result.auth.saml));
    // The SAML entity ID follows auth.saml.issuer.
    setValues(await getSignInValues().catch(() => values));
    return result;
  };
  const cardProps = { settings, values, canEdit, save };

  return (
    <div className="settings-page sign-in-settings">
      <h1>Company sign-in</h1>
      <p className="hint">
        People sign in with your organisation&apos;s identity provider, through OpenID Connect, SAML, or both. Each part below saves on its own.
      </p>
      {!canEdit && <Notice kind="info">Only an owner of the organisation can change how its people sign in, so you see these settings read-only.</Notice>}
      <RequireSsoCard settings={settings} canEdit={canEdit} organisation={tenantName ?? "your organisation"} save={save} />
      <OidcCard {...cardProps} draft={oidcDraft} setDraft={setOidcDraft} />
      <SamlCard {...cardProps} draft={samlDraft} setDraft={setSamlDraft} />
      {guard}
    </div>
  );
}

/** The switch that turns off demo, GitHub and Google sign-in for the tenant: on only after a confirmation. */
function RequireSsoCard({
  settings,
  canEdit,
  organisation,
  save,
}: {
  settings: TenantSettings;
  canEdit: boolean;
  organisation: string;
  save: (patch: SettingsPatch) => Promise<unknown>;
}) {
  const headingId = useId();
  const hintId = useId();
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const { requireSso, oidc, saml } = settings.auth;
  const configured = oidc !== null || saml !== null;
  const labels = [oidc?.buttonLabel, saml?.buttonLabel].filter((label): label is string => Boolean(label));

  const change = async (required: boolean) => {
    setSaving(true);
    setStatus(null);
    try {
      await save({ auth: { requireSso: required } });
      const text = required
        ? "Company sign-in is now required."
        : "Company sign-in is no longer required: demo, GitHub and Google sign-in work again where the server offers them.";
      setStatus({ kind: "success", text });
      announce(required ? "Company sign-in required" : "Company sign-in no longer required");
    } catch (caught) {
      setStatus({ kind: "error", text: errorMessage(caught) });
    } finally {
      setSaving(false);
    }
  };

  const hint = !configured
    ? "Save an OpenID Connect or SAML provider below first."
    : requireSso
      ? "On: people sign in only with the company account. Demo, GitHub and Google sign-in are off."
      : "Off: people may also sign in with demo accounts, GitHub or Google, where the server offers them.";

  return (
    <section className="card settings-section" aria-labelledby={headingId}>
      <div className="settings-section-header">
        <h2 id={headingId}>Company sign-in only</h2>
      </div>
      <div className="checkbox-field">
        <label className="checkbox">
          <input
            type="checkbox"
            role="switch"
            checked={requireSso}
            disabled={!canEdit || saving || (!requireSso && !configured)}
            aria-describedby={hintId}
            onChange={(event) => (event.target.checked ? setConfirming(true) : void change(false))}
          />{" "}
          Require company sign-in
        </label>
        <div id={hintId} className="hint">
          {hint}
        </div>
      </div>
      {status && <Notice kind={status.kind}>{status.text}</Notice>}
      {confirming && (
        <ConfirmDialog
          title="Require company sign-in?"
          confirmLabel="Require company sign-in"
          onConfirm={() => change(true)}
          onClose={() => setConfirming(false)}
        >
          <p>
            Demo, GitHub and Google sign-in stop for everyone in {organisation}, you included. From then on people sign in with{" "}
            {labels.map((label) => `“${label}”`).join(" or ")}.
          </p>
          <p>Sessions already open and API tokens keep working until they end or are revoked.</p>
          <p>Run a test sign-in first, so you know the company sign-in works.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
