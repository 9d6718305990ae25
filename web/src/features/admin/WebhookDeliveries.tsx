import { useEffect, useRef, useState } from "react";
import { DELIVERY_LIST_LIMIT_MAX } from "@server/modules/webhooks/webhooks.constants";
import { ApiError, errorMessage } from "../../shared/api";
import { announce, DataTable, ErrorNotice, Loading, Notice, RelativeTime } from "../../shared/ui";
import { dateTime, DELIVERY_STATUS_LABELS, durationText } from "./webhooksForm";
import { listWebhookDeliveries, replayWebhookDelivery, type Webhook, type WebhookDelivery } from "./webhooksApi";

const PAGE_SIZE = 20;
/** While a delivery shown is about to be attempted (a replay, a retry due soon), the log asks again this often. */
const POLL_MS = 2000;
const SOON_MS = 60_000;

type Log = { items: WebhookDelivery[]; total: number };
type Outcome = { kind: "success" | "error"; text: string } | null;

const STATUS_PILLS: Record<WebhookDelivery["status"], string> = { succeeded: "pill-ok", failed: "pill-bad", pending: "pill-neutral" };

const dueSoon = (delivery: WebhookDelivery) =>
  delivery.status === "pending" && (delivery.nextAttemptAt === null || Date.parse(delivery.nextAttemptAt) - Date.now() < SOON_MS);

/**
 * An endpoint's deliveries, newest first, a page at a time: the event, how it went, how many
 * attempts, what the endpoint answered and how fast. A finished delivery can be sent again.
 */
export function WebhookDeliveries({ webhook, refreshKey }: { webhook: Webhook; refreshKey: number }) {
  const [log, setLog] = useState<Log | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [replaying, setReplaying] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeBox = useRef<HTMLDivElement>(null);
  const countLine = useRef<HTMLParagraphElement>(null);
  // How many rows are shown: asking again keeps as many.
  const shown = useRef(PAGE_SIZE);

  useEffect(() => {
    const controller = new AbortController();
    listWebhookDeliveries(webhook.id, { limit: Math.min(Math.max(shown.current, PAGE_SIZE), DELIVERY_LIST_LIMIT_MAX), offset: 0 }, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setLog({ items: page.items, total: page.total });
        setError(null);
      },
      (caught) => {
        if (!controller.signal.aborted) setError(caught);
      },
    );
    return () => controller.abort();
  }, [webhook.id, refreshKey, tick]);

  const waiting = log?.items.some(dueSoon) ?? false;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTick((value) => value + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, log]);

  const loadMore = async () => {
    if (!log) return;
    setLoadingMore(true);
    try {
      const page = await listWebhookDeliveries(webhook.id, { limit: PAGE_SIZE, offset: log.items.length });
      // Deliveries made since the first page push older ones down: one already shown is not shown twice.
      const known = new Set(log.items.map((item) => item.id));
      const items = [...log.items, ...page.items.filter((item) => !known.has(item.id))];
      shown.current = items.length;
      setLog({ items, total: page.total });
      setError(null);
      if (items.length >= page.total) requestAnimationFrame(() => countLine.current?.focus());
    } catch (caught) {
      setError(caught);
    } finally {
      setLoadingMore(false);
    }
  };

  const replay = async (delivery: WebhookDelivery) => {
    setReplaying(delivery.id);
    setOutcome(null);
    try {
      const restarted = await replayWebhookDelivery(webhook.id, delivery.id);
      setLog((current) => current && { ...current, items: current.items.map((item) => (item.id === restarted.id ? restarted : item)) });
      setOutcome({ kind: "success", text: `Replaying the ${delivery.eventType} delivery of ${dateTime(delivery.createdAt)}, with the same webhook-id.` });
      announce("Delivery queued again");
    } catch (caught) {
      setOutcome({ kind: "error", text: errorMessage(caught) });
      // Pending already (sent again elsewhere, or retrying): show it as it is now.
      if (caught instanceof ApiError && caught.code === "DELIVERY_PENDING") setTick((value) => value + 1);
    } finally {
      setReplaying(null);
      requestAnimationFrame(() => outcomeBox.current?.focus());
    }
  };

  const heading = (
    <div className="row webhook-log-header">
      <h4>Deliveries</h4>
      <button type="button" className="button-secondary" onClick={() => setTick((value) => value + 1)}>
        Refresh<span className="visually-hidden"> deliveries of {webhook.url}</span>
      </button>
    </div>
  );
  if (!log) {
    return (
      <div className="webhook-log">
        {heading}
        {error ? <ErrorNotice error={error} /> : <Loading label="Loading deliveries…" />}
      </div>
    );
  }
  return (
    <div className="webhook-log">
      {heading}
      <div ref={outcomeBox} tabIndex={-1}>
        {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
      </div>
      <ErrorNotice error={error} />
      {log.items.length === 0 ? (
        <p className="empty">No deliveries yet. Events are listed here as they are sent; “Send test event” sends one now.</p>
      ) : (
        <>
          <p className="hint" ref={countLine} tabIndex={-1} role="status">
            {log.items.length < log.total
              ? `The latest ${log.items.length} of ${log.total} deliveries`
              : `${log.total} ${log.total === 1 ? "delivery" : "deliveries"}`}
          </p>
          <DataTable
            caption={`Deliveries to ${webhook.url}`}
            columns={["Event", "Status", "Attempts", "Response", "Duration", "Sent", "Actions"]}
            className="webhook-deliveries"
          >
            {log.items.map((delivery) => (
              <tr key={delivery.id}>
                <td>
                  <code>{delivery.eventType}</code>
                </td>
                <td>
                  <span className={`pill ${STATUS_PILLS[delivery.status]}`}>{DELIVERY_STATUS_LABELS[delivery.status]}</span>
                  {delivery.status === "pending" && delivery.nextAttemptAt && (
                    <span className="hint webhook-next"> next attempt {dateTime(delivery.nextAttemptAt)}</span>
                  )}
                </td>
                <td>{delivery.attempts}</td>
                <td>
                  {delivery.responseCode ?? (delivery.attempts > 0 ? "No answer" : "—")}
                  {delivery.error && <span className="hint webhook-error"> {delivery.error}</span>}
                </td>
                <td>{durationText(delivery.durationMs)}</td>
                <td>
                  <RelativeTime iso={delivery.createdAt} />
                </td>
                <td className="row">
                  {delivery.status !== "pending" && (
                    <button type="button" className="button-secondary button-small" onClick={() => void replay(delivery)} disabled={replaying !== null}>
                      {replaying === delivery.id ? "Replaying…" : "Replay"}
                      <span className="visually-hidden">
                        {" "}
                        {delivery.eventType} of {dateTime(delivery.createdAt)}
                      </span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          {log.items.length < log.total && (
            <button type="button" className="button-secondary" onClick={() => void loadMore()} disabled={loadingMore}>
              {loadingMore ? "Loading…" : "Load more deliveries"}
            </button>
          )}
        </>
      )}
    </div>
  );
}
