import { useEffect, useState, type FormEvent } from "react";
import { THEMES } from "@server/platform/tenant-settings.constants";
import { errorMessage } from "../../shared/api";
import { fromFullSettings, useSession } from "../../shared/session";
import type { TenantSettings } from "../../shared/sessionApi";
import { TeamSelect } from "../../shared/TeamSelect";
import { THEME_PALETTES } from "../../shared/theme";
import { announce, ErrorNotice, Field, Loading, Notice, useLoad } from "../../shared/ui";
import { HintedCheckbox } from "../pulse/PulseScheduleForm";
import { PulseSettingsFieldset } from "../pulse/PulseSettingsFieldset";
import { getSettings, saveSettings, type SettingsPatch } from "./api";
import { SignupFieldset } from "./SignupFieldset";

type Section = keyof TenantSettings;

/** What visitors (people not signed in) may do under each choice of features.allowAnonymousQuestions. */
const VISITORS = {
  allowed: "Visitors (people not signed in) can read the boards and ask questions, posted anonymously; voting needs sign-in.",
  closed: "Visitors see nothing: everyone signs in first. Signed-in people can still ask without showing their name.",
};

/** Tenant settings: every group of SPEC's table, saved as one deep-merged POST. */
export function SettingsPanel() {
  const { teams, setSettings } = useSession();
  const loaded = useLoad((signal) => getSettings(signal), []);
  const [draft, setDraft] = useState<TenantSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setDraft(loaded.data), [loaded.data]);

  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!draft) return <Loading />;

  function set<S extends Section, K extends keyof TenantSettings[S]>(section: S, key: K, value: TenantSettings[S][K]) {
    setSaved(false);
    setDraft((current) => (current ? { ...current, [section]: { ...current[section], [key]: value } } : current));
  }
  const setLimit = (key: keyof TenantSettings["security"]["rateLimits"], value: number) =>
    set("security", "rateLimits", { ...draft.security.rateLimits, [key]: value });
  const num = (value: string) => (value === "" ? 0 : Number(value));
  const emptyToNull = (value: string) => (value.trim() === "" ? null : value.trim());

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      // Only what changed here: the pulse schedule shares some of these values and may have saved
      // them since this form loaded; sending the whole form back would silently undo that.
      const result = await saveSettings(changedSettings(loaded.data, draft));
      loaded.setData(result);
      setDraft(result);
      setSettings(fromFullSettings(result));
      setSaved(true);
      announce("Settings saved");
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  };

  const { branding } = draft;
  return (
    <form onSubmit={save} className="settings-form">
      <h1>Settings</h1>
      <fieldset>
        <legend>Branding</legend>
        <div className="theme-options" role="radiogroup" aria-label="Theme">
          {THEMES.map((theme) => (
            <label key={theme} className="theme-option">
              <input type="radio" name="theme" value={theme} checked={branding.theme === theme} onChange={() => set("branding", "theme", theme)} />
              <span className="swatch" style={{ background: THEME_PALETTES[theme].primary }} aria-hidden="true" />
              <span className="swatch" style={{ background: THEME_PALETTES[theme].accent }} aria-hidden="true" />
              {THEME_PALETTES[theme].label}
            </label>
          ))}
        </div>
        <div className="grid-2">
          <ColorField
            label="Primary colour override"
            value={branding.primaryColor}
            themeColor={THEME_PALETTES[branding.theme].primary}
            onChange={(value) => set("branding", "primaryColor", value)}
          />
          <ColorField
            label="Accent colour override"
            value={branding.accentColor}
            themeColor={THEME_PALETTES[branding.theme].accent}
            onChange={(value) => set("branding", "accentColor", value)}
          />
          <Field label="Logo URL" hint="https:// address of an image, shown in the header.">
            {(props) => (
              <input {...props} type="url" value={branding.logoUrl ?? ""} onChange={(event) => set("branding", "logoUrl", emptyToNull(event.target.value))} />
            )}
          </Field>
          <Field label="Favicon URL" hint="https:// address of a small icon for browser tabs.">
            {(props) => (
              <input
                {...props}
                type="url"
                value={branding.faviconUrl ?? ""}
                onChange={(event) => set("branding", "faviconUrl", emptyToNull(event.target.value))}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>Questions</legend>
        <div className="grid-2">
          <Field label="Minimum length (characters)">
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                value={draft.questions.minLength}
                onChange={(event) => set("questions", "minLength", num(event.target.value))}
              />
            )}
          </Field>
          <Field label="Maximum length (characters)">
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                value={draft.questions.maxLength}
                onChange={(event) => set("questions", "maxLength", num(event.target.value))}
              />
            )}
          </Field>
        </div>
        <HintedCheckbox
          label="Allow questions without signing in"
          hint={VISITORS[draft.features.allowAnonymousQuestions ? "allowed" : "closed"]}
          checked={draft.features.allowAnonymousQuestions}
          onChange={(value) => set("features", "allowAnonymousQuestions", value)}
        />
        <Checkbox
          label="Every question needs a moderator's approval"
          checked={draft.features.requireQuestionApproval}
          onChange={(value) => set("features", "requireQuestionApproval", value)}
        />
        <Checkbox
          label="Email authors when their question is answered"
          checked={draft.features.enableEmailNotifications}
          onChange={(value) => set("features", "enableEmailNotifications", value)}
        />
      </fieldset>

      <SignupFieldset users={draft.users} onChange={(key, value) => set("users", key, value)} />

      <fieldset>
        <legend>New users</legend>
        <div className="grid-2">
          <Field label="Default role">
            {(props) => (
              <select
                {...props}
                value={draft.users.defaultRole}
                onChange={(event) => set("users", "defaultRole", event.target.value as TenantSettings["users"]["defaultRole"])}
              >
                <option value="member">Member (can ask and vote)</option>
                <option value="viewer">Viewer (read only)</option>
              </select>
            )}
          </Field>
          <TeamSelect
            label="Default team"
            teams={teams}
            value={draft.users.defaultTeamId ?? ""}
            onChange={(teamId) => set("users", "defaultTeamId", teamId || null)}
            emptyLabel="None"
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>Security</legend>
        <div className="grid-2">
          <Field label="Session lifetime (hours)">
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                value={draft.security.sessionTimeout}
                onChange={(event) => set("security", "sessionTimeout", num(event.target.value))}
              />
            )}
          </Field>
          <Field label="Admin session lifetime (hours)">
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                value={draft.security.adminSessionTimeout}
                onChange={(event) => set("security", "adminSessionTimeout", num(event.target.value))}
              />
            )}
          </Field>
          <Field label="Questions per user per hour">
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                value={draft.security.rateLimits.questionsPerHour}
                onChange={(event) => setLimit("questionsPerHour", num(event.target.value))}
              />
            )}
          </Field>
          <Field label="Upvotes per minute">
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                value={draft.security.rateLimits.upvotesPerMinute}
                onChange={(event) => setLimit("upvotesPerMinute", num(event.target.value))}
              />
            )}
          </Field>
          <Field label="Answers per hour">
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                value={draft.security.rateLimits.responsesPerHour}
                onChange={(event) => setLimit("responsesPerHour", num(event.target.value))}
              />
            )}
          </Field>
          <Field label="Searches per minute">
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                value={draft.security.rateLimits.searchPerMinute}
                onChange={(event) => setLimit("searchPerMinute", num(event.target.value))}
              />
            )}
          </Field>
          <Field label="Direct email recipients per hour" hint="All admins together, in any hour; applies everywhere.">
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                value={draft.security.rateLimits.emailRecipientsPerHour}
                onChange={(event) => setLimit("emailRecipientsPerHour", num(event.target.value))}
              />
            )}
          </Field>
        </div>
        <p className="hint">The per-user limits apply in production only.</p>
      </fieldset>

      <PulseSettingsFieldset pulse={draft.pulse} onChange={(key, value) => set("pulse", key, value)} />

      {error && <Notice kind="error">{error}</Notice>}
      {saved && <Notice kind="success">Settings saved.</Notice>}
      <button type="submit" disabled={saving}>
        {saving ? "Saving…" : "Save settings"}
      </button>
    </form>
  );
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}

