import { useEffect, useState } from "react";
import { LeaveGuard } from "../../shared/LeaveGuard";
import { fromFullSettings, useSession } from "../../shared/session";
import type { TenantSettings } from "../../shared/sessionApi";
import { ErrorNotice, Loading, useLoad } from "../../shared/ui";
import { getSettings, getSignInValues, saveSettings, type SettingsPatch } from "./api";
import { SlackCard } from "./SlackCard";
import { EMPTY_SLACK_DRAFT, serverBaseOf, slackDraftDirty, slackInteractionsUrl, type SlackDraft } from "./slackForm";
import { WebhooksCard } from "./WebhooksCard";
import "./admin.css";

/**
 * Admin › Integrations: the other tools the organisation connects, one card each, each saving on
 * its own. Admins and owners change them.
 */
export function IntegrationsPanel() {
  const { setSettings: setPublicSettings } = useSession();
  // The company sign-in values carry the server's address, which Slack's request URL is built on.
  const loaded = useLoad((signal) => Promise.all([getSettings(signal), getSignInValues(signal)]), []);
  const [settings, setSettings] = useState<TenantSettings | null>(null);
  const [slackDraft, setSlackDraft] = useState<SlackDraft>(EMPTY_SLACK_DRAFT);
  const [webhooksUnsaved, setWebhooksUnsaved] = useState(false);
  useEffect(() => {
    if (loaded.data) setSettings(loaded.data[0]);
  }, [loaded.data]);

  const unsaved = [...(slackDraftDirty(slackDraft) ? ["Slack"] : []), ...(webhooksUnsaved ? ["Webhooks"] : [])];
  const guard = <LeaveGuard unsaved={unsaved} />;
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!settings || !loaded.data) return <Loading />;
  const serverBase = serverBaseOf(loaded.data[1]);

  const save = async (patch: SettingsPatch) => {
    const result = await saveSettings(patch);
    setSettings(result);
    setPublicSettings(fromFullSettings(result));
    // Write-only values: once saved, the fields are empty again.
    if ("slack" in patch) setSlackDraft(EMPTY_SLACK_DRAFT);
    return result;
  };

  return (
    <div className="settings-page integrations-settings">
      <h1>Integrations</h1>
      <p className="hint">Connect the tools your organisation already uses. Each card saves on its own.</p>
      <SlackCard settings={settings} interactionsUrl={slackInteractionsUrl(serverBase)} draft={slackDraft} setDraft={setSlackDraft} save={save} />
      <WebhooksCard onUnsavedChange={setWebhooksUnsaved} />
      {guard}
    </div>
  );
}
