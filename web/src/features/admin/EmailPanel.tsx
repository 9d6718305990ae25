import { useEffect, useState, type FormEvent } from "react";
import { ApiError, errorMessage } from "../../shared/api";
import { announce, DataTable, ErrorNotice, Field, Loading, Notice, useLoad } from "../../shared/ui";
import { getEmailQueue, retryEmailJob, sendDirectEmail, type EmailDelivery, type EmailQueue } from "./api";

const REFRESH_MS = 10_000;

const count = (value: number) => value.toLocaleString("en-US");

/** Says in plain words when queued emails are not being sent, how to change that, and what the in-memory queue dropped. */
function DeliveryStatus({ delivery }: { delivery: EmailDelivery }) {
  const memory = delivery.queue === "memory";
  return (
    <>
      {delivery.workerRunning === false && (
        <Notice kind="warning">
          <strong>Emails are not being sent.</strong> No email worker is running, so queued emails wait here and nobody receives them.{" "}
          {memory ? (
            <>
              Ask whoever runs this service for you to turn on email sending: it needs an email worker and a shared queue (Redis). The emails waiting now are
              kept in this server&apos;s memory only: turning sending on restarts the server, and they are lost then.
            </>
          ) : (
            <>Ask whoever runs this service for you to start its email worker (the queue is already set up). Waiting emails go out once a worker runs.</>
          )}
        </Notice>
      )}
      {delivery.workerRunning === null && (
        <Notice kind="info">It could not be checked whether an email worker is running (the Redis server does not list its clients).</Notice>
      )}
      {memory && delivery.maxWaiting !== null && (
        <Notice kind={delivery.dropped > 0 ? "warning" : "info"}>
          This development queue keeps only the newest {count(delivery.maxWaiting)} waiting emails (all organisations together).
          {delivery.dropped > 0 && (
            <>
              {" "}
              {count(delivery.dropped)} older {delivery.dropped === 1 ? "email" : "emails"} of this organisation {delivery.dropped === 1 ? "was" : "were"}{" "}
              dropped and will never be sent.
            </>
          )}
        </Notice>
      )}
    </>
  );
}

type EmailJob = EmailQueue["recentJobs"]["failed"][number];

/** What each job sends, in words; its technical name stays beside it, as the server's logs use it. */
const JOB_LABELS: Record<EmailJob["name"], string> = {
  "question-answered": "Question answered",
  "question-answered-slack": "Question answered (Slack)",
  "pulse-invite": "Pulse invite",
  "pulse-invite-slack": "Pulse invite (Slack)",
  "direct-email": "Email from an admin",
  "webhook-disabled": "Webhook disabled (to admins)",
};

/** Who a job is for. The answered email of an anonymous question does not say: its author is shown to nobody. */
function Recipients({ job }: { job: EmailJob }) {
  if (job.recipientHidden) return <span className="hint">hidden: the author of an anonymous question</span>;
  return <>{job.to?.length ? job.to.join(", ") : "—"}</>;
}

/** The email queue (metrics, failed jobs with retry) and the admin's direct email. */
export function EmailPanel() {
  const queue = useLoad((signal) => getEmailQueue(signal), []);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const timer = setInterval(queue.reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [queue.reload]);

  const retry = async (id: string) => {
    setError(null);
    try {
      await retryEmailJob(id);
      announce("Job queued again");
      queue.reload();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const metrics = queue.data?.metrics;
  return (
    <section>
      <h1>Email</h1>
      <ErrorNotice error={queue.error} />
      {!queue.data && queue.loading && <Loading />}
      {queue.data?.delivery && <DeliveryStatus delivery={queue.data.delivery} />}
      {metrics && (
        <div className="metrics">
          {(["waiting", "active", "completed", "failed"] as const).map((key) => (
            <div className="metric" key={key}>
              <div className="metric-value">{metrics[key]}</div>
              <div className="metric-label">{key}</div>
            </div>
          ))}
        </div>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      {queue.data && (
        <section aria-labelledby="failed-heading">
          <h2 id="failed-heading">Failed jobs</h2>
          {queue.data.recentJobs.failed.length === 0 ? (
            <p className="empty">No failed jobs.</p>
          ) : (
            <DataTable caption="Failed email jobs" columns={["Job", "To", "Reason", "Attempts", "Failed at", "Actions"]}>
              {queue.data.recentJobs.failed.map((job) => (
                <tr key={job.id}>
                  <td>
                    {JOB_LABELS[job.name]}{" "}
                    <span className="hint">
                      {job.name} #{job.id}
                    </span>
                  </td>
                  <td>
                    <Recipients job={job} />
                  </td>
                  <td>{job.failedReason}</td>
                  <td>{job.attemptsMade}</td>
                  <td>{job.finishedOn ? new Date(job.finishedOn).toLocaleString() : "—"}</td>
                  <td>
                    <button type="button" className="button-small" onClick={() => void retry(job.id)} aria-label={`Retry job ${job.id}`}>
                      Retry
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </section>
      )}
      <DirectEmail />
    </section>
  );
}

function DirectEmail() {
  const [to, setTo] = useState("");
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const recipients = to
      .split(/[\s,;]+/)
      .map((item) => item.trim())
      .filter(Boolean);
    try {
      const result = await sendDirectEmail({ to: recipients, subject: subject.trim(), body });
      setMessage({ kind: "success", text: `Queued ${result.queued} email${result.queued === 1 ? "" : "s"}.` });
      setTo("");
      setSubject("");
      setBody("");
    } catch (caught) {
      setMessage({ kind: "error", text: sendError(caught) });
    }
  };
  return (
    <form onSubmit={submit} className="card" aria-labelledby="direct-heading">
      <h2 id="direct-heading">Send an email</h2>
      <Field label="To" hint="Email addresses or user ids, separated by commas.">
        {(props) => <input {...props} value={to} onChange={(event) => setTo(event.target.value)} required />}
      </Field>
      <Field label="Subject">
        {(props) => <input {...props} value={subject} onChange={(event) => setSubject(event.target.value)} required maxLength={200} />}
      </Field>
      <Field label="Message">{(props) => <textarea {...props} rows={6} value={body} onChange={(event) => setBody(event.target.value)} required />}</Field>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <button type="submit">Queue email</button>
    </form>
  );
}

/** The hourly recipient limit: the server's sentence (the limit, what is left) and the wait in minutes, not seconds. */
function sendError(error: unknown): string {
  if (error instanceof ApiError && error.code === "RATE_LIMITED" && error.retryAfter) {
    const minutes = Math.ceil(error.retryAfter / 60);
    return `${error.message} Try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}, or send to fewer people.`;
  }
  return errorMessage(error);
}
