import { useId, useState, type FormEvent, type ReactNode } from "react";
import { ConfirmDialog } from "../../shared/ConfirmDialog";
import type { TenantSettings } from "../../shared/sessionApi";
import { announce, Notice } from "../../shared/ui";
import type { SettingsPatch } from "./api";
import { notSavedText, type FieldErrors } from "./settingsForm";
import { providerErrors } from "./signInForm";

type Status = { kind: "success" | "error"; text: string } | null;

/**
 * Saving and removing one identity provider: the refusal's messages on the form's fields, what no
 * field can show in the card's notice.
 */
export function useProviderSave({
  provider,
  title,
  fields,
  settings,
  save,
}: {
  provider: "oidc" | "saml";
  title: string;
  fields: readonly string[];
  settings: TenantSettings;
  save: (patch: SettingsPatch) => Promise<unknown>;
}) {
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const run = async (patch: SettingsPatch, done: "saved" | "removed") => {
    setSaving(true);
    setStatus(null);
    setErrors({});
    try {
      await save(patch);
      setStatus({ kind: "success", text: `${title} ${done}.` });
      announce(`${title} ${done}`);
    } catch (caught) {
      const found = providerErrors(caught, provider, fields, settings);
      setErrors(found.fields);
      setStatus({ kind: "error", text: notSavedText(found.rest, Object.keys(found.fields).length, caught) });
    } finally {
      setSaving(false);
    }
  };

  return {
    saving,
    status,
    errors,
    /** The message was about the old value. */
    clearError: (field: string) =>
      setErrors((current) => (current[field] ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)) : current)),
    clear: () => {
      setErrors({});
      setStatus(null);
    },
    submit: (patch: SettingsPatch) => run(patch, "saved"),
    remove: () => run({ auth: { [provider]: null } }, "removed"),
  };
}

/**
 * One identity provider as a form: its fields (read-only for an admin), the values to enter at the
 * provider, Save, a test sign-in in a new tab once saved, and Remove.
 */
export function ProviderCard({
  title,
  intro,
  configured,
  dirty,
  canEdit,
  form,
  testUrl,
  values,
  removeText,
  onDiscard,
  onSubmit,
  children,
}: {
  title: string;
  intro: ReactNode;
  configured: boolean;
  dirty: boolean;
  canEdit: boolean;
  form: ReturnType<typeof useProviderSave>;
  testUrl: string;
  /** What to enter at the identity provider. */
  values: ReactNode;
  removeText: ReactNode;
  onDiscard: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const testHintId = useId();
  const [removing, setRemoving] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const testHint = !configured
    ? "Save first: the test uses the saved settings."
    : dirty
      ? "The test uses the saved settings, not the changes above."
      : "Opens in a new tab and reports what the provider sent; nobody is signed in.";

  return (
    <section className="card settings-section" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate>
        <div className="settings-section-header">
          <h2 id={headingId}>{title}</h2>
          <span className={`pill ${configured ? "pill-ok" : "pill-neutral"}`}>{configured ? "Set up" : "Not set up"}</span>
          {dirty && canEdit && <span className="pill pill-neutral">Unsaved changes</span>}
        </div>
        <p className="hint">{intro}</p>
        <h3>Enter at your identity provider</h3>
        {values}
        <fieldset disabled={!canEdit || form.saving}>
          <legend>From your identity provider</legend>
          {children}
        </fieldset>
        {form.status && <Notice kind={form.status.kind}>{form.status.text}</Notice>}
        <div className="row settings-section-actions">
          {canEdit && (
            <button type="submit" disabled={form.saving || (configured && !dirty)}>
              {form.saving ? "Saving…" : `Save ${title}`}
            </button>
          )}
          {canEdit && dirty && (
            <button
              type="button"
              className="button-link"
              onClick={() => {
                onDiscard();
                form.clear();
              }}
            >
              Discard changes
            </button>
          )}
          {configured ? (
            <a className="button button-secondary" href={testUrl} target="_blank" rel="noopener noreferrer" aria-describedby={testHintId}>
              Test sign-in
            </a>
          ) : (
            <button type="button" className="button-secondary" disabled aria-describedby={testHintId}>
              Test sign-in
            </button>
          )}
          {canEdit && configured && (
            <button type="button" className="button-danger-quiet" onClick={() => setRemoving(true)} disabled={form.saving}>
              Remove {title}
            </button>
          )}
        </div>
        <p id={testHintId} className="hint">
          {testHint}
        </p>
      </form>
      {removing && (
        <ConfirmDialog title={`Remove ${title}?`} confirmLabel={`Remove ${title}`} onConfirm={form.remove} onClose={() => setRemoving(false)}>
          {removeText}
        </ConfirmDialog>
      )}
    </section>
  );
}
