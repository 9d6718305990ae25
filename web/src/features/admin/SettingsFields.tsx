import { THEMES } from "@server/platform/tenant-settings.constants";
import { useSession } from "../../shared/session";
import type { TenantSettings } from "../../shared/sessionApi";
import { TeamSelect } from "../../shared/TeamSelect";
import { THEME_PALETTES } from "../../shared/theme";
import { Field } from "../../shared/ui";
import { HintedCheckbox } from "../pulse/PulseScheduleForm";
import { valueAt, type SettingPath } from "./settingsForm";
import { SignupFieldset } from "./SignupFieldset";

/** What every section's fields get: the draft, a setter by path, and the message for a path. */
export interface SectionFieldsProps {
  draft: TenantSettings;
  set: (path: SettingPath, value: unknown) => void;
  errorOf: (path: SettingPath) => string | undefined;
}

/** What visitors (people not signed in) may do under each choice of features.allowAnonymousQuestions. */
const VISITORS = {
  allowed: "Visitors (people not signed in) can read the boards and ask questions, posted anonymously; voting needs sign-in.",
  closed: "Visitors see nothing: everyone signs in first. Signed-in people can still ask without showing their name.",
};

/** An empty box is kept as 0 so the server's "at least" message, not a silent reset, answers it. */
function NumberField({
  label,
  path,
  hint,
  min,
  max,
  draft,
  set,
  errorOf,
}: SectionFieldsProps & { label: string; path: SettingPath; hint?: string; min: number; max?: number }) {
  return (
    <Field label={label} hint={hint} error={errorOf(path)}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={String(valueAt(draft, path))}
          onChange={(event) => set(path, event.target.value === "" ? 0 : Number(event.target.value))}
        />
      )}
    </Field>
  );
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}

export function QuestionsFields(props: SectionFieldsProps) {
  const { draft, set } = props;
  return (
    <>
      <div className="grid-2">
        <NumberField {...props} label="Shortest question (characters)" path="questions.minLength" min={1} max={10_000} />
        <NumberField {...props} label="Longest question (characters)" path="questions.maxLength" min={1} max={10_000} />
      </div>
      <Checkbox
        label="Every question needs a moderator's approval"
        checked={draft.features.requireQuestionApproval}
        onChange={(value) => set("features.requireQuestionApproval", value)}
      />
      <Checkbox
        label="Email authors when their question is answered"
        checked={draft.features.enableEmailNotifications}
        onChange={(value) => set("features.enableEmailNotifications", value)}
      />
    </>
  );
}

export function VisitorsFields({ draft, set, errorOf }: SectionFieldsProps) {
  const { teams } = useSession();
  return (
    <>
      <HintedCheckbox
        label="Allow questions without signing in"
        hint={VISITORS[draft.features.allowAnonymousQuestions ? "allowed" : "closed"]}
        checked={draft.features.allowAnonymousQuestions}
        onChange={(value) => set("features.allowAnonymousQuestions", value)}
      />
      <SignupFieldset users={draft.users} onChange={(key, value) => set(`users.${key}`, value)} errorOf={errorOf} />
      <fieldset>
        <legend>New people start as</legend>
        <div className="grid-2">
          <Field label="Default role" error={errorOf("users.defaultRole")}>
            {(props) => (
              <select {...props} value={draft.users.defaultRole} onChange={(event) => set("users.defaultRole", event.target.value)}>
                <option value="member">Member (can ask and vote)</option>
                <option value="viewer">Viewer (read only)</option>
              </select>
            )}
          </Field>
          <TeamSelect
            label="Default team"
            teams={teams}
            value={draft.users.defaultTeamId ?? ""}
            onChange={(teamId) => set("users.defaultTeamId", teamId || null)}
            emptyLabel="None"
          />
        </div>
      </fieldset>
    </>
  );
}

export function BrandingFields({ draft, set, errorOf }: SectionFieldsProps) {
  const { branding } = draft;
  const emptyToNull = (value: string) => (value.trim() === "" ? null : value.trim());
  return (
    <>
      <div className="theme-options" role="radiogroup" aria-label="Theme">
        {THEMES.map((theme) => (
          <label key={theme} className="theme-option">
            <input type="radio" name="theme" value={theme} checked={branding.theme === theme} onChange={() => set("branding.theme", theme)} />
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
          error={errorOf("branding.primaryColor")}
          onChange={(value) => set("branding.primaryColor", value)}
        />
        <ColorField
          label="Accent colour override"
          value={branding.accentColor}
          themeColor={THEME_PALETTES[branding.theme].accent}
          error={errorOf("branding.accentColor")}
          onChange={(value) => set("branding.accentColor", value)}
        />
        <Field label="Logo URL" hint="https:// address of an image, shown in the header." error={errorOf("branding.logoUrl")}>
          {(props) => (
            <input {...props} type="url" value={branding.logoUrl ?? ""} onChange={(event) => set("branding.logoUrl", emptyToNull(event.target.value))} />
          )}
        </Field>
        <Field label="Favicon URL" hint="https:// address of a small icon for browser tabs." error={errorOf("branding.faviconUrl")}>
          {(props) => (
            <input {...props} type="url" value={branding.faviconUrl ?? ""} onChange={(event) => set("branding.faviconUrl", emptyToNull(event.target.value))} />
          )}
        </Field>
      </div>
    </>
  );
}

export function SecurityFields(props: SectionFieldsProps) {
  return (
    <>
      <div className="grid-2">
        <NumberField {...props} label="Session lifetime (hours)" path="security.sessionTimeout" min={1} max={720} hint="1 to 720 hours (30 days)." />
        <NumberField {...props} label="Admin session lifetime (hours)" path="security.adminSessionTimeout" min={1} max={720} hint="1 to 720 hours (30 days)." />
        <NumberField {...props} label="Questions per user per hour" path="security.rateLimits.questionsPerHour" min={1} />
        <NumberField {...props} label="Upvotes per minute" path="security.rateLimits.upvotesPerMinute" min={1} />
        <NumberField {...props} label="Answers per hour" path="security.rateLimits.responsesPerHour" min={1} />
        <NumberField {...props} label="Searches per minute" path="security.rateLimits.searchPerMinute" min={1} />
        <NumberField
          {...props}
          label="Direct email recipients per hour"
          path="security.rateLimits.emailRecipientsPerHour"
          min={1}
          hint="All admins together, in any hour; applies everywhere."
        />
      </div>
      <p className="hint">The per-person limits apply on the live service only, not while it runs for development.</p>
    </>
  );
}

/** Without an override the picker shows the theme's colour; picking one sets the override. */
function ColorField({
  label,
  value,
  themeColor,
  error,
  onChange,
}: {
  label: string;
  value: string | null;
  themeColor: string;
  error?: string;
  onChange: (value: string | null) => void;
}) {
  return (
    <Field label={label} hint={value ? `Overrides the theme with ${value}.` : `Uses the theme's colour (${themeColor}).`} error={error}>
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
