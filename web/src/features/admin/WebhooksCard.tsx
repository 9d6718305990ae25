import { useCallback, useEffect, useId, useRef, useState } from "react";
import { MAX_WEBHOOK_ENDPOINTS_PER_TENANT } from "@server/modules/webhooks/webhooks.constants";
import { announce, ErrorNotice, Loading, useLoad } from "../../shared/ui";
import { WebhookEndpoint } from "./WebhookEndpoint";
import { useWebhookDraft, WebhookForm } from "./WebhookForm";
import { createBody, EMPTY_WEBHOOK_DRAFT, sameDraft } from "./webhooksForm";
import { createWebhook, listWebhooks, type Webhook } from "./webhooksApi";
import "./webhooks.css";

/**
 * Admin › Integrations › Webhooks (CONTRACT §11): the endpoints the organisation's events are
 * POSTed to, each with its events, its state, a test, and its delivery log. A new endpoint's
 * signing secret is shown once, right after it is added.
 */
export function WebhooksCard({ onUnsavedChange }: { onUnsavedChange?: (unsaved: boolean) => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Changed in place after each action, rather than asked for again.
  const endpoints = useLoad((signal) => listWebhooks(signal), []);
  const [adding, setAdding] = useState(false);
  const form = useWebhookDraft(EMPTY_WEBHOOK_DRAFT);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const [unsavedEdits, setUnsavedEdits] = useState<Record<string, boolean>>({});
  const [deletions, setDeletions] = useState(0);

  const unsaved = (adding && !sameDraft(form.draft, EMPTY_WEBHOOK_DRAFT)) || Object.values(unsavedEdits).some(Boolean);
  useEffect(() => onUnsavedChange?.(unsaved), [unsaved, onUnsavedChange]);
  const markEdit = useCallback(
    (id: string, dirty: boolean) => setUnsavedEdits((current) => (current[id] === dirty ? current : { ...current, [id]: dirty })),
    [],
  );

  const list = endpoints.data ?? [];
  const replace = (webhook: Webhook) => endpoints.setData((current) => current && current.map((item) => (item.id === webhook.id ? webhook : item)));
  const removed = (id: string) => {
    endpoints.setData((current) => current && current.filter((item) => item.id !== id));
    markEdit(id, false);
    if (created?.id === id) setCreated(null);
    announce("Endpoint deleted");
    setDeletions((count) => count + 1);
  };
  // Once the endpoint and its confirmation are gone: while a modal dialog is open, nothing else can take the focus.
  useEffect(() => {
    if (deletions > 0) heading.current?.focus();
  }, [deletions]);
  const closeForm = () => {
    setAdding(false);
    form.reset(EMPTY_WEBHOOK_DRAFT);
  };
  const add = () =>
    void form.submit(async (draft) => {
      const { secret, ...webhook } = await createWebhook(createBody(draft));
      endpoints.setData((current) => [webhook, ...(current ?? [])]);
      setCreated({ id: webhook.id, secret });
      closeForm();
      announce("Endpoint added. Copy its signing secret now: it won't be shown again.");
    });

  return (
    <section className="card settings-section connection-card webhooks-card" aria-labelledby={headingId}>
      <div className="settings-section-header">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          Webhooks
        </h2>
        {endpoints.data && <span className="pill pill-neutral">{list.length === 1 ? "1 endpoint" : `${list.length} endpoints`}</span>}
      </div>
      <p className="hint">
        Your own systems can receive this organisation's events as they happen: questions asked, answered or deleted, closed polls and released pulse results.
        Each event is POSTed as signed JSON (Standard Webhooks) and retried for over a day. An endpoint whose deliveries fail for 3 days is disabled, and the
        admins are e-mailed.
      </p>
      {endpoints.error ? (
        <>
          <ErrorNotice error={endpoints.error} />
          <button type="button" className="button-secondary" onClick={endpoints.reload}>
            Try again
          </button>
        </>
      ) : !endpoints.data ? (
        <Loading label="Loading webhook endpoints…" />
      ) : list.length === 0 ? (
        <p className="empty">No endpoints yet. Add the URL where your system receives events, and choose which events to send there.</p>
      ) : (
        <ul className="plain-list webhook-list" aria-label="Webhook endpoints">
          {list.map((webhook) => (
            <WebhookEndpoint
              key={webhook.id}
              webhook={webhook}
              secret={created?.id === webhook.id ? created.secret : null}
              onSecretDone={() => setCreated(null)}
              onChanged={replace}
              onDeleted={() => removed(webhook.id)}
              onUnsavedChange={markEdit}
            />
          ))}
        </ul>
      )}
      {endpoints.data &&
        (adding ? (
          <WebhookForm
            legend="New endpoint"
            form={form}
            submitLabel="Add endpoint"
            onSubmit={add}
            onCancel={() => {
              closeForm();
              requestAnimationFrame(() => addButton.current?.focus());
            }}
          />
        ) : (
          <div className="row settings-section-actions">
            <button type="button" ref={addButton} onClick={() => setAdding(true)}>
              Add endpoint
            </button>
            {list.length >= MAX_WEBHOOK_ENDPOINTS_PER_TENANT && (
              <span className="hint">An organisation has at most {MAX_WEBHOOK_ENDPOINTS_PER_TENANT} endpoints: delete one to add another.</span>
            )}
          </div>
        ))}
    </section>
  );
}