/** Without an override the picker shows the theme's colour; picking one sets the override. */
function ColorField({
  label,
  value,
  themeColor,
  onChange,
}: {
  label: string;
  value: string | null;
  themeColor: string;
  onChange: (value: string | null) => void;
}) {
  return (
    <Field label={label} hint={value ? `Overrides the theme with ${value}.` : `Uses the theme's colour (${themeColor}).`}>
      {(props) => (
        <div className="row">
          <input {...props} type="color" value={value ?? themeColor} onChange={(event) => onChange(event.target.value)} />
          {value && (
            <button type="button" className="button-small button-secondary" onClick={() => onChange(null)}>
              Use theme colour
            </button>
          )}
        </div>
      )}
    </Field>
  );
}

/** The keys of each section whose value differs from what was loaded (the server deep-merges them). */
function changedSettings(before: TenantSettings | null, after: TenantSettings): SettingsPatch {
  if (!before) return after;
  const patch: Partial<Record<Section, Record<string, unknown>>> = {};
  for (const section of Object.keys(after) as Section[]) {
    const was = before[section] as Record<string, unknown>;
    for (const [key, value] of Object.entries(after[section])) {
      if (JSON.stringify(value) !== JSON.stringify(was[key])) patch[section] = { ...patch[section], [key]: value };
    }
  }
  return patch as SettingsPatch;
}
