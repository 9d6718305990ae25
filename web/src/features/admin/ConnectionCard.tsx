import { useId, useState, type FormEvent, type ReactNode } from "react";
import { ConfirmDialog } from "../../shared/ConfirmDialog";
import type { TenantSettings } from "../../shared/sessionApi";
import { announce, Notice } from "../../shared/ui";
import type { SettingsPatch } from "./api";
import { connectionErrors, notSavedText, type FieldErrors, type SettingPath } from "./settingsForm";

type Status = { kind: "success" | "error"; text: string } | null;

/**
 * Saving and removing one connection kept in the settings (an identity provider, a Slack app): the
 * refusal's messages on the form's fields, what no field can show in the card's notice.
 */
export function useConnectionSave({
  title,
  prefix,
  fields,
  rules = {},
  removePatch,
  removedText = `${title} removed`,
  settings,
  save,
}: {
  title: string;
  /** Where the connection sits in the settings ("auth.oidc", "slack"); its fields are named below it. */
  prefix: SettingPath;
  fields: readonly string[];
  /** Another setting's rule that can refuse this form ("auth.requireSso"), in words for the person who pressed the button. */
  rules?: Record<SettingPath, string>;
  removePatch: SettingsPatch;
  /** Said once removed, without the full stop. */
  removedText?: string;
  settings: TenantSettings;
  save: (patch: SettingsPatch) => Promise<unknown>;
}) {
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const run = async (patch: SettingsPatch, done: string) => {
    setSaving(true);
    setStatus(null);
    setErrors({});
    try {
      await save(patch);
      setStatus({ kind: "success", text: `${done}.` });
      announce(done);
    } catch (caught) {
      const found = connectionErrors(caught, prefix, fields, rules, settings);
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
    /** What the form itself can tell before asking the server (a value left empty). */
    refuse: (found: FieldErrors) => {
      setErrors(found);
      setStatus({ kind: "error", text: notSavedText([], Object.keys(found).length, null) });
    },
    submit: (patch: SettingsPatch, done = `${title} saved`) => run(patch, done),
    remove: () => run(removePatch, removedText),
  };
}

export interface ConnectionCardProps {
  title: string;
  intro: ReactNode;
  configured: boolean;
  /** The state pill's words: "Set up" / "Not set up", "Connected" / "Not connected". */
  states: { on: string; off: string };
  dirty: boolean;
  canEdit: boolean;
  form: ReturnType<typeof useConnectionSave>;
  /** What to enter on the other system's side, under this heading. */
  valuesHeading: string;
  values: ReactNode;
  /** The fields' group: what the other system gives. */
  legend: string;
  saveLabel?: string;
  /** "Remove SAML", "Disconnect Slack": also the confirmation's title and button. */
  removeLabel: string;
  removeText: ReactNode;
  /** More buttons, after Save and before the removal. */
  actions?: ReactNode;
  /** Below the buttons (what an action does). */
  footer?: ReactNode;
  onDiscard: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * One connection as a form: its state, the values to enter on the other system's side, the fields
 * it gives back (read-only without the right to change them), Save, and a removal that asks first.
 */
export function ConnectionCard({
  title,
  intro,
  configured,
  states,
  dirty,
  canEdit,
  form,
  valuesHeading,
  values,
  legend,
  saveLabel = `Save ${title}`,
  removeLabel,
  removeText,
  actions,
  footer,
  onDiscard,
  onSubmit,
  children,
}: ConnectionCardProps) {
  const headingId = useId();
  const [removing, setRemoving] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <section className="card settings-section connection-card" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate>
        <div className="settings-section-header">
          <h2 id={headingId}>{title}</h2>
          <span className={`pill ${configured ? "pill-ok" : "pill-neutral"}`}>{configured ? states.on : states.off}</span>
          {dirty && canEdit && <span className="pill pill-neutral">Unsaved changes</span>}
        </div>
        <p className="hint">{intro}</p>
        <h3>{valuesHeading}</h3>
        {values}
        <fieldset disabled={!canEdit || form.saving}>
          <legend>{legend}</legend>
          {children}
        </fieldset>
        {form.status && <Notice kind={form.status.kind}>{form.status.text}</Notice>}
        <div className="row settings-section-actions">
          {canEdit && (
            <button type="submit" disabled={form.saving || (configured && !dirty)}>
              {form.saving ? "Saving…" : saveLabel}
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
          {actions}
          {canEdit && configured && (
            <button type="button" className="button-danger-quiet" onClick={() => setRemoving(true)} disabled={form.saving}>
              {removeLabel}
            </button>
          )}
        </div>
        {footer}
      </form>
      {removing && (
        <ConfirmDialog title={`${removeLabel}?`} confirmLabel={removeLabel} onConfirm={() => form.remove()} onClose={() => setRemoving(false)}>
          {removeText}
        </ConfirmDialog>
      )}
    </section>
  );
}
