import { useEffect, useState, type FormEvent } from "react";
import { ApiError, errorMessage } from "../../shared/api";
import type { Team } from "../../shared/sessionApi";
import { announce, ErrorNotice, Field, Loading, Notice, useLoad } from "../../shared/ui";
import { getTeamChannels, saveTeamChannels, testTeamChannels, type TeamChannelsTest } from "./teamChannelsApi";

type FieldName = "slackChannel" | "teamsWebhookUrl";

/** The answer's problems beside their fields (`body.slackChannel`), the rest above the form. */
function splitErrors(caught: unknown): { fields: Partial<Record<FieldName, string>>; rest: string | null } {
  if (!(caught instanceof ApiError) || caught.details.length === 0) return { fields: {}, rest: errorMessage(caught) };
  const fields: Partial<Record<FieldName, string>> = {};
  for (const detail of caught.details) {
    const name = (detail.path ?? "").replace(/^body\./, "");
    if (name === "slackChannel" || name === "teamsWebhookUrl") fields[name] = detail.message;
  }
  return { fields, rest: Object.keys(fields).length ? null : errorMessage(caught) };
}

function describeTest(result: TeamChannelsTest): string {
  const parts: string[] = [];
  if (result.slack) parts.push(result.slack.ok ? "Slack: posted" : `Slack: failed (${result.slack.error ?? "unknown error"})`);
  if (result.teams) parts.push(result.teams.ok ? "Teams: posted" : `Teams: failed (${result.teams.error ?? `HTTP ${result.teams.status ?? "?"}`})`);
  return parts.length ? parts.join(". ") : "No channel is set for this team.";
}

/**
 * Where a team's new questions, answers and closed polls are posted: a Slack channel and a
 * Teams channel (its Workflows URL is write-only: the form only says one is stored).
 */
export function TeamChannels({ team }: { team: Team }) {
  const current = useLoad((signal) => getTeamChannels(team.id, signal), [team.id]);
  const [slackChannel, setSlackChannel] = useState("");
  const [teamsUrl, setTeamsUrl] = useState("");
  const [removeTeams, setRemoveTeams] = useState(false);
  const [errors, setErrors] = useState<{ fields: Partial<Record<FieldName, string>>; rest: string | null }>({ fields: {}, rest: null });
  const [tested, setTested] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setSlackChannel(current.data?.slackChannel ?? "");
    setTeamsUrl("");
    setRemoveTeams(false);
  }, [current.data]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({ fields: {}, rest: null });
    setTested(null);
    setBusy(true);
    try {
      const body = {
        slackChannel: slackChannel.trim() || null,
        ...(teamsUrl.trim() ? { teamsWebhookUrl: teamsUrl.trim() } : removeTeams ? { teamsWebhookUrl: null } : {}),
      };
      await saveTeamChannels(team.id, body);
      announce("Chat channels saved");
      current.reload();
    } catch (caught) {
      setErrors(splitErrors(caught));
    } finally {
      setBusy(false);
    }
  };
  const test = async () => {
    setErrors({ fields: {}, rest: null });
    setTested(null);
    setBusy(true);
    try {
      const result = await testTeamChannels(team.id);
      const ok = (result.slack?.ok ?? true) && (result.teams?.ok ?? true);
      setTested({ ok, text: describeTest(result) });
      announce(ok ? "Test message posted" : "Test message failed");
    } catch (caught) {
      setErrors({ fields: {}, rest: errorMessage(caught) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="team-channels-heading">
      <h2 id="team-channels-heading">
        Chat channels of <span dir="auto">{team.name}</span>
      </h2>
      <p className="hint">New questions, answers and closed polls of this team are posted to these channels.</p>
      <ErrorNotice error={current.error} />
      {errors.rest && <Notice kind="error">{errors.rest}</Notice>}
      {tested && <Notice kind={tested.ok ? "success" : "error"}>{tested.text}</Notice>}
      {current.loading && !current.data ? (
        <Loading />
      ) : (
        <form onSubmit={save}>
          <Field
            label="Slack channel"
            hint="A channel ID such as C0123ABCD, or #name. Needs the Slack app connected in the settings and invited to the channel."
            error={errors.fields.slackChannel}
          >
            {(props) => <input {...props} value={slackChannel} onChange={(event) => setSlackChannel(event.target.value)} placeholder="C0123ABCD" />}
          </Field>
          <Field
            label="Microsoft Teams Workflows URL"
            hint={
              current.data?.teamsWebhookSet
                ? "A URL is stored. It is never shown again: paste a new one to replace it."
                : 'From a Teams workflow "Post to a channel when a webhook request is received".'
            }
            error={errors.fields.teamsWebhookUrl}
          >
            {(props) => (
              <input
                {...props}
                type="url"
                autoComplete="off"
                value={teamsUrl}
                onChange={(event) => setTeamsUrl(event.target.value)}
                placeholder={current.data?.teamsWebhookSet ? "A URL is stored" : "https://…"}
              />
            )}
          </Field>
          {current.data?.teamsWebhookSet && (
            <label className="row">
              <input type="checkbox" checked={removeTeams} onChange={(event) => setRemoveTeams(event.target.checked)} disabled={Boolean(teamsUrl.trim())} />
              Remove the stored Teams URL
            </label>
          )}
          <div className="row">
            <button type="submit" disabled={busy}>
              Save channels
            </button>
            <button type="button" className="button-secondary" onClick={() => void test()} disabled={busy}>
              Send a test message
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
