import { useId } from "react";
import { Link } from "react-router";
import type { TenantSettings } from "../../shared/sessionApi";
import { Field } from "../../shared/ui";
import type { SettingsPatch } from "./api";
import { ConnectionCard, useConnectionSave } from "./ConnectionCard";
import { CopyButton, CopyValues } from "./CopyValue";
import { SlackTestButton, SlackTestOutcome, useSlackConnectionTest } from "./SlackConnectionTest";
import { EMPTY_SLACK_DRAFT, SLACK_FIELDS, slackDraftDirty, slackDraftErrors, slackManifest, slackPatch, type SlackDraft } from "./slackForm";

/** Where the pulse's Slack switch is, in the words of the refusal and the confirmation. */
const PULSE_SWITCH = "“Send invites in Slack direct messages” in Settings › Pulse";

/** What a refused disconnection says: the pulse still sends its invites through this app. */
export const SLACK_IN_USE = `Pulse invites go to Slack, so Slack stays connected. Turn off ${PULSE_SWITCH} and save, then disconnect.`;

/**
 * Admin › Integrations › Slack (CONTRACT §11): the tenant's own Slack app, which sends pulse invites
 * as direct messages with a button per score. The bot token and signing secret are write-only.
 */
export function SlackCard({
  settings,
  interactionsUrl,
  draft,
  setDraft,
  save,
}: {
  settings: TenantSettings;
  interactionsUrl: string;
  draft: SlackDraft;
  setDraft: (draft: SlackDraft) => void;
  save: (patch: SettingsPatch) => Promise<unknown>;
}) {
  const manifestId = useId();
  const testHintId = useId();
  const test = useSlackConnectionTest();
  const connected = settings.slack !== null;
  const form = useConnectionSave({
    title: "Slack",
    prefix: "slack",
    fields: SLACK_FIELDS,
    rules: { "pulse.channelSlack": SLACK_IN_USE },
    removePatch: { slack: null },
    removedText: "Slack disconnected",
    settings,
    save,
  });
  const set = (key: keyof SlackDraft, value: string) => {
    setDraft({ ...draft, [key]: value });
    form.clearError(key);
  };
  const submit = () => {
    const errors = slackDraftErrors(draft, connected);
    if (Object.keys(errors).length) return form.refuse(errors);
    void form.submit(slackPatch(draft), connected ? "Slack saved" : "Slack connected");
  };
  const keepHint = (name: string) => (connected ? `A ${name} is stored. Leave empty to keep it, or paste a new one to replace it.` : null);
  const manifest = slackManifest(interactionsUrl);
  const testHint = !connected
    ? "Connect first: the test uses the saved values."
    : slackDraftDirty(draft)
      ? "The test uses the saved values, not the changes above."
      : "Asks Slack whether the saved token works and has the scopes it needs. Nobody is messaged.";

  return (
    <ConnectionCard
      title="Slack"
      intro="Pulse invites can go to people's Slack direct messages, with one button per score. Create a Slack app for your workspace, then paste its two values here."
      configured={connected}
      states={{ on: "Connected", off: "Not connected" }}
      dirty={slackDraftDirty(draft)}
      canEdit
      form={form}
      valuesHeading="Create the Slack app"
      values={
        <>
          <ol className="connection-steps">
            <li>
              At{" "}
              <a href="https://api.slack.com/apps" target="_blank" rel="noopener noreferrer">
                api.slack.com/apps
              </a>
              , choose Create New App, then From a manifest, and pick your workspace.
            </li>
            <li>
              <span id={manifestId}>Paste this manifest (YAML) and create the app:</span>
              <div className="copy-block">
                <pre className="code-block" tabIndex={0} aria-labelledby={manifestId}>
                  {manifest}
                </pre>
                <CopyButton name="app manifest" value={manifest} />
              </div>
            </li>
            <li>Install the app to your workspace (Install App).</li>
            <li>
              Copy its Bot User OAuth Token (OAuth &amp; Permissions) and its Signing Secret (Basic Information › App Credentials) into the fields below, and
              save.
            </li>
          </ol>
          <p className="hint">
            The manifest already holds the interactivity request URL; if you set the app up by hand, enter it under Interactivity &amp; Shortcuts.
          </p>
          <CopyValues values={[{ label: "Interactivity request URL", name: "interactivity request URL", value: interactionsUrl }]} />
        </>
      }
      legend="From your Slack app"
      saveLabel={connected ? "Save Slack" : "Connect Slack"}
      removeLabel="Disconnect Slack"
      removeText={
        <>
          <p>Pulse invites stop going to Slack, and the stored bot token and signing secret are deleted. Buttons in messages already sent stop working.</p>
          <p>
            While pulse invites go to Slack, Slack cannot be disconnected: turn off {PULSE_SWITCH} first (<Link to="/admin">Settings</Link>).
          </p>
        </>
      }
      actions={<SlackTestButton test={test} disabled={!connected} describedBy={testHintId} />}
      footer={<SlackTestOutcome test={test} hintId={testHintId} hint={testHint} />}
      onDiscard={() => setDraft(EMPTY_SLACK_DRAFT)}
      onSubmit={submit}
    >
      <Field label="Bot User OAuth Token" hint={keepHint("token") ?? "Starts with xoxb-. It is never shown again once saved."} error={form.errors.botToken}>
        {(props) => (
          <input
            {...props}
            type="password"
            value={draft.botToken}
            onChange={(event) => set("botToken", event.target.value)}
            autoComplete="new-password"
            spellCheck={false}
            placeholder="xoxb-…"
          />
        )}
      </Field>
      <Field label="Signing Secret" hint={keepHint("signing secret") ?? "It is never shown again once saved."} error={form.errors.signingSecret}>
        {(props) => (
          <input
            {...props}
            type="password"
            value={draft.signingSecret}
            onChange={(event) => set("signingSecret", event.target.value)}
            autoComplete="new-password"
            spellCheck={false}
          />
        )}
      </Field>
    </ConnectionCard>
  );
}
