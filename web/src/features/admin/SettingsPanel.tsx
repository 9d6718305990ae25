import { useEffect, useState } from "react";
import { LeaveGuard } from "../../shared/LeaveGuard";
import { fromFullSettings, useSession } from "../../shared/session";
import type { TenantSettings } from "../../shared/sessionApi";
import { ErrorNotice, Loading, useLoad } from "../../shared/ui";
import { PulseSettingsFieldset } from "../pulse/PulseSettingsFieldset";
import { getSettings } from "./api";
import { BrandingFields, QuestionsFields, SecurityFields, VisitorsFields, type SectionFieldsProps } from "./SettingsFields";
import { changedPaths, mergeAfterSave, valueAt, withValue, type FieldErrors, type SettingPath } from "./settingsForm";
import { SettingsSection, type SectionSpec } from "./SettingsSection";
import "./admin.css";

const RATE_LIMITS = ["questionsPerHour", "upvotesPerMinute", "responsesPerHour", "searchPerMinute", "emailRecipientsPerHour"];
const PULSE_KEYS = [
  "enabled",
  "rotatingCohorts",
  "channelEmail",
  "channelSlack",
  "defaultCadence",
  "defaultTime",
  "anonThreshold",
  "minTenureDays",
  "reminderAfterDays",
] as const;

/** The sections of Settings, each saved on its own; together they hold every field an admin edits. */
const SECTIONS: Array<SectionSpec & { Fields: (props: SectionFieldsProps) => React.JSX.Element }> = [
  {
    id: "settings-questions",
    title: "Questions",
    saveLabel: "Save question settings",
    paths: ["questions.minLength", "questions.maxLength", "features.requireQuestionApproval", "features.enableEmailNotifications"],
    Fields: QuestionsFields,
  },
  {
    id: "settings-visitors",
    title: "Visitors and sign-up",
    saveLabel: "Save visitors and sign-up",
    paths: ["features.allowAnonymousQuestions", "users.signup", "users.allowedEmailDomains", "users.defaultRole", "users.defaultTeamId"],
    Fields: VisitorsFields,
  },
  {
    id: "settings-branding",
    title: "Branding",
    saveLabel: "Save branding",
    paths: ["branding.theme", "branding.primaryColor", "branding.accentColor", "branding.logoUrl", "branding.faviconUrl"],
    Fields: BrandingFields,
  },
  {
    id: "settings-pulse",
    title: "Pulse",
    saveLabel: "Save pulse settings",
    paths: PULSE_KEYS.map((key) => `pulse.${key}`),
    Fields: ({ draft, set, errorOf }) => (
      <PulseSettingsFieldset
        pulse={draft.pulse}
        slackConnected={draft.slack !== null}
        onChange={(key, value) => set(`pulse.${key}`, value)}
        errorOf={(key) => errorOf(`pulse.${key}`)}
      />
    ),
  },
  {
    id: "settings-security",
    title: "Security",
    saveLabel: "Save security settings",
    paths: ["security.sessionTimeout", "security.adminSessionTimeout", ...RATE_LIMITS.map((key) => `security.rateLimits.${key}`)],
    Fields: SecurityFields,
  },
];

/**
 * Tenant settings in sections that each save alone. `saved` is what the server holds, `draft`
 * what is on screen; a section is unsaved while its fields differ, and leaving then asks first.
 */
export function SettingsPanel() {
  const { setSettings } = useSession();
  const loaded = useLoad((signal) => getSettings(signal), []);
  const [saved, setSaved] = useState<TenantSettings | null>(null);
  const [draft, setDraft] = useState<TenantSettings | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    setSaved(loaded.data);
    setDraft(loaded.data);
  }, [loaded.data]);

  const unsaved = saved && draft ? SECTIONS.filter((section) => changedPaths(saved, draft, section.paths).length > 0).map((section) => section.title) : [];
  const guard = <LeaveGuard unsaved={unsaved} />;
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!saved || !draft) return <Loading />;

  const set = (path: SettingPath, value: unknown) => {
    setDraft((current) => (current ? withValue(current, path, value) : current));
    // The message was about the old value.
    setErrors((current) => (current[path] ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== path)) : current));
  };
  const errorOf = (path: SettingPath) => errors[path];

  return (
    <div className="settings-page">
      <h1>Settings</h1>
      <p className="hint">Each section saves on its own. Server set-up (email delivery, sign-in providers) is done by whoever runs the service for you.</p>
      {SECTIONS.map((section) => {
        const others = SECTIONS.filter((other) => other !== section).flatMap((other) => other.paths);
        return (
          <SettingsSection
            key={section.id}
            spec={section}
            saved={saved}
            draft={draft}
            onSaved={(result) => {
              setDraft(mergeAfterSave(result, saved, draft, others));
              setSaved(result);
              setSettings(fromFullSettings(result));
            }}
            onDiscard={() => {
              setDraft(section.paths.reduce((next, path) => withValue(next, path, valueAt(saved, path)), draft));
              setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !section.paths.includes(key))));
            }}
            onErrors={(found) =>
              setErrors((current) => ({ ...Object.fromEntries(Object.entries(current).filter(([key]) => !section.paths.includes(key))), ...found }))
            }
          >
            <section.Fields draft={draft} set={set} errorOf={errorOf} />
          </SettingsSection>
        );
      })}
      {guard}
    </div>
  );
}
