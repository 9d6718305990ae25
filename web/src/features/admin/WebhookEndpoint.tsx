import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "../../shared/api";
import { ConfirmDialog } from "../../shared/ConfirmDialog";
import { announce, Notice } from "../../shared/ui";
import { CopyValues } from "./CopyValue";
import { WebhookDeliveries } from "./WebhookDeliveries";
import { useWebhookDraft, WebhookForm } from "./WebhookForm";
import {
  changesOf,
  dateTime,
  DISABLE_AFTER_DAYS,
  draftOf,
  endpointState,
  replyText,
  sameDraft,
  WEBHOOK_EVENT_LABELS,
  type EndpointState,
} from "./webhooksForm";
import { deleteWebhook, testWebhook, updateWebhook, type Webhook } from "./webhooksApi";

type Outcome = { kind: "success" | "error"; text: string } | null;

/**
 * One endpoint: its URL, description, events and state, and what an admin does with it: send a
 * test event, read and replay its deliveries, edit it, re-enable it once disabled, delete it.
 */
export function WebhookEndpoint({
  webhook,
  secret,
  onSecretDone,
  onChanged,
  onDeleted,
  onUnsavedChange,
}: {
  webhook: Webhook;
  /** The signing secret, right after the endpoint was added: never again. */
  secret: string | null;
  onSecretDone: () => void;
  onChanged: (webhook: Webhook) => void;
  onDeleted: () => void;
  onUnsavedChange: (id: string, unsaved: boolean) => void;
}) {
  const headingId = useId();
  const logId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const form = useWebhookDraft(draftOf(webhook));
  const [showingLog, setShowingLog] = useState(false);
  const [logVersion, setLogVersion] = useState(0);
  const [busy, setBusy] = useState<"test" | "enable" | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [deleting, setDeleting] = useState(false);
  const state = endpointState(webhook);

  const unsaved = editing && !sameDraft(form.draft, draftOf(webhook));
  useEffect(() => onUnsavedChange(webhook.id, unsaved), [webhook.id, unsaved, onUnsavedChange]);

  const startEditing = () => {
    form.reset(draftOf(webhook));
    setOutcome(null);
    setEditing(true);
  };
  const stopEditing = (focus: "heading" | "edit") => {
    setEditing(false);
    requestAnimationFrame(() => (focus === "heading" ? heading.current : editButton.current)?.focus());
  };
  const save = () =>
    void form.submit(async (draft) => {
      const changes = changesOf(webhook, draft);
      if (changes) {
        onChanged(await updateWebhook(webhook.id, changes));
        setOutcome({ kind: "success", text: "Endpoint saved." });
        announce("Endpoint saved");
      }
      stopEditing("heading");
    });

  const sendTest = async () => {
    setBusy("test");
    setOutcome(null);
    try {
      const result = await testWebhook(webhook.id);
      const text = `${result.succeeded ? "Test event delivered." : "Test event failed."} ${replyText(result.delivery)}`;
      setOutcome({ kind: result.succeeded ? "success" : "error", text });
      announce(text);
      setLogVersion((version) => version + 1);
    } catch (caught) {
      setOutcome({ kind: "error", text: errorMessage(caught) });
    } finally {
      setBusy(null);
    }
  };
  const reEnable = async () => {
    setBusy("enable");
    setOutcome(null);
    try {
      onChanged(await updateWebhook(webhook.id, { enabled: true }));
      setOutcome({ kind: "success", text: "Endpoint re-enabled: new events are sent to it again." });
      announce("Endpoint re-enabled");
      heading.current?.focus();
    } catch (caught) {
      setOutcome({ kind: "error", text: errorMessage(caught) });
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    try {
      await deleteWebhook(webhook.id);
      onDeleted();
    } catch (caught) {
      setOutcome({ kind: "error", text: errorMessage(caught) });
    }
  };

  return (
    <li className="webhook-endpoint">
      <article aria-labelledby={headingId}>
        <div className="settings-section-header webhook-endpoint-header">
          <h3 id={headingId} ref={heading} tabIndex={-1} className="webhook-url">
            {webhook.url}
          </h3>
          <StatePill state={state} />
        </div>
        {webhook.description && (
          <p dir="auto" className="webhook-description">
            {webhook.description}
          </p>
        )}
        {secret && (
          <SigningSecret
            secret={secret}
            onDone={() => {
              onSecretDone();
              requestAnimationFrame(() => heading.current?.focus());
            }}
          />
        )}
        {editing ? (
          <WebhookForm legend="Edit endpoint" form={form} submitLabel="Save endpoint" onSubmit={save} onCancel={() => stopEditing("edit")} />
        ) : (
          <>
            <ul className="tag-list webhook-event-list" aria-label="Events sent">
              {webhook.events.map((event) => (
                <li key={event} className="badge" title={WEBHOOK_EVENT_LABELS[event]}>
                  {event}
                </li>
              ))}
            </ul>
            <StateText state={state} busy={busy === "enable"} onReEnable={() => void reEnable()} />
            <div className="row settings-section-actions">
              <button type="button" className="button-secondary" onClick={() => void sendTest()} disabled={busy !== null}>
                {busy === "test" ? "Sending…" : "Send test event"}
                <span className="visually-hidden"> to {webhook.url}</span>
              </button>
              <button type="button" className="button-secondary" aria-expanded={showingLog} aria-controls={logId} onClick={() => setShowingLog(!showingLog)}>
                {showingLog ? "Hide deliveries" : "Show deliveries"}
                <span className="visually-hidden"> of {webhook.url}</span>
              </button>
              <button type="button" className="button-secondary" ref={editButton} onClick={startEditing}>
                Edit<span className="visually-hidden"> {webhook.url}</span>
              </button>
              <button type="button" className="button-danger-quiet" onClick={() => setDeleting(true)}>
                Delete<span className="visually-hidden"> {webhook.url}</span>
              </button>
            </div>
          </>
        )}
        {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
        <div id={logId}>{showingLog && <WebhookDeliveries webhook={webhook} refreshKey={logVersion} />}</div>
      </article>
      {deleting && (
        <ConfirmDialog title="Delete this endpoint?" confirmLabel="Delete endpoint" onConfirm={remove} onClose={() => setDeleting(false)}>
          <p>
            Nothing more is sent to <code className="webhook-url">{webhook.url}</code>, and its delivery log is deleted. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

function StatePill({ state }: { state: EndpointState }) {
  if (state.kind === "disabled") return <span className="pill pill-bad">Disabled</span>;
  if (state.kind === "failing") return <span className="pill pill-warning">Failing</span>;
  return <span className="pill pill-ok">Enabled</span>;
}

/** Why an endpoint is failing or disabled, and since when; the way back for a disabled one. */
function StateText({ state, busy, onReEnable }: { state: EndpointState; busy: boolean; onReEnable: () => void }) {
  if (state.kind === "failing") {
    return (
      <p className="notice notice-warning">
        Deliveries have failed since {dateTime(state.since)}. If none succeeds by {dateTime(state.disablesAt)}, the endpoint is disabled and the admins are
        e-mailed.
      </p>
    );
  }
  if (state.kind !== "disabled") return null;
  return (
    <div className="notice notice-warning">
      <p>
        {state.automatically && state.failingSince
          ? `Disabled automatically on ${dateTime(state.at)}: its deliveries failed for ${DISABLE_AFTER_DAYS} days without a success (since ${dateTime(state.failingSince)}).`
          : `Disabled on ${dateTime(state.at)}.`}{" "}
        Nothing is sent to it until it is re-enabled. Its deliveries show what it answered; once it works again, re-enable it.
      </p>
      <button type="button" onClick={onReEnable} disabled={busy}>
        {busy ? "Re-enabling…" : "Re-enable"}
      </button>
    </div>
  );
}

/** The new endpoint's signing secret: copied now or never, as the receiver needs it to check each request. */
function SigningSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className="webhook-secret">
      <Notice kind="warning">
        <p>
          <strong>Copy the signing secret now: it won't be shown again.</strong> Your receiver checks each request's <code>webhook-signature</code> header with
          it. If it is lost, delete the endpoint and add it again.
        </p>
        <CopyValues values={[{ label: "Signing secret", name: "signing secret", value: secret }]} />
        <button type="button" className="button-secondary" onClick={onDone}>
          I have copied it
        </button>
      </Notice>
    </div>
  );
}
