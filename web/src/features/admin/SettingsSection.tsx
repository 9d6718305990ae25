import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import type { TenantSettings } from "../../shared/sessionApi";
import { announce, Notice } from "../../shared/ui";
import { saveSettings } from "./api";
import { changedPaths, fieldErrorsOf, notSavedText, patchOf, type FieldErrors, type SettingPath } from "./settingsForm";

export interface SectionSpec {
  id: string;
  title: string;
  /** The primary button's words: says what is saved, as several Save buttons share the page. */
  saveLabel: string;
  paths: SettingPath[];
}

/**
 * One section of Settings as its own form: it saves only its own changed fields (the server
 * deep-merges them), says "saved" beside its own button, and puts a refusal on the field concerned.
 */
export function SettingsSection({
  spec,
  saved,
  draft,
  onSaved,
  onDiscard,
  onErrors,
  children,
}: {
  spec: SectionSpec;
  saved: TenantSettings;
  draft: TenantSettings;
  onSaved: (result: TenantSettings) => void;
  onDiscard: () => void;
  onErrors: (errors: FieldErrors) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const dirty = changedPaths(saved, draft, spec.paths).length > 0;
  // A new edit makes the last "saved" stale.
  useEffect(() => {
    if (dirty) setStatus((current) => (current?.kind === "success" ? null : current));
  }, [dirty]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setStatus(null);
    onErrors({});
    try {
      onSaved(await saveSettings(patchOf(saved, draft, spec.paths)));
      setStatus({ kind: "success", text: `${spec.title} saved.` });
      announce(`${spec.title} saved`);
    } catch (caught) {
      const { fields, rest } = fieldErrorsOf(caught, spec.paths, draft);
      onErrors(fields);
      setStatus({ kind: "error", text: notSavedText(rest, Object.keys(fields).length, caught) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form id={spec.id} className="card settings-section" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <div className="settings-section-header">
        <h2 id={headingId}>{spec.title}</h2>
        {dirty && <span className="pill pill-neutral">Unsaved changes</span>}
      </div>
      {children}
      {status && <Notice kind={status.kind}>{status.text}</Notice>}
      <div className="row settings-section-actions">
        <button type="submit" disabled={saving || !dirty}>
          {saving ? "Saving…" : spec.saveLabel}
        </button>
        {dirty && (
          <button
            type="button"
            className="button-link"
            onClick={() => {
              onDiscard();
              setStatus(null);
            }}
          >
            Discard changes
          </button>
        )}
      </div>
    </form>
  );
}
