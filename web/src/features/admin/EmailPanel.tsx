import { useEffect, useState, type FormEvent } from "react";
import { api, errorMessage } from "../../shared/api";
import type { EmailQueue } from "../../shared/types";
import { announce, DataTable, ErrorNotice, Field, Loading, Notice, useLoad } from "../../shared/ui";

const REFRESH_MS = 10_000;

/** The email queue (metrics, failed jobs with retry) and the admin's direct email. */
export function EmailPanel() {
  const queue = useLoad((signal) => api.get<EmailQueue>("/admin/email-queue", undefined, signal), []);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const timer = setInterval(queue.reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [queue.reload]);

  const retry = async (id: string) => {
    setError(null);
    try {
      await api.post(`/admin/email-queue/${encodeURIComponent(id)}/retry`);
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
            <DataTable caption="Failed email jobs" columns={["Job", "Reason", "Attempts", "Failed at", "Actions"]}>
              {queue.data.recentJobs.failed.map((job) => (
                <tr key={job.id}>
                  <td>
                    {job.name} <span className="hint">#{job.id}</span>
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
    const recipients = to.split(/[\s,;]+/).map((item) => item.trim()).filter(Boolean);
    try {
      const result = await api.post<{ queued: number }>("/admin/emails", { to: recipients, subject: subject.trim(), body });
      setMessage({ kind: "success", text: `Queued ${result.queued} email${result.queued === 1 ? "" : "s"}.` });
      setTo("");
      setSubject("");
      setBody("");
    } catch (caught) {
      setMessage({ kind: "error", text: errorMessage(caught) });
    }
  };
  return (
    <form onSubmit={submit} className="card" aria-labelledby="direct-heading">
      <h2 id="direct-heading">Send an email</h2>
      <Field label="To" hint="Email addresses or user ids, separated by commas.">{(props) => <input {...props} value={to} onChange={(event) => setTo(event.target.value)} required />}</Field>
      <Field label="Subject">{(props) => <input {...props} value={subject} onChange={(event) => setSubject(event.target.value)} required maxLength={200} />}</Field>
      <Field label="Message">{(props) => <textarea {...props} rows={6} value={body} onChange={(event) => setBody(event.target.value)} required />}</Field>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <button type="submit">Queue email</button>
    </form>
  );
}
